import TipEngine

/// The answer to `why TIP` (spec rule 43): every rule with its values, every gate, the policy
/// choices that applied, and the earliest instant at which time alone changes the answer —
/// or the actions that can.
package struct Explanation: Hashable, Sendable {
  package var tip: String
  package var id: String
  package var title: String
  package var at: Instant
  package var decision: Decision
  package var placement: Placement?
  package var onScreen: Bool
  /// What presentation adds: group, popover slot, tapped away, screen not open.
  package var presentation: [Suppression]
  /// Bound parameters read by the rules, with the external value now.
  package var bindings: [BindingReading]
  package var frequency: DisplayFrequency
  /// Whether the frequency gate applies to this tip (never appeared, does not ignore it).
  package var frequencyApplies: Bool
  package var ignoresDisplayFrequency: Bool
  package var displays: Int
  package var maximumDisplays: Int?
  package var displayTime: TimeSpan
  package var maximumDuration: TimeSpan?
  package var durationLimitAt: Instant?
  package var groups: [GroupState]
  package var policies: [AppliedPolicy]
  /// The earliest change by time alone, or nil.
  package var nextChange: TipEngine.StatusChange?
  /// When time alone changes nothing: what would.
  package var actions: [String]
}

/// A bound parameter as a rule read it, and the store's value now.
package struct BindingReading: Hashable, Sendable {
  package var parameter: String
  package var key: StoreKey
  package var storeValue: Value?
}

/// A group the tip belongs to and who is current in it.
package struct GroupState: Hashable, Sendable {
  package var name: String
  package var priority: TipGroup.Priority
  package var current: String?
  package var blockedBy: String?
}

/// A [P] policy that applied to the decision, with its rule number.
package struct AppliedPolicy: Hashable, Sendable {
  package var name: String
  package var value: String
  package var rule: Int
}
