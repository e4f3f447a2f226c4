/// What TipKit persists: tip records, parameter values, donations and the display-frequency
/// interval. Separate from the definitions, so it can be saved, loaded and synced
/// (spec rules 9, 34, 39).
public struct Datastore: Hashable, Sendable {
  /// Keyed by tip id: tips sharing an id share a record (rule 1).
  public var tips: SlotMap<TipRecord> = [:]
  public var parameters: SlotMap<ParameterRecord> = [:]
  /// Keyed by event id: every tip naming an event shares its log (rule 14).
  public var events: SlotMap<DonationLog> = [:]
  /// The start of the current display-frequency interval (rules 26, 28), and the tip whose
  /// appearance started it.
  public var intervalStart: Instant?
  public var intervalStartedBy: String?

  public init() {}
}

/// What TipKit keeps about one tip id.
public struct TipRecord: Hashable, Sendable {
  public var invalidation: InvalidationReason?
  public var invalidatedAt: Instant?
  /// How many times the tip has appeared, forced displays included (rule 27).
  public var displayCount = 0
  public var firstDisplayedAt: Instant?
  public var lastDisplayedAt: Instant?
  /// On-screen time of the displays that have ended (rule 24).
  public var closedDisplayTime = TimeSpan.zero
  /// The start of the display in progress, if the tip is on screen now.
  public var displayStartedAt: Instant?
  /// The display history before the last `resetEligibility`: it is kept (rule 7), and the
  /// count and duration limits apply to what came after it.
  public var displayCountBaseline = 0
  public var displayTimeBaseline = TimeSpan.zero
  /// When the record last changed, for last-writer-wins sync (rule 39).
  public var modifiedAt: Instant?
  /// How many changes the record has seen; breaks ties between changes at the same instant.
  public var version = 0

  public init() {}

  public var hasAppeared: Bool { displayCount > 0 }

  /// Total on-screen time at `now`, the display in progress included (rule 24).
  public func displayTime(at now: Instant) -> TimeSpan {
    guard let start = displayStartedAt, now > start else { return closedDisplayTime }
    return closedDisplayTime + (now - start)
  }

  /// Displays that count towards `MaxDisplayCount`: those since the last `resetEligibility`.
  public var countedDisplays: Int { displayCount - displayCountBaseline }
}

/// A parameter's persisted value (rule 9).
public struct ParameterRecord: Hashable, Sendable {
  public var value: Value
  public var setAt: Instant
  public init(value: Value, setAt: Instant) {
    self.value = value
    self.setAt = setAt
  }
}
