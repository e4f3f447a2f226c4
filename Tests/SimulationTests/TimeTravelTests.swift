import Simulation
import Testing
import TipEngine

/// `advance` lands on every instant at which something changes, and logs it there.
@Suite struct TimeTravelTests {
  @Test func rule17_aWindowRollingPastATipOnScreenRemovesItAtThatInstant() throws {
    var world = try makeWorld(
      tips: [
        (
          tip("t", rules: [.comparison(.aggregate(EventAggregate(event: "e", within: .days(5))), .greaterOrEqual, .literal(.int(1)))]),
          on("a")
        )
      ])
    try world.run(.defineEvent(EventDefinition(id: "e")), .launch, .donate(event: "e", fields: [:]), .open("s"))
    #expect(world.shown == ["t"])
    let records = try world.run(.advance(.days(30)))
    let hidden = records.first { if case .hidden = $0.event { true } else { false } }
    #expect(hidden?.instant == start + .days(5))
  }

  @Test func rule24_aDurationLimitDuringAdvanceFiresAtItsExactSecond() throws {
    var world = try makeWorld(tips: [(tip("t", options: TipOptions(maxDisplayDuration: .seconds(90))), on("a"))])
    try world.run(.launch, .open("s"))
    let records = try world.run(.advance(.days(1)))
    let invalidated = records.first { if case .invalidated(_, .displayDurationExceeded, _, _, _) = $0.event { true } else { false } }
    #expect(invalidated?.instant == start + .seconds(90))
    #expect(world.engine.record(of: "t").closedDisplayTime == .seconds(90))
  }

  @Test func rule26_aCoolDownEndingShowsTheWaitingTipOnAnOpenScreenAtThatInstant() throws {
    var world = try makeWorld(tips: [(tip("first"), on("a", .inline)), (tip("second"), on("b", .inline))], frequency: .hourly)
    try world.run(.launch, .open("s"))
    let records = try world.run(.advance(.hours(5)))
    let shown = records.first { if case .shown(let s) = $0.event { s.ref.tip == "second" } else { false } }
    #expect(shown?.instant == start + .hours(1))
  }

  @Test func applyingAtAnInstantEqualsAdvancingThenApplying() throws {
    var two = try makeWorld(
      tips: [(tip("first"), on("a", .inline)), (tip("d", options: TipOptions(maxDisplayDuration: .minutes(3))), on("c"))],
      frequency: .hourly)
    try two.run(.launch, .open("s"))
    var one = two
    let records = try two.run(.advanceTo(start + .hours(2))) + two.run(.close("s"))
    #expect(try one.apply(.close("s"), at: start + .hours(2)) == records)
    #expect(one == two)
  }

  @Test func advanceInPiecesEqualsAdvanceInOne() throws {
    var one = try makeWorld(
      tips: [
        (tip("first"), on("a", .inline)), (tip("second"), on("b", .inline)),
        (tip("d", options: TipOptions(maxDisplayDuration: .minutes(3))), on("c")),
      ], frequency: .hourly)
    try one.run(.launch, .open("s"))
    var two = one
    try one.run(.advance(.hours(3)))
    try two.run(.advance(.minutes(70)), .advance(.minutes(110)))
    #expect(one.engine == two.engine)
    #expect(one.onScreen == two.onScreen)
    #expect(one.clock == two.clock)
  }

  @Test func tenYearsWithAScreenOpenTakeAFewSteps() throws {
    var world = try makeWorld(tips: [(tip("t"), on("a"))], frequency: .monthly)
    try world.run(.launch, .open("s"))
    let records = try world.run(.advance(.days(3650)))
    #expect(records.count < 10)
    #expect(world.clock == start + .days(3650))
  }

  @Test func advanceToThePastIsRefused() throws {
    var world = World()
    try world.run(.advance(.hours(1)))
    #expect(throws: SimulationError.self) { try world.apply(.advanceTo(start)) }
    #expect(throws: SimulationError.self) { try world.apply(.setStart(start)) }
  }

  @Test func boundParametersFollowTheirStore() throws {
    var world = try makeWorld(tips: [(tip("t", rules: [.comparison(.parameter("seen"), .equal, .literal(.bool(false)))]), on("a"))])
    let key = StoreKey(store: "defaults", key: "seen")
    try world.run(
      .defineStoreKey(key, initial: .bool(false)),
      .defineParameter(ParameterDefinition(name: "seen", defaultValue: .bool(false)), binding: key),
      .write(key, .bool(true)))
    // Before launch the store changes but TipKit is not configured: the parameter waits.
    #expect(world.engine.parameterValue("seen")?.value == .bool(false))
    try world.run(.launch, .open("s"))
    #expect(world.engine.parameterValue("seen")?.value == .bool(true))
    #expect(world.check(.suppressed("t", by: "boundParameter")).passed)
    try world.run(.write(key, .bool(false)))
    #expect(world.shown == ["t"])
  }

  /// Opening a screen writes its tips' bound parameters again: the same value, at a new
  /// instant. The tips reading them are decided again (rule 12), so the reasons logged on
  /// reopening read the new write. (They once came from the evaluation cache, written an
  /// hour earlier; debug builds trapped on the difference.)
  @Test func rule12_reopeningAScreenReadsTheBoundParameterItWroteAgain() throws {
    var world = try makeWorld(tips: [(tip("t", rules: [.comparison(.parameter("seen"), .equal, .literal(.bool(true)))]), on("a"))])
    let key = StoreKey(store: "defaults", key: "seen")
    try world.run(
      .defineStoreKey(key, initial: .bool(false)),
      .defineParameter(ParameterDefinition(name: "seen", defaultValue: .bool(false)), binding: key),
      .launch, .open("s"), .close("s"), .advance(.hours(1)))
    let records = try world.apply(.open("s"))
    let logged = records.compactMap { record -> [Suppression]? in
      if case .suppressed(_, let reasons) = record.event { reasons } else { nil }
    }
    #expect(logged == [world.currentSuppressions(of: "t")])
    #expect(world.engine.parameterValue("seen")?.source == .written(at: world.clock))
  }
}
