/// A tip as the app's code declares it (spec rule 1).
public struct TipDefinition: Hashable, Sendable {
  /// The name the scenario uses for the tip.
  public var name: String
  /// The persisted id; two tips with the same id share all persisted state (rule 1).
  public var id: String
  public var title: String
  public var message: String?
  public var imageName: String?
  public var actions: [TipAction]
  /// ANDed (rule 19).
  public var rules: [Expression]
  public var options: TipOptions

  public init(
    name: String, id: String? = nil, title: String, message: String? = nil, imageName: String? = nil,
    actions: [TipAction] = [], rules: [Expression] = [], options: TipOptions = TipOptions()
  ) {
    self.name = name
    self.id = id ?? name
    self.title = title
    self.message = message
    self.imageName = imageName
    self.actions = actions
    self.rules = rules
    self.options = options
  }
}

/// A button on a tip. Tapping it does not invalidate the tip by itself (rule 8).
public struct TipAction: Hashable, Sendable {
  /// The action's id; an action declared without one gets its index (rule 8).
  public var id: String
  public var title: String

  public init(id: String, title: String) {
    self.id = id
    self.title = title
  }
}

/// `Tips.MaxDisplayCount`, `Tips.IgnoresDisplayFrequency`, `Tips.MaxDisplayDuration`
/// (spec rules 21–24).
public struct TipOptions: Hashable, Sendable {
  public var maxDisplayCount: Int?
  public var ignoresDisplayFrequency: Bool
  public var maxDisplayDuration: TimeSpan?

  public init(maxDisplayCount: Int? = nil, ignoresDisplayFrequency: Bool = false, maxDisplayDuration: TimeSpan? = nil) {
    self.maxDisplayCount = maxDisplayCount
    self.ignoresDisplayFrequency = ignoresDisplayFrequency
    self.maxDisplayDuration = maxDisplayDuration
  }
}

/// A `@Parameter` (spec section 2).
public struct ParameterDefinition: Hashable, Sendable {
  public var name: String
  public var defaultValue: Value
  /// Reset to the default on each launch (rule 10).
  public var isTransient: Bool
  /// The external key this parameter mirrors (`defaults.showMemoTip`), so that explanations
  /// can name where a value came from. The engine itself never reads the store.
  public var boundTo: String?

  public init(name: String, defaultValue: Value, isTransient: Bool = false, boundTo: String? = nil) {
    self.name = name
    self.defaultValue = defaultValue
    self.isTransient = isTransient
    self.boundTo = boundTo
  }

  public var type: ValueType { defaultValue.type }
}

/// A `Tips.Event` (spec section 3): keyed by id only, one donation log per id (rule 14).
public struct EventDefinition: Hashable, Sendable {
  public var id: String
  /// The fields a donation of this event may carry.
  public var fields: [String]
  public var limit: DonationLimit

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

/// A `TipGroup` (spec section 7).
public struct TipGroup: Hashable, Sendable {
  public enum Priority: String, Hashable, Sendable, CaseIterable {
    /// The first available member is current (rule 30).
    case firstAvailable
    /// The first member that is not invalidated is current, if available (rule 31).
    case ordered
  }

  public var name: String
  public var priority: Priority
  /// Tip names, in the group's order.
  public var members: [String]

  public init(name: String, priority: Priority = .firstAvailable, members: [String]) {
    self.name = name
    self.priority = priority
    self.members = members
  }
}
