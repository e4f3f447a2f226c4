import Testing
import TipEngine

/// Spec sections 6, 7, 8 and 12: configuration, frequency, groups, overrides, reasons.
@Suite struct FrequencyAndOverrideTests {
  @Test func rule25_noTipShowsBeforeConfiguration() {
    var engine = makeEngine(tips: [tip("a")], configured: false)
    #expect(engine.status(of: "a", at: t0) == .pending)
    #expect(engine.decision(for: "a", at: t0).holds == [.notConfigured])
    #expect(engine.configuration.frequency == .immediate)
    engine.configure(at: t0)
    #expect(engine.status(of: "a", at: t0) == .available)
  }

  @Test(arguments: [
    (DisplayFrequency.hourly, TimeSpan.hours(1)), (.daily, .days(1)), (.weekly, .weeks(1)), (.monthly, .days(30)),
  ])
  func rule26_aNewTipMayAppearOnceTheRollingIntervalHasPassed(frequency: DisplayFrequency, interval: TimeSpan) {
    var engine = makeEngine(tips: [tip("first"), tip("new")], frequency: frequency)
    let shown = t0 + .seconds(37)
    display(&engine, "first", at: shown)
    #expect(engine.status(of: "new", at: shown + interval - .seconds(1)) == .pending)
    #expect(engine.status(of: "new", at: shown + interval) == .available)
    #expect(engine.nextChange(after: shown) == shown + interval)
  }

  @Test func rule26_immediateHasNoInterval() {
    var engine = makeEngine(tips: [tip("first"), tip("new")], frequency: .immediate)
    display(&engine, "first", at: t0)
    #expect(engine.status(of: "new", at: t0) == .available)
    #expect(engine.nextChange(after: t0) == nil)
  }

  @Test func rule26_monthLengthPolicy() {
    var engine = makeEngine(tips: [tip("first"), tip("new")], frequency: .monthly)
    engine.configuration.policies.monthLength = .days(31)
    display(&engine, "first", at: t0)
    #expect(engine.status(of: "new", at: t0 + .days(30)) == .pending)
    #expect(engine.status(of: "new", at: t0 + .days(31)) == .available)
  }

  @Test func rule27_frequencyAppliesOnlyToTipsThatNeverAppeared() {
    var engine = makeEngine(tips: [tip("old"), tip("other"), tip("new")], frequency: .daily)
    display(&engine, "old", at: t0)
    display(&engine, "other", at: t0 + .days(1))
    // "old" has appeared: it shows again at once, though other's appearance restarted the interval.
    #expect(engine.status(of: "old", at: t0 + .days(1) + .seconds(1)) == .available)
    #expect(engine.status(of: "new", at: t0 + .days(1) + .seconds(1)) == .pending)
  }

  @Test func rule28_firstAppearancesStartTheIntervalButForcedDisplaysDoNot() {
    var engine = makeEngine(
      tips: [tip("a"), tip("ignoring", options: TipOptions(ignoresDisplayFrequency: true)), tip("forced"), tip("new")], frequency: .daily)
    let first = engine.beginDisplay(of: "ignoring", at: t0)
    #expect(first.startedInterval)
    _ = engine.endDisplay(of: "ignoring", at: t0)
    // A re-appearance does not restart it under the default policy.
    let again = engine.beginDisplay(of: "ignoring", at: t0 + .hours(20))
    #expect(!again.startedInterval)
    _ = engine.endDisplay(of: "ignoring", at: t0 + .hours(20))
    #expect(engine.datastore.intervalStart == t0)
    // A forced display counts as an appearance but does not start the interval.
    engine.configuration.testing.show = ["forced"]
    let forced = engine.beginDisplay(of: "forced", at: t0 + .hours(21))
    #expect(forced.forced && !forced.startedInterval)
    #expect(engine.record(of: "forced").hasAppeared)
    #expect(engine.datastore.intervalStart == t0)
  }

