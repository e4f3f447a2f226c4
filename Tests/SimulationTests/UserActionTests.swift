import Simulation
import Testing
import TipEngine

/// What the user and the app do around the engine, applied to `World` directly: the facts
/// it logs (warnings, notes), scene phase, and `when` reactions.
@Suite struct UserActionTests {
  /// The warnings and notes among `records`, in order.
  func notices(_ records: [LogRecord]) -> [LogEvent] {
    records.map(\.event).filter {
      switch $0 {
      case .warning, .note: true
      default: false
      }
    }
  }

  @Test func rule11_setAndDonateBeforeLaunchWarnAndChangeNothing() throws {
    let p = ParameterDefinition(name: "on", defaultValue: .bool(false))
    var world = try makeWorld(tips: [(tip("t"), on("a"))], parameters: [p])
    _ = try world.apply(.defineEvent(EventDefinition(id: "e")))
    let records = try world.run(.set(parameter: "on", .bool(true)), .donate(event: "e", fields: [:]))
    #expect(
      notices(records) == [.warning(.setBeforeLaunch(parameter: "on", value: .bool(true))), .warning(.donateBeforeLaunch(event: "e"))])
    try world.run(.launch)
    #expect(world.engine.parameterValue("on")?.value == .bool(false))
  }

  @Test func tapsOnTipsThatAreNotThereAreWarningsNotErrors() throws {
    var world = try makeWorld(tips: [(tip("t"), on("a")), (tip("inline"), on("b", .inline))])
    try world.run(.launch)
    #expect(notices(try world.run(.dismiss(tip: "t"))) == [.warning(.noCloseButton(tip: "t"))])
    #expect(notices(try world.run(.tapOutside(tip: "t"))) == [.warning(.tipNotOnScreen(tip: "t"))])
    #expect(notices(try world.run(.tapAction(tip: "t", action: "x"))) == [.warning(.noButtons(tip: "t"))])
    #expect(notices(try world.run(.close("s"))) == [.warning(.screenNotOpen(screen: "s"))])
    try world.run(.open("s"))
    #expect(notices(try world.run(.open("s"))) == [.warning(.screenAlreadyOpen(screen: "s"))])
    #expect(notices(try world.run(.tapOutside(tip: "inline"))) == [.warning(.inlineHasNoOutside(tip: "inline"))])
    #expect(world.shown == ["t", "inline"])
  }

  @Test func anchorsAndSheetsWarnOnARepeat() throws {
    var world = try makeWorld(tips: [(tip("t"), on("a"))])
    try world.run(.launch, .open("s"), .setAnchorVisible(screen: "s", anchor: "a", false))
    #expect(!world.isVisible("t"))
    #expect(
      notices(try world.run(.setAnchorVisible(screen: "s", anchor: "a", false))) == [
        .warning(.anchorAlready(anchor: "s.a", visible: false))
      ])
    try world.run(.setAnchorVisible(screen: "s", anchor: "a", true), .setSheet(screen: "s", presented: true))
    #expect(notices(try world.run(.setSheet(screen: "s", presented: true))) == [.warning(.sheetAlready(screen: "s", presented: true))])
    #expect(notices(try world.run(.tapControl(screen: "s", anchor: "b"))) == [.warning(.tapGoesToSheet(screen: "s"))])
    try world.run(.setSheet(screen: "s", presented: false))
    #expect(world.isVisible("t"))
  }

  @Test func rule43_nextForATipTimeCannotHelpNamesTheActionsThatCan() throws {
    let p = ParameterDefinition(name: "on", defaultValue: .bool(false))
    var world = try makeWorld(
      tips: [(tip("t", rules: [.comparison(.parameter("on"), .equal, .literal(.bool(true)))]), on("a"))], parameters: [p])
    try world.run(.launch)
    let before = world.clock
    #expect(
      notices(try world.run(.nextFor(tip: "t")))
        == [.warning(.neverAvailableByTime(tip: "t", hints: [.set(parameter: "on")]))])
    #expect(world.clock == before)
    try world.run(.set(parameter: "on", .bool(true)))
    #expect(notices(try world.run(.nextFor(tip: "t"))) == [.note(.availableNow(tip: "t", jumped: false, place: .whenScreenOpens("s")))])
    try world.run(.open("s"))
    #expect(notices(try world.run(.nextFor(tip: "t"))) == [.note(.onScreenNow(tip: "t", placement: on("a")))])
  }

  @Test func backgroundEndsDisplaysAndForegroundReopensTheScreens() throws {
    var world = try makeWorld(tips: [(tip("t"), on("a"))])
    try world.run(.launch, .open("s"))
    #expect(world.shown == ["t"])
    try world.run(.background)
    #expect(world.shown.isEmpty && world.openScreens.isEmpty)
    #expect(notices(try world.run(.background)) == [.warning(.scenePhaseAlready(background: true))])
    #expect(throws: SimulationError.self) { try world.apply(.open("s")) }
    try world.run(.foreground)
    #expect(world.shown == ["t"])
    #expect(notices(try world.run(.foreground)) == [.warning(.scenePhaseAlready(background: false))])
  }

  @Test func aReactionRunsAtItsTriggersInstantAndALoopStops() throws {
    var world = try makeWorld(tips: [(tip("first"), on("a")), (tip("second"), on("b"))])
    // When `first` is invalidated, `second` goes too.
    let chain = Reaction(
      trigger: .invalidated(tip: "first", reason: nil), commands: [.invalidate(tip: "second", .actionPerformed)], line: 7)
    _ = try world.apply(.defineReaction(chain))
    try world.run(.launch, .open("s"), .advance(.hours(1)))
    let records = try world.run(.invalidate(tip: "first", .actionPerformed))
    #expect(records.contains { $0.event == .reacted(ScenarioPlace(line: 7), trigger: "first invalidated") })
    #expect(world.engine.status(of: "second", at: world.clock) == .invalidated(.actionPerformed))
    #expect(world.invalidatedByReaction["second"] == ScenarioPlace(line: 7))

    // A reaction that sets itself off: each launch launches again.
    var looping = try makeWorld(tips: [(tip("t"), on("a"))])
    _ = try looping.apply(.defineReaction(Reaction(trigger: .appLaunch, commands: [.quit, .launch], line: 3)))
    let loop = try looping.run(.launch)
    #expect(loop.filter { if case .reacted = $0.event { true } else { false } }.count == World.reactionLimit)
    #expect(notices(loop).last == .warning(.reactionLoop(limit: World.reactionLimit)))
  }

  @Test func screensWhoseAppearCodeReopensTwoOthersStopAfterTheLimitInAll() throws {
    // Each opening reopens the other two: a limit on depth alone ran 2^100 reactions.
    var world = try makeWorld(tips: [(tip("t"), on("a"))])
    for screen in ["x", "y", "z"] { _ = try world.apply(.defineScreen(ScreenDefinition(name: screen, anchors: []))) }
    for (line, (screen, others)) in [("x", ["y", "z"]), ("y", ["x", "z"]), ("z", ["x", "y"])].enumerated() {
      let commands = others.flatMap { [Command.close($0), .open($0)] }
      _ = try world.apply(.defineReaction(Reaction(trigger: .screenOpened(screen), commands: commands, line: line + 1)))
    }
    try world.run(.launch)
    let records = try world.run(.open("x"))
    #expect(records.count { if case .reacted = $0.event { true } else { false } } == World.reactionLimit)
    #expect(notices(records).filter { $0 == .warning(.reactionLoop(limit: World.reactionLimit)) }.count == 1)
    // The next command has the whole limit again.
    let next = try world.run(.close("x"), .open("x"))
    #expect(next.count { if case .reacted = $0.event { true } else { false } } == World.reactionLimit)
  }

  @Test func aFrequencyChangedAfterLaunchWaitsForTheNextLaunch() throws {
    var world = try makeWorld(tips: [(tip("t"), on("a"))])
    try world.run(.launch)
    #expect(notices(try world.run(.setFrequency(.daily))) == [.note(.frequencyAtNextLaunch(.daily))])
    #expect(world.engine.configuration.frequency == .immediate)
    try world.run(.quit, .launch)
    #expect(world.engine.configuration.frequency == .daily)
  }
}
