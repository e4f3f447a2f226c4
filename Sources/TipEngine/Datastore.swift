/// What TipKit persists: tip records, parameter values, donations and the display-frequency
/// interval. Separate from the definitions, so it can be saved, loaded and synced
/// (spec rules 9, 34, 39).
package struct Datastore: Hashable, Sendable {
  /// Keyed by tip id: tips sharing an id share a record (rule 1).
  package var tips: SlotMap<TipRecord> = [:]
  package var parameters: SlotMap<ParameterRecord> = [:]
  /// Keyed by event id: every tip naming an event shares its log (rule 14).
  package var events: SlotMap<DonationLog> = [:]
  /// The start of the current display-frequency interval (rules 26, 28), and the tip whose
  /// appearance started it.
  package var intervalStart: Instant?
  package var intervalStartedBy: String?

  package init() {}
}

/// What TipKit keeps about one tip id.
package struct TipRecord: Hashable, Sendable {
  package var invalidation: InvalidationReason?
  package var invalidatedAt: Instant?
  /// How many times the tip has appeared, forced displays included (rule 27).
  package var displayCount = 0
  package var firstDisplayedAt: Instant?
  package var lastDisplayedAt: Instant?
  /// On-screen time of the displays that have ended (rule 24).
  package var closedDisplayTime = TimeSpan.zero
  /// The start of the display in progress, if the tip is on screen now.
  package var displayStartedAt: Instant?
  /// The display history before the last `resetEligibility`: it is kept (rule 7), and the
  /// count and duration limits apply to what came after it.
  package var displayCountBaseline = 0
  package var displayTimeBaseline = TimeSpan.zero
  /// When the record last changed, for last-writer-wins sync (rule 39).
  package var modifiedAt: Instant?
  /// How many changes the record has seen; breaks ties between changes at the same instant.
  package var version = 0

  package init() {}

  package var hasAppeared: Bool { displayCount > 0 }

  /// Total on-screen time at `now`, the display in progress included (rule 24).
  package func displayTime(at now: Instant) -> TimeSpan {
    guard let start = displayStartedAt, now > start else { return closedDisplayTime }
    return closedDisplayTime + (now - start)
  }

  /// Displays that count towards `MaxDisplayCount`: those since the last `resetEligibility`.
  package var countedDisplays: Int { displayCount - displayCountBaseline }
}

/// A parameter's persisted value (rule 9).
package struct ParameterRecord: Hashable, Sendable {
  package var value: Value
  package var setAt: Instant
  package init(value: Value, setAt: Instant) {
    self.value = value
    self.setAt = setAt
  }
}
