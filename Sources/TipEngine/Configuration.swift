/// `Tips.ConfigureOption.displayFrequency` (spec rule 26).
public enum DisplayFrequency: String, Hashable, Sendable, CaseIterable {
  case immediate, hourly, daily, weekly, monthly

  /// The cool-down after a first appearance, or nil for `immediate`. Months are
  /// `Policies.monthLength` long (rule 26 [P]).
  public func interval(monthLength: TimeSpan) -> TimeSpan? {
    switch self {
    case .immediate: nil
    case .hourly: .hours(1)
    case .daily: .days(1)
    case .weekly: .weeks(1)
    case .monthly: monthLength
    }
  }
}

/// What `Tips.configure` was given, plus the simulator's policy choices, the testing
/// overrides in force and the TipKit of the device's OS.
public struct Configuration: Hashable, Sendable {
  public var frequency: DisplayFrequency
  public var policies: Policies
  public var testing: TestingOverrides
  public var tipKit = TipKitRelease.iOS26

  public init(frequency: DisplayFrequency = .immediate, policies: Policies = Policies(), testing: TestingOverrides = TestingOverrides()) {
    self.frequency = frequency
    self.policies = policies
    self.testing = testing
  }
}

/// TipKit's four testing calls (spec rule 33), accumulated.
public struct TestingOverrides: Hashable, Sendable {
  public var showAll = false
  public var hideAll = false
  public var show: [String] = []
  public var hide: [String] = []

  public init() {}

  public var isEmpty: Bool { !showAll && !hideAll && show.isEmpty && hide.isEmpty }

  /// The override in force for a tip, by the precedence of rule 33:
  /// showTips > hideTips > showAll > hideAll.
  public func override(for tipName: String, id: String) -> TestingOverride? {
    if show.contains(tipName) || show.contains(id) { return .showTips }
    if hide.contains(tipName) || hide.contains(id) { return .hideTips }
    if showAll { return .showAll }
    if hideAll { return .hideAll }
    return nil
  }
}

/// One of TipKit's testing calls, as it applies to one tip (rule 33).
public enum TestingOverride: String, Hashable, Sendable {
  case showTips = "showTipsForTesting"
  case hideTips = "hideTipsForTesting"
  case showAll = "showAllTipsForTesting"
  case hideAll = "hideAllTipsForTesting"

  public var shows: Bool { self == .showTips || self == .showAll }
}
