import TipEngine

/// The answer to `why TIP` (spec rule 43): every rule with its values, every gate, the policy
/// choices that applied, and the earliest instant at which time alone changes the answer —
/// or the actions that can.
public struct Explanation: Hashable, Sendable {
  public var tip: String
  public var id: String
  public var title: String
  public var at: Instant
  public var decision: Decision
  public var placement: Placement?
  public var onScreen: Bool
  /// What presentation adds: group, popover slot, tapped away, screen not open.
  public var presentation: [Suppression]
  /// Bound parameters read by the rules, with the external value now.
  public var bindings: [BindingReading]
  /// What `when` reactions did to the tip and to what its rules read: last set a parameter,
  /// last donated an event, invalidated it.
  public var reactionEffects: [ReactionEffect] = []
  public var frequency: DisplayFrequency
  /// Whether the frequency gate applies to this tip (never appeared, does not ignore it).
  public var frequencyApplies: Bool
  public var ignoresDisplayFrequency: Bool
  public var displays: Int
  public var maximumDisplays: Int?
  public var displayTime: TimeSpan
  public var maximumDuration: TimeSpan?
  public var durationLimitAt: Instant?
  public var groups: [GroupState]
  public var policies: [AppliedPolicy]
  /// The earliest change by time alone, or nil.
  public var nextChange: TipEngine.StatusChange?
  /// When time alone changes nothing: what would.
  public var actions: [ActionHint]
  /// Why neither time nor any action makes it available (`World.neverAvailable`), or nil.
  public var neverAvailable: String?
  /// What the team calls the events and parameters its rules read (`label "…"`), by name.
  public var labels: [String: String] = [:]
  /// The OS the device runs, and the APIs this tip would use that it lacks (rule 44).
  public var os = OSVersion.latest
  public var runsWithout: [TipKitAPI] = []
}

/// A bound parameter as a rule read it, and the store's value now.
public struct BindingReading: Hashable, Sendable {
  public var parameter: String
  public var key: StoreKey
  public var storeValue: Value?
}

/// A group the tip belongs to and who is current in it.
public struct GroupState: Hashable, Sendable {
  public var name: String
  public var priority: TipGroup.Priority
  public var current: String?
  public var blockedBy: String?
}

/// A [P] policy that applied to the decision, with its rule number.
public struct AppliedPolicy: Hashable, Sendable {
  public var name: String
  public var value: String
  public var rule: Int
}

/// Something the `when` reaction of a line did that a tip's answer depends on.
public struct ReactionEffect: Hashable, Sendable {
  public enum Kind: String, Hashable, Sendable {
    case set, donated, invalidated
  }
  /// The parameter, the event or the tip.
  public var subject: String
  public var kind: Kind
  /// The reaction's `when` line.
  public var place: ScenarioPlace

  public init(subject: String, kind: Kind, place: ScenarioPlace) {
    self.subject = subject
    self.kind = kind
    self.place = place
  }
}
