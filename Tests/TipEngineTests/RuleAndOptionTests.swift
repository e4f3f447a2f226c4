import Testing
import TipEngine

/// Spec sections 4 and 5: rules and options.
@Suite struct RuleAndOptionTests {
  let a = ParameterDefinition(name: "a", defaultValue: .bool(true))
  let b = ParameterDefinition(name: "b", defaultValue: .bool(false))

  @Test func rule19_rulesAreANDedAndNoRulesMeansEligibleOnceConfigured() throws {
    var engine = makeEngine(
      tips: [tip("both", rules: [eq(param("a"), .bool(true)), eq(param("b"), .bool(true))]), tip("none")], parameters: [a, b])
    let decision = engine.decision(for: "both", at: t0)
    #expect(decision.status == .pending)
    #expect(decision.rules.map(\.holds) == [true, false])
    #expect(engine.status(of: "none", at: t0) == .available)
    _ = try engine.setParameter("b", to: .bool(true), at: t0)
    #expect(engine.status(of: "both", at: t0) == .available)
    let unconfigured = makeEngine(tips: [tip("none")], configured: false)
    #expect(unconfigured.decision(for: "none", at: t0).holds == [.notConfigured])
  }

  @Test func rule20_tipsAreSequencedThroughAParameterNotAnotherTipsStatus() throws {
    let stage = ParameterDefinition(name: "stage", defaultValue: .int(0))
    var engine = makeEngine(
      tips: [tip("first", rules: [eq(param("stage"), .int(0))]), tip("second", rules: [eq(param("stage"), .int(1))])], parameters: [stage])
    #expect(engine.status(of: "second", at: t0) == .pending)
    try engine.invalidate("first", reason: .actionPerformed, at: t0)
    // Invalidating the first tip alone does not advance the sequence...
    #expect(engine.status(of: "second", at: t0) == .pending)
    // ...the app's parameter does.
    _ = try engine.setParameter("stage", to: .int(1), at: t0)
    #expect(engine.status(of: "second", at: t0) == .available)
  }

  @Test func rule21_theNthAppearanceOfMaxDisplayCountInvalidates() {
    var engine = makeEngine(tips: [tip("a", options: TipOptions(maxDisplayCount: 2))])
    display(&engine, "a", at: t0)
    #expect(engine.status(of: "a", at: t0) == .available)
    let second = engine.beginDisplay(of: "a", at: t0 + .seconds(10))
    #expect(second.number == 2 && second.maximum == 2)
    #expect(engine.endDisplay(of: "a", at: t0 + .seconds(20)) == .displayCountExceeded)
  }

  @Test func rule21_aResumedDisplayThatDoesNotCountLeavesTheCountAlone() {
    var engine = makeEngine(tips: [tip("a", options: TipOptions(maxDisplayCount: 3))])
    _ = engine.beginDisplay(of: "a", at: t0)
    _ = engine.endDisplay(of: "a", at: t0 + .seconds(1))
    let resumed = engine.beginDisplay(of: "a", at: t0 + .seconds(2), counts: false)
    #expect(resumed.counted == false)
    #expect(resumed.number == 1)
  }

  @Test(arguments: [Policies.CountInvalidation.afterDisplay, .atDisplay])
  func rule22_countInvalidationPolicy(policy: Policies.CountInvalidation) {
    var engine = makeEngine(tips: [tip("a", options: TipOptions(maxDisplayCount: 1))])
    engine.configuration.policies.countInvalidation = policy
    let start = engine.beginDisplay(of: "a", at: t0)
    #expect(start.invalidatedAtStart == (policy == .atDisplay))
    #expect((engine.status(of: "a", at: t0) == .available) == (policy == .afterDisplay))
    let atEnd = engine.endDisplay(of: "a", at: t0 + .seconds(30))
    #expect(atEnd == (policy == .afterDisplay ? .displayCountExceeded : nil))
    #expect(engine.status(of: "a", at: t0 + .seconds(30)) == .invalidated(.displayCountExceeded))
  }

  @Test func rule23_ignoresDisplayFrequencyMayAppearDuringTheInterval() {
    var engine = makeEngine(
      tips: [tip("first"), tip("ignoring", options: TipOptions(ignoresDisplayFrequency: true)), tip("other")], frequency: .weekly)
    display(&engine, "first", at: t0)
    #expect(engine.status(of: "ignoring", at: t0 + .hours(1)) == .available)
    #expect(engine.status(of: "other", at: t0 + .hours(1)) == .pending)
  }

  @Test func rule24_onScreenTimeAddsUpAcrossDisplaysAndInvalidatesAtTheExactInstant() {
    var engine = makeEngine(tips: [tip("a", options: TipOptions(maxDisplayDuration: .minutes(2)))])
    display(&engine, "a", at: t0, for: .seconds(50))
    engine.terminate(at: t0 + .hours(1))
    engine.configure(at: t0 + .days(1))
    let second = t0 + .days(1)
    _ = engine.beginDisplay(of: "a", at: second)
    #expect(engine.durationLimitInstant(of: "a") == second + .seconds(70))
    #expect(engine.nextChange(after: second) == second + .seconds(70))
    #expect(engine.settle(at: second + .seconds(69)).isEmpty)
    let expired = engine.settle(at: second + .seconds(70))
    #expect(expired == [TipEngine.TimedInvalidation(tip: "a", reason: .displayDurationExceeded, at: second + .seconds(70))])
    #expect(engine.status(of: "a", at: second + .seconds(70)) == .invalidated(.displayDurationExceeded))
  }

  /// Apple: "Tip views have a minimum display duration of 60 seconds before they can be
  /// automatically invalidated": by default the floor is each display's, so with a 2-minute
  /// limit and 90 s already shown the next display lasts 60 s, not 30.
  @Test func rule24_byDefaultTheFloorIsEachTipViews() {
    #expect(Policies().durationFloor == .perDisplay)
    var engine = makeEngine(tips: [tip("a", options: TipOptions(maxDisplayDuration: .minutes(2)))])
    display(&engine, "a", at: t0 - .days(1), for: .seconds(90))
    _ = engine.beginDisplay(of: "a", at: t0)
    #expect(engine.durationLimitInstant(of: "a") == t0 + .seconds(60))
  }

  @Test(arguments: [
    // limit, earlier on-screen time, policy, seconds into the current display at which it fires
    (TimeSpan.seconds(10), TimeSpan.zero, Policies.DurationFloor.total, Int64(60)),
    (.seconds(10), .seconds(30), .total, 30),
    (.seconds(10), .zero, .perDisplay, 60),
    (.seconds(10), .seconds(30), .perDisplay, 60),
    (.seconds(90), .seconds(50), .perDisplay, 60),
    (.seconds(200), .seconds(50), .perDisplay, 150),
  ])
  func rule24_neverBeforeSixtySecondsByFloorPolicy(limit: TimeSpan, earlier: TimeSpan, policy: Policies.DurationFloor, fires: Int64) {
    var engine = makeEngine(tips: [tip("a", options: TipOptions(maxDisplayDuration: limit))])
    engine.configuration.policies.durationFloor = policy
    if earlier > .zero { display(&engine, "a", at: t0 - .days(1), for: earlier) }
    _ = engine.beginDisplay(of: "a", at: t0)
    #expect(engine.durationLimitInstant(of: "a") == t0 + .seconds(fires))
  }
}
