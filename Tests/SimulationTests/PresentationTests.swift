import Runner
import Sessions
import Simulation
import Testing
import TipEngine

/// Spec sections 5 (count policies), 6 (evaluation order), 7 (groups on screen) and 9
/// (presentation).
@Suite struct PresentationTests {
  @Test func commandsAppendTheirRecordsToABatchAndOneThatFailsLeavesItAsItWas() throws {
    // A replay's log pipeline collects the records of many commands in one array.
    let p = ParameterDefinition(name: "on", defaultValue: .bool(false))
    let rule = Expression.comparison(.parameter("on"), .equal, .literal(.bool(true)))
    var batched = try makeWorld(tips: [(tip("t", rules: [rule]), on("a")), (tip("u"), on("b"))], parameters: [p])
    var alone = batched
    var batch: [LogRecord] = []
    var expected: [LogRecord] = []
    let commands: [Command] = [.launch, .open("s"), .resetDatastore, .set(parameter: "on", .bool(true)), .advance(.hours(1)), .close("s")]
    for command in commands {
      let before = batch
      do {
        try batched.apply(command, appendingTo: &batch)
      } catch {
        #expect(command == .resetDatastore)
        #expect(batch == before)
        #expect(throws: SimulationError.self) { try alone.apply(command) }
        continue
      }
      expected += try alone.apply(command)
      #expect(batch == expected)
    }
    #expect(batch.count > commands.count)
    #expect(batched == alone)
    // Moved in time first, a failing command has logged the move before it fails: none of
    // it stays.
    let before = batch
    #expect(throws: SimulationError.self) { try batched.apply(.resetDatastore, at: batched.clock + .days(2), appendingTo: &batch) }
    #expect(batch == before)
  }

  @Test func rule8_actionsDoNotInvalidateTheTip() throws {
    var world = try makeWorld(tips: [(tip("t", actions: [TipAction(id: "more", title: "More")]), on("a"))])
    let records = try world.run(.launch, .open("s"), .tapAction(tip: "t", action: "more"))
    #expect(records.contains { if case .actionTapped("t", "more", "More") = $0.event { true } else { false } })
    #expect(world.shown == ["t"])
    #expect(world.engine.status(of: "t", at: world.clock) == .available)
  }

  @Test func rule12_aParameterChangeShowsOrHidesATipOnAnOpenScreen() throws {
    let p = ParameterDefinition(name: "on", defaultValue: .bool(false))
    var world = try makeWorld(
      tips: [(tip("t", rules: [.comparison(.parameter("on"), .equal, .literal(.bool(true)))]), on("a"))], parameters: [p])
    try world.run(.launch, .open("s"))
    #expect(world.shown.isEmpty)
    try world.run(.set(parameter: "on", .bool(true)))
    #expect(world.shown == ["t"])
    try world.run(.set(parameter: "on", .bool(false)))
    #expect(world.shown.isEmpty)
  }

  @Test(arguments: [(Policies.CountPolicy.perAppearance, 1), (.perScreenOpen, 0)])
  func rule21_countPolicyDecidesWhetherAReappearanceCounts(policy: Policies.CountPolicy, expected: Int) throws {
    var world = try makeWorld(tips: [(tip("first"), on("a")), (tip("second"), on("b"))])
    try world.run(.setPolicy(name: "countPolicy", value: .word(policy.rawValue)), .launch, .open("s"))
    // second waits behind first, then first is tapped away and second appears; first's
    // own reappearance in the same screen opening happens after second is tapped away.
    try world.run(.tapOutside(tip: "first"))
    #expect(world.shown == ["second"])
    try world.run(.close("s"), .open("s"))
    #expect(world.engine.record(of: "first").displayCount == 2)
    try world.run(.tapOutside(tip: "first"), .tapOutside(tip: "second"))
    #expect(world.engine.record(of: "second").displayCount == 2)
    // A tip that leaves and comes back in one screen opening (rules flip):
    let p = ParameterDefinition(name: "on", defaultValue: .bool(true))
    try world.run(.defineParameter(p, binding: nil))
    try world.run(
      .defineTip(tip("flip", rules: [.comparison(.parameter("on"), .equal, .literal(.bool(true)))]), placement: on("c", .inline)))
    try world.run(.close("s"), .open("s"))
    let before = world.engine.record(of: "flip").displayCount
    try world.run(.set(parameter: "on", .bool(false)), .set(parameter: "on", .bool(true)))
    #expect(world.engine.record(of: "flip").displayCount - before == expected)
  }

  @Test func rule22_atDisplayInvalidationKeepsTheDisplayOnScreenUntilItEnds() throws {
    var world = try makeWorld(tips: [(tip("t", options: TipOptions(maxDisplayCount: 1)), on("a"))])
    let records = try world.run(.setPolicy(name: "countInvalidation", value: .word("atDisplay")), .launch, .open("s"))
    #expect(records.contains { if case .invalidated("t", .displayCountExceeded, 1, 1, .displayCount) = $0.event { true } else { false } })
    #expect(world.engine.status(of: "t", at: world.clock) == .invalidated(.displayCountExceeded))
    #expect(world.shown == ["t"])
    try world.run(.advance(.hours(1)))
    #expect(world.shown == ["t"])
    try world.run(.close("s"), .open("s"))
    #expect(world.shown.isEmpty)
  }

