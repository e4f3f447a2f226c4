import Testing
import TipEngine

/// Spec section 1: tips and their status.
@Suite struct StatusRulesTests {
  @Test func rule1_tipsWithTheSameIDShareAllPersistedState() throws {
    var engine = makeEngine(tips: [tip("a", id: "Shared"), tip("b", id: "Shared"), tip("c")])
    display(&engine, "a", at: t0)
    #expect(engine.record(of: "b").displayCount == 1)
    try engine.invalidate("b", reason: .tipClosed, at: t0)
    #expect(engine.status(of: "a", at: t0) == .invalidated(.tipClosed))
    #expect(engine.status(of: "c", at: t0) == .available)
  }

  @Test func rule2_statusIsPendingAvailableOrInvalidated() throws {
    var engine = makeEngine(
      tips: [tip("p", rules: [eq(param("on"), .bool(true))]), tip("a"), tip("i")],
      parameters: [ParameterDefinition(name: "on", defaultValue: .bool(false))])
    try engine.invalidate("i", reason: .actionPerformed, at: t0)
    #expect(engine.status(of: "p", at: t0) == .pending)
    #expect(engine.status(of: "a", at: t0) == .available)
    #expect(engine.status(of: "i", at: t0) == .invalidated(.actionPerformed))
  }

  @Test func rule3_rulesThatHoldButFrequencyHoldsBackArePending() {
    var engine = makeEngine(tips: [tip("first"), tip("second")], frequency: .daily)
    display(&engine, "first", at: t0)
    let decision = engine.decision(for: "second", at: t0 + .hours(1))
    #expect(decision.status == .pending)
    #expect(decision.rules.allSatisfy { $0.holds })
    guard case .frequency(let hold)? = decision.holds.first else {
      Issue.record("expected a frequency hold, got \(decision.holds)")
      return
    }
    #expect(hold.intervalEnd == t0 + .days(1))
    #expect(hold.startedBy == "first")
  }

  @Test func rule4_shouldDisplayIsExactlyStatusAvailable() throws {
    var engine = makeEngine(tips: [tip("a"), tip("b")])
    try engine.invalidate("b", reason: .tipClosed, at: t0)
    for name in ["a", "b"] {
      let d = engine.decision(for: name, at: t0)
      #expect(d.shouldDisplay == (d.status == .available))
      #expect(d.holds.isEmpty == d.shouldDisplay)
    }
  }

  /// `shouldDisplay(tipAt:at:)` answers without explaining (population's quiet users ask it):
  /// the same yes or no as the decision, case by case. `holds(forTipAt:at:)`, which
  /// presentation asks without the rules that hold, gives the decision's holds.
  @Test func rule4_theUnexplainedAnswerIsTheDecisions() throws {
    let flag = ParameterDefinition(name: "flag", defaultValue: .bool(false))
    let either = Expression.or(eq(param("flag"), .bool(true)), ge(.aggregate(EventAggregate(event: "e")), 1))
    var engine = makeEngine(
      tips: [tip("plain"), tip("ruled", rules: [eq(param("flag"), .bool(true))]), tip("either", rules: [either]), tip("waiting")],
      parameters: [flag], events: [EventDefinition(id: "e")], frequency: .daily)
    func agree(_ expected: [String: Bool], _ note: Comment) {
      for (name, shows) in expected.sorted(by: { $0.key < $1.key }) {
        let decision = engine.decision(for: name, at: t0 + .hours(1))
        #expect(decision.shouldDisplay == shows, note)
        // A name no tip has is only the model's to answer.
        guard let index = engine.catalog.index(ofTip: name) else { continue }
        #expect(engine.shouldDisplay(tipAt: index, at: t0 + .hours(1)) == shows, note)
        let lean = engine.holds(forTipAt: index, at: t0 + .hours(1))
        #expect(lean.holds == decision.holds && lean.shouldDisplay == shows, note)
      }
    }
    agree(["plain": true, "ruled": false, "either": false, "waiting": true, "unknown": false], "rules decide")
    _ = try engine.donate("e", at: t0)
    agree(["either": true], "the second side of `or` decides")
    display(&engine, "plain", at: t0)
    agree(["plain": true, "waiting": false], "the frequency interval holds back a tip that never appeared")
    try engine.invalidate("plain", reason: .tipClosed, at: t0)
    agree(["plain": false], "invalidated")
    engine.configuration.testing.show = ["plain"]
    engine.configuration.testing.hide = ["ruled"]
    agree(["plain": true, "ruled": false], "testing overrides")
    engine.terminate(at: t0 + .minutes(30))
    agree(["plain": false, "either": false], "not configured")
  }

  @Test(arguments: InvalidationReason.allCases)
  func rule5_anyCallerMayInvalidateWithAnyReason(reason: InvalidationReason) throws {
    var engine = makeEngine(tips: [tip("a")])
    #expect(try engine.invalidate("a", reason: reason, at: t0))
    #expect(engine.status(of: "a", at: t0) == .invalidated(reason))
    // The first reason stays.
    #expect(try engine.invalidate("a", reason: .tipClosed, at: t0) == false)
    #expect(engine.status(of: "a", at: t0) == .invalidated(reason))
  }

  @Test func rule6_invalidationIsPermanentWhateverTheRulesDo() throws {
    var engine = makeEngine(
      tips: [tip("a", rules: [eq(param("on"), .bool(true))])], parameters: [ParameterDefinition(name: "on", defaultValue: .bool(true))])
    try engine.invalidate("a", reason: .actionPerformed, at: t0)
    _ = try engine.setParameter("on", to: .bool(false), at: t0 + .seconds(1))
    _ = try engine.setParameter("on", to: .bool(true), at: t0 + .seconds(2))
    engine.terminate(at: t0 + .days(300))
    engine.configure(at: t0 + .days(300))
    #expect(engine.status(of: "a", at: t0 + .days(300)) == .invalidated(.actionPerformed))
  }

  @Test func rule7_resetEligibilityReturnsToRulesAndKeepsHistory() throws {
    var engine = makeEngine(tips: [tip("a", options: TipOptions(maxDisplayCount: 1))])
    display(&engine, "a", at: t0, for: .seconds(5))
    #expect(engine.status(of: "a", at: t0) == .invalidated(.displayCountExceeded))
    try engine.resetEligibility("a", at: t0 + .seconds(10))
    #expect(engine.status(of: "a", at: t0 + .seconds(10)) == .available)
    #expect(engine.record(of: "a").displayCount == 1)
    // The count limit applies to the displays after the reset.
    display(&engine, "a", at: t0 + .seconds(20))
    #expect(engine.record(of: "a").displayCount == 2)
    #expect(engine.status(of: "a", at: t0 + .seconds(20)) == .invalidated(.displayCountExceeded))
  }
}