  @Test func rule28_anyAppearanceRestartsTheInterval() {
    var engine = makeEngine(tips: [tip("a"), tip("new")], frequency: .daily)
    engine.configuration.policies.cooldownStart = .anyAppearance
    display(&engine, "a", at: t0)
    display(&engine, "a", at: t0 + .hours(20))
    #expect(engine.datastore.intervalStart == t0 + .hours(20))
    #expect(engine.status(of: "new", at: t0 + .days(1)) == .pending)
  }

  @Test func rule29_theFirstOfSimultaneousNewTipsStartsTheIntervalAndHoldsTheRest() {
    var engine = makeEngine(tips: [tip("a"), tip("b")], frequency: .daily)
    #expect(engine.status(of: "a", at: t0) == .available)
    #expect(engine.status(of: "b", at: t0) == .available)
    _ = engine.beginDisplay(of: "a", at: t0)
    #expect(engine.status(of: "b", at: t0) == .pending)
  }

  @Test func rule30_firstAvailableSelectsTheFirstAvailableMember() throws {
    let on = ParameterDefinition(name: "on", defaultValue: .bool(false))
    var engine = makeEngine(
      tips: [tip("x", rules: [eq(param("on"), .bool(true))]), tip("y")], parameters: [on],
      groups: [TipGroup(name: "g", members: ["x", "y"])])
    let group = try #require(engine.catalog.group(named: "g"))
    #expect(engine.selection(of: group, at: t0).current == "y")
    _ = try engine.setParameter("on", to: .bool(true), at: t0)
    #expect(engine.selection(of: group, at: t0).current == "x")
  }

  @Test func rule31_orderedWaitsForItsFirstNonInvalidatedMember() throws {
    let never = ParameterDefinition(name: "never", defaultValue: .bool(false))
    var engine = makeEngine(
      tips: [tip("x", rules: [eq(param("never"), .bool(true))]), tip("y"), tip("z")], parameters: [never],
      groups: [TipGroup(name: "g", priority: .ordered, members: ["x", "y", "z"])])
    let group = try #require(engine.catalog.group(named: "g"))
    #expect(engine.selection(of: group, at: t0) == TipEngine.GroupSelection(current: nil, blockedBy: "x"))
    // Membership does not change a member's status.
    #expect(engine.status(of: "y", at: t0) == .available)
    try engine.invalidate("x", reason: .actionPerformed, at: t0)
    #expect(engine.selection(of: group, at: t0).current == "y")
  }

  @Test func rule32_groupsRespectDisplayFrequency() throws {
    var engine = makeEngine(tips: [tip("w"), tip("x"), tip("y")], groups: [TipGroup(name: "g", members: ["x", "y"])], frequency: .daily)
    display(&engine, "w", at: t0)
    let group = try #require(engine.catalog.group(named: "g"))
    #expect(engine.selection(of: group, at: t0 + .hours(1)).current == nil)
    #expect(engine.selection(of: group, at: t0 + .days(1)).current == "x")
  }

  @Test(arguments: [
    // show list, hide list, showAll, hideAll → override for tip "t"
    ([String](), [String](), false, false, TestingOverride?.none),
    (["t"], ["t"], false, true, .showTips),
    ([], ["t"], true, false, .hideTips),
    ([], [], true, true, .showAll),
    ([], [], false, true, .hideAll),
    (["other"], [], false, true, .hideAll),
  ])
  func rule33_overridePrecedence(show: [String], hide: [String], showAll: Bool, hideAll: Bool, expected: TestingOverride?) {
    var overrides = TestingOverrides()
    overrides.show = show
    overrides.hide = hide
    overrides.showAll = showAll
    overrides.hideAll = hideAll
    #expect(overrides.override(for: "t", id: "t") == expected)
  }

