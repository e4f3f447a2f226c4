import Testing

@testable import Simulation

/// `World`'s equality lists its stored properties by hand (`World+Equality`): a property
/// added to `World` must be compared there or named as speed machinery.
@Suite struct WorldEqualityTests {
  static let compared = [
    "engine", "clock", "start", "clockHasMoved", "timeZone", "frequency", "screens",
    "placements", "placeChoices", "tipsByScreen", "screenNumbers", "screenTips", "slots", "tipPlacements", "stores",
    "bindings", "isRunning", "launchArguments", "reactions", "conditions", "actions", "triggered", "reactionDepth", "reactionsLeftNow",
    "setByReaction", "donatedByReaction", "invalidatedByReaction", "backgroundedScreens", "openScreens", "onScreen",
    "lastEvaluation", "lastLogged", "osVersion", "hiddenAnchors", "sheets", "notPresented", "displayHistory",
    "deviceName", "deviceOrder", "namedDevice", "parked", "syncEnabled", "pendingSync",
    "lastSent", "osOverride", "warnedAPIs", "isQuiet",
  ]

  @Test func everyStoredPropertyIsComparedOrIsSpeedMachinery() {
    let stored = Mirror(reflecting: World()).children.compactMap(\.label)
    #expect(stored.sorted() == (Self.compared + World.speedMachinery).sorted())
  }

  @Test func worldsThatDifferOnlyInTheirCacheAreEqual() throws {
    let tips = (1...6).map { (tip("t\($0)"), on(["a", "b", "c"][$0 % 3])) }
    var fast = try makeWorld(tips: tips)
    var plain = fast
    plain.usesShortcuts = false
    try fast.run(.launch, .open("s"), .advance(.hours(1)))
    try plain.run(.launch, .open("s"), .advance(.hours(1)))
    #expect(fast == plain)
    try plain.run(.close("s"))
    #expect(fast != plain)
  }
}
