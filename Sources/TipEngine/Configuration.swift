/// `Tips.ConfigureOption.displayFrequency` (spec rule 26).
package enum DisplayFrequency: String, Hashable, Sendable, CaseIterable {
  case immediate, hourly, daily, weekly, monthly

  /// The cool-down after a first appearance, or nil for `immediate`. Months are
  /// `Policies.monthLength` long (rule 26 [P]).
  package func interval(monthLength: TimeSpan) -> TimeSpan? {
    switch self {
    case .immediate: nil
    case .hourly: .hours(1)
    case .daily: .days(1)
    case .weekly: .weeks(1)
    case .monthly: monthLength
    }
  }
}

/// What `Tips.configure` was given, plus the simulator's policy choices and the testing
/// overrides in force.
package struct Configuration: Hashable, Sendable {
  package var frequency: DisplayFrequency
  package var policies: Policies
  package var testing: TestingOverrides

  package init(frequency: DisplayFrequency = .immediate, policies: Policies = Policies(), testing: TestingOverrides = TestingOverrides()) {
    self.frequency = frequency
    self.policies = policies
    self.testing = testing
  }
}

/// TipKit's four testing calls (spec rule 33), accumulated.
package struct TestingOverrides: Hashable, Sendable {
  package var showAll = false
  package var hideAll = false
  package var show: [String] = []
  package var hide: [String] = []

  package init() {}

  package var isEmpty: Bool { !showAll && !hideAll && show.isEmpty && hide.isEmpty }

  /// The override in force for a tip, by the precedence of rule 33:
  /// showTips > hideTips > showAll > hideAll.
  package func override(for tipName: String, id: String) -> TestingOverride? {
    if show.contains(tipName) || show.contains(id) { return .showTips }
    if hide.contains(tipName) || hide.contains(id) { return .hideTips }
    if showAll { return .showAll }
    if hideAll { return .hideAll }
    return nil
  }
}

/// One of TipKit's testing calls, as it applies to one tip (rule 33).
package enum TestingOverride: String, Hashable, Sendable {
  case showTips = "showTipsForTesting"
  case hideTips = "hideTipsForTesting"
  case showAll = "showAllTipsForTesting"
  case hideAll = "hideAllTipsForTesting"

  package var shows: Bool { self == .showTips || self == .showAll }
}