  @Test func rule33_overridesMaskButNeverEraseTheStoredState() throws {
    let never = ParameterDefinition(name: "never", defaultValue: .bool(false))
    var engine = makeEngine(tips: [tip("gone"), tip("held", rules: [eq(param("never"), .bool(true))]), tip("free")], parameters: [never])
    try engine.invalidate("gone", reason: .tipClosed, at: t0)
    engine.configuration.testing.showAll = true
    #expect(engine.status(of: "gone", at: t0) == .available)
    #expect(engine.status(of: "held", at: t0) == .available)
    engine.configuration.testing = TestingOverrides()
    engine.configuration.testing.hideAll = true
    #expect(engine.status(of: "free", at: t0) == .pending)
    #expect(engine.status(of: "gone", at: t0) == .invalidated(.tipClosed))
    engine.configuration.testing = TestingOverrides()
    #expect(engine.status(of: "gone", at: t0) == .invalidated(.tipClosed))
    #expect(engine.status(of: "free", at: t0) == .available)
  }

  @Test func rule34_resetDatastoreErasesRecordsAndMustComeBeforeConfiguration() throws {
    let p = ParameterDefinition(name: "p", defaultValue: .int(0))
    var engine = makeEngine(tips: [tip("a")], parameters: [p], events: [EventDefinition(id: "e")])
    try engine.invalidate("a", reason: .tipClosed, at: t0)
    _ = try engine.setParameter("p", to: .int(5), at: t0)
    _ = try engine.donate("e", at: t0)
    #expect(throws: TipEngine.Refusal.resetAfterConfiguration) { try engine.resetDatastore() }
    engine.terminate(at: t0)
    try engine.resetDatastore()
    engine.configure(at: t0 + .seconds(1))
    #expect(engine.status(of: "a", at: t0 + .seconds(1)) == .available)
    #expect(engine.parameterValue("p")?.value == .int(0))
    #expect(engine.aggregateValue(EventAggregate(event: "e"), at: t0 + .seconds(1)) == 0)
  }

  @Test func rule43_everyHoldCarriesItsDecidingValues() throws {
    let flag = ParameterDefinition(name: "flag", defaultValue: .bool(false), boundTo: "defaults.flag")
    let rule = Expression.and(eq(param("flag"), .bool(true)), ge(.aggregate(EventAggregate(event: "e", within: .days(1))), 2))
    var engine = makeEngine(
      tips: [tip("first"), tip("a", rules: [rule])], parameters: [flag], events: [EventDefinition(id: "e")], frequency: .daily)
    display(&engine, "first", at: t0)
    _ = try engine.donate("e", at: t0)
    let decision = engine.decision(for: "a", at: t0)
    guard decision.holds.count == 2, case .rules(let failing) = decision.holds[0], case .frequency(let f) = decision.holds[1] else {
      Issue.record("unexpected holds \(decision.holds)")
      return
    }
    #expect(
      failing[0].readings == [
        .parameter(name: "flag", value: .bool(false), source: .defaultValue, boundTo: "defaults.flag"),
        .aggregate(EventAggregate(event: "e", within: .days(1)), value: 1),
      ])
    #expect(failing[0].boundReadings.count == 1)
    #expect(f.intervalEnd == t0 + .days(1))
    // Time alone cannot make `flag` true.
    #expect(engine.nextStatusChange(of: "a", after: t0) == nil)
  }

  @Test func rule43_theEarliestInstantTimeAloneChangesTheAnswer() throws {
    let rule = Expression.comparison(.aggregate(EventAggregate(event: "e", within: .hours(2))), .less, .literal(.int(2)))
    var engine = makeEngine(tips: [tip("quiet", rules: [rule])], events: [EventDefinition(id: "e")])
    _ = try engine.donate("e", at: t0)
    _ = try engine.donate("e", at: t0 + .minutes(30))
    #expect(engine.status(of: "quiet", at: t0 + .minutes(30)) == .pending)
    // The first donation leaving the window makes the count 1 < 2.
    #expect(
      engine.nextStatusChange(of: "quiet", after: t0 + .minutes(30)) == TipEngine.StatusChange(at: t0 + .hours(2), status: .available))
  }
}
