/// Two worlds are equal when they model the same state: every stored property but the
/// evaluation cache and whether it is used, which change how fast an answer comes, not the
/// answer (the differential test checks that). `WorldEqualityTests` fails when a stored
/// property is added and not listed here or there.
extension World: Equatable {
  public static func == (lhs: World, rhs: World) -> Bool {
    lhs.engine == rhs.engine
      && lhs.clock == rhs.clock
      && lhs.start == rhs.start
      && lhs.clockHasMoved == rhs.clockHasMoved
      && lhs.timeZone == rhs.timeZone
      && lhs.frequency == rhs.frequency
      && lhs.screens == rhs.screens
      && lhs.placements == rhs.placements
      && lhs.placeChoices == rhs.placeChoices
      && lhs.tipsByScreen == rhs.tipsByScreen
      && lhs.screenNumbers == rhs.screenNumbers
      && lhs.screenTips == rhs.screenTips
      && lhs.slots == rhs.slots
      && lhs.tipPlacements == rhs.tipPlacements
      && lhs.stores == rhs.stores
      && lhs.bindings == rhs.bindings
      && lhs.isRunning == rhs.isRunning
      && lhs.launchArguments == rhs.launchArguments
      && lhs.reactions == rhs.reactions
      && lhs.conditions == rhs.conditions
      && lhs.actions == rhs.actions
      && lhs.triggered == rhs.triggered
      && lhs.reactionDepth == rhs.reactionDepth
      && lhs.reactionsLeftNow == rhs.reactionsLeftNow
      && lhs.setByReaction == rhs.setByReaction
      && lhs.donatedByReaction == rhs.donatedByReaction
      && lhs.invalidatedByReaction == rhs.invalidatedByReaction
      && lhs.backgroundedScreens == rhs.backgroundedScreens
      && lhs.openScreens == rhs.openScreens
      && lhs.onScreen == rhs.onScreen
      && lhs.lastEvaluation == rhs.lastEvaluation
      && lhs.lastLogged == rhs.lastLogged
      && lhs.osVersion == rhs.osVersion
      && lhs.hiddenAnchors == rhs.hiddenAnchors
      && lhs.notPresented == rhs.notPresented
      && lhs.sheets == rhs.sheets
      && lhs.displayHistory == rhs.displayHistory
      && lhs.deviceName == rhs.deviceName
      && lhs.deviceOrder == rhs.deviceOrder
      && lhs.namedDevice == rhs.namedDevice
      && lhs.parked == rhs.parked
      && lhs.syncEnabled == rhs.syncEnabled
      && lhs.pendingSync == rhs.pendingSync
      && lhs.lastSent == rhs.lastSent
      && lhs.osOverride == rhs.osOverride
      && lhs.warnedAPIs == rhs.warnedAPIs
      && lhs.isQuiet == rhs.isQuiet
  }

  /// The stored properties `==` leaves out.
  static let speedMachinery = ["cache", "usesShortcuts", "appCodeIndex"]
}
