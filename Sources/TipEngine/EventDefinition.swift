/// A `Tips.Event` (spec section 3): keyed by id only, one donation log per id (rule 14).
public struct EventDefinition: Hashable, Sendable {
  public var id: String
  /// The fields a donation of this event may carry.
  public var fields: [String]
  public var limit: DonationLimit
  /// `label "made a meal plan"`: what the team calls it, as a past-tense phrase, in the words
  /// of a report and a plan (the engine never reads it).
  public var label: String?

  public init(id: String, fields: [String] = [], limit: DonationLimit = DonationLimit()) {
    self.id = id
    self.fields = fields
    self.limit = limit
  }
}

/// `DonationLimit(maximumCount:maximumAge:)` (rule 18): what is stored and what rules see.
public struct DonationLimit: Hashable, Sendable {
  /// By default rules see the most recent 1000 donations (rule 18).
  public static let defaultMaximumCount = 1000

  public var maximumCount: Int
  public var maximumAge: TimeSpan?

  public init(maximumCount: Int = DonationLimit.defaultMaximumCount, maximumAge: TimeSpan? = nil) {
    self.maximumCount = maximumCount
    self.maximumAge = maximumAge
  }
}