  @Test func rule29_simultaneousNewTipsShowInEvaluationOrder() throws {
    var world = World()
    try world.run(
      .defineScreen(ScreenDefinition(name: "one", anchors: ["x"])), .defineScreen(ScreenDefinition(name: "two", anchors: ["y", "z"])),
      .defineTip(tip("late"), placement: Placement(screen: "two", anchor: "z", style: .inline)),
      .defineTip(tip("early"), placement: Placement(screen: "two", anchor: "y", style: .inline)),
      .defineTip(tip("other"), placement: Placement(screen: "one", anchor: "x", style: .inline)),
      .setFrequency(.daily), .launch, .open("two"), .open("one"))
    // Screen two opened first; on it, anchor y comes before z whatever the definition order.
    #expect(world.shown == ["early"])
    guard case .suppressed(let reasons, _)? = world.lastEvaluation(of: "late") else {
      Issue.record("late was not suppressed")
      return
    }
    #expect(reasons.words == ["frequency"])
    // When the interval ends the two waiting tips compete again: only the first in order.
    try world.run(.advance(.days(1)))
    #expect(world.shown == ["early", "late"])
  }

  @Test func rule30_anEarlierMemberThatBecomesAvailableDisplacesTheLaterOne() throws {
    let p = ParameterDefinition(name: "on", defaultValue: .bool(false))
    var world = try makeWorld(
      tips: [
        (tip("x", rules: [.comparison(.parameter("on"), .equal, .literal(.bool(true)))]), on("a", .inline)), (tip("y"), on("b", .inline)),
      ],
      parameters: [p], groups: [TipGroup(name: "g", members: ["x", "y"])])
    try world.run(.launch, .open("s"))
    #expect(world.shown == ["y"])
    let records = try world.run(.set(parameter: "on", .bool(true)))
    #expect(world.shown == ["x"])
    #expect(records.contains { if case .hidden(let ref, .displaced("g", "x")) = $0.event { ref.tip == "y" } else { false } })
  }

  @Test func rule31_anOrderedGroupBlockedByItsFirstMemberShowsNothing() throws {
    let p = ParameterDefinition(name: "never", defaultValue: .bool(false))
    var world = try makeWorld(
      tips: [(tip("x", rules: [.parameter("never")]), on("a", .inline)), (tip("y"), on("b", .inline))], parameters: [p],
      groups: [TipGroup(name: "g", priority: .ordered, members: ["x", "y"])])
    try world.run(.launch, .open("s"))
    #expect(world.shown.isEmpty)
    #expect(world.check(.suppressed("y", by: "group")).passed)
    #expect(world.engine.status(of: "y", at: world.clock) == .available)
  }

  @Test func rule35_popoverTipsCompeteAndInlineTipsDoNot() throws {
    var world = try makeWorld(tips: [(tip("p1"), on("a")), (tip("p2"), on("b")), (tip("i1"), on("c", .inline))])
    try world.run(.launch, .open("s"))
    #expect(world.shown == ["p1", "i1"])
    #expect(world.onScreen["i1"]?.placement.style == .inline)
  }

  @Test func rule36_closeButtonInvalidatesButTapOutsideOnlyEndsTheDisplay() throws {
    var world = try makeWorld(tips: [(tip("p"), on("a")), (tip("q"), on("b"))])
    try world.run(.launch, .open("s"), .tapOutside(tip: "p"))
    #expect(world.engine.status(of: "p", at: world.clock) == .available)
    #expect(!world.shown.contains("p"))
    #expect(world.check(.suppressed("p", by: "dismissed")).passed)
    try world.run(.close("s"), .open("s"))
    #expect(world.shown.contains("p"))
    try world.run(.dismiss(tip: "p"))
    #expect(world.engine.status(of: "p", at: world.clock) == .invalidated(.tipClosed))
  }

  @Test func rule37_aSecondPopoverWaitsAndAppearsWhenTheFirstGoesAway() throws {
    var world = try makeWorld(tips: [(tip("p1"), on("a")), (tip("p2"), on("b"))])
    try world.run(.launch, .open("s"))
    #expect(world.shown == ["p1"])
    #expect(world.check(.suppressed("p2", by: "popoverBusy")).passed)
    let records = try world.run(.dismiss(tip: "p1"))
    #expect(records.shownTips == ["p2"])
  }

