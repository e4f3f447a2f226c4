/// The engine's answer for one tip at one instant: its status and, when it is not available,
/// every reason that holds it back with the values that decided it (spec rules 3, 4, 43).
public struct Decision: Hashable, Sendable {
  public var tip: String
  /// The status the app would read, testing overrides applied (rule 33).
  public var status: TipStatus
  /// The status stored in the datastore, before overrides.
  public var storedStatus: TipStatus
  /// The testing override in force for this tip, if any.
  public var override: TestingOverride?
  /// Every rule of the tip, evaluated, with the values it read.
  public var rules: [RuleEvaluation]
  /// Empty exactly when the tip is available.
  public var holds: [Hold]

  /// `shouldDisplay == (status == available)` (rule 4).
  public var shouldDisplay: Bool { status == .available }
}

/// One reason a tip is not available.
public enum Hold: Hashable, Sendable {
  /// TipKit is not configured: the app has not launched (rule 25).
  case notConfigured
  /// A hide override is in force (rule 33).
  case hiddenForTesting(TestingOverride)
  /// The tip was invalidated (rules 5, 6).
  case invalidated(InvalidationReason, at: Instant?)
  /// These rules are false (rule 19).
  case rules([RuleEvaluation])
  /// The display-frequency interval has not passed and the tip has never appeared (rules 26–28).
  case frequency(FrequencyHold)
}

/// The deciding values of a frequency hold.
public struct FrequencyHold: Hashable, Sendable {
  public var frequency: DisplayFrequency
  public var intervalStart: Instant
  public var intervalEnd: Instant
  /// The tip whose appearance started the interval.
  public var startedBy: String?
}

/// A rule's value now and the values it read.
public struct RuleEvaluation: Hashable, Sendable {
  public var rule: Expression
  public var holds: Bool
  public var readings: [Reading]

  /// The bound parameters this rule read, for the `boundParameter` reason.
  public var boundReadings: [Reading] {
    readings.filter {
      if case .parameter(_, _, _, let bound) = $0 { return bound != nil }
      return false
    }
  }
}

/// One value a rule read.
public enum Reading: Hashable, Sendable {
  /// A parameter's value, where it came from, and the external key it mirrors, if bound.
  case parameter(name: String, value: Value, source: ParameterSource, boundTo: String?)
  /// An event aggregate's value now.
  case aggregate(EventAggregate, value: Int)
}

/// Where a parameter's current value came from (rules 9, 10).
public enum ParameterSource: Hashable, Sendable {
  /// Never written, or reset: the declared default.
  case defaultValue
  /// Written at that instant (and persisted since, rule 9).
  case written(at: Instant)
}