  @Test func rule38_aTipThatStopsBeingAvailableLeavesAtOnce() throws {
    var world = try makeWorld(tips: [(tip("t"), on("a"))])
    try world.run(.launch, .open("s"))
    let records = try world.run(.testing(.hide(["t"])))
    #expect(world.shown.isEmpty)
    #expect(
      records.contains {
        if case .hidden(_, .noLongerAvailable(let reasons)) = $0.event { reasons.words == ["hiddenForTesting"] } else { false }
      })
  }

  /// What a testing show-override does to a display whose tip is invalidated under it.
  private func displays(of tip: String, in records: [LogRecord]) -> (shown: Int, hidden: Int) {
    let shown = records.filter { if case .shown(let s) = $0.event { s.ref.tip == tip } else { false } }.count
    let hidden = records.filter { if case .hidden(let ref, _) = $0.event { ref.tip == tip } else { false } }.count
    return (shown, hidden)
  }

  @Test func rule33_anInvalidationMaskedByAShowOverrideLeavesTheDisplayOn() throws {
    var world = try makeWorld(tips: [(tip("t"), on("a"))])
    try world.run(.launch, .testing(.showAll), .open("s"))
    let records = try world.run(.invalidate(tip: "t", .actionPerformed), .advance(.hours(1)))
    // The stored state changes; the display neither ends nor starts again.
    #expect(world.engine.record(of: "t").invalidation == .actionPerformed)
    #expect(displays(of: "t", in: records) == (0, 0))
    #expect(world.shown == ["t"])
    #expect(world.engine.record(of: "t").displayCount == 1)
    // Lifted, the override no longer masks it: the display ends (rule 38).
    let lifted = try world.run(.testing(.off))
    #expect(displays(of: "t", in: lifted) == (0, 1))
    #expect(world.shown.isEmpty)
  }

  @Test func rule33_aDurationLimitReachedUnderAShowOverrideLeavesTheDisplayOn() throws {
    var world = try makeWorld(tips: [(tip("t", options: TipOptions(maxDisplayDuration: .minutes(2))), on("a"))])
    try world.run(.launch, .testing(.showAll), .open("s"))
    let records = try world.run(.advance(.minutes(5)))
    #expect(records.contains { if case .invalidated("t", .displayDurationExceeded, _, _, _) = $0.event { true } else { false } })
    #expect(displays(of: "t", in: records) == (0, 0))
    #expect(world.shown == ["t"])
    #expect(world.engine.record(of: "t").displayCount == 1)
  }

  @Test func rule33_rule36_theCloseButtonUnderAShowOverrideEndsTheDisplayUntilTheScreenOpensAgain() throws {
    var world = try makeWorld(tips: [(tip("t"), on("a"))])
    try world.run(.launch, .testing(.showAll), .open("s"))
    let closed = try world.run(.dismiss(tip: "t"), .advance(.hours(1)))
    #expect(displays(of: "t", in: closed) == (0, 1))
    #expect(closed.contains { if case .hidden(_, .closeButton) = $0.event { true } else { false } })
    #expect(world.engine.record(of: "t").invalidation == .tipClosed)
    #expect(world.shown.isEmpty)
    #expect(world.openScreens.first?.dismissed["t"] != nil)
    // The close button of a display already invalidated under the override ends it too.
    try world.run(.close("s"), .open("s"))
    #expect(world.shown == ["t"])
    #expect(world.engine.record(of: "t").displayCount == 2)
    let again = try world.run(.dismiss(tip: "t"))
    #expect(displays(of: "t", in: again) == (0, 1))
    #expect(!again.contains { if case .warning = $0.event { true } else { false } })
    #expect(world.shown.isEmpty)
  }

  /// A tip tapped away and then invalidated for good is "permanent until reset", not also
  /// "back when its screen opens" (rules 6, 36).
  @Test func rule6_anInvalidatedTipIsNotAlsoSaidToComeBack() throws {
    var world = try makeWorld(tips: [(tip("t"), on("a"))])
    try world.run(.launch, .open("s"), .tapOutside(tip: "t"))
    let records = try world.run(.invalidate(tip: "t", .actionPerformed))
    let reasons = records.compactMap { record -> [Suppression]? in if case .suppressed(_, let r) = record.event { r } else { nil } }
    #expect(reasons.count == 1)
    #expect(reasons.first?.contains { if case .dismissed = $0 { true } else { false } } == false)
  }

  /// A tip invalidated for good is logged once per screen visit: another popover showing, or
  /// its rules' counts moving, beside the invalidation is not news (rule 6, issue 47's
  /// "24 identical lines"). Both evaluation paths agree (the differential test).
  @Test(arguments: [true, false])
  func rule6_anInvalidatedTipIsLoggedOncePerVisit(shortcuts: Bool) throws {
    let story = """
      event opened
      screen s: a b
      tip t
        anchor s.a
        rule opened.count >= 1
        maxDisplayCount 1
      tip u
        anchor s.b
      launch
      donate opened
      open s
      close s
      open s
      donate opened
      donate opened
      dismiss u
      close s
      open s
      """
    var world = World()
    world.usesShortcuts = shortcuts
    let run = ScenarioRunner.run(source: story, session: Session(world: world))
    #expect(run.exitCode == 0, "\(run.errors)")
    let lines = run.transcript.split(separator: "\n").filter { $0.contains("suppressed  t at") }
    // Second visit: once, though u's popover comes and goes and t's count grows; third visit: once.
    #expect(lines.count == 2, "\(run.transcript)")
  }
}
