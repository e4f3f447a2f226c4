import TipEngine

/// The simulated world around the engine: the clock, the app (launched or not), its screens
/// and anchors, what is on screen, external stores, and the engine itself. A value: copying
/// it is a checkpoint. `apply(_:)` is deterministic.
public struct World: Sendable {
  public internal(set) var engine = TipEngine()
  public internal(set) var clock: Instant
  /// Where the clock started (`start`, else the default): day 1 is its date.
  public internal(set) var start: Instant
  /// Whether time has moved since the start; `start` and `timezone` are refused after.
  public internal(set) var clockHasMoved = false
  public internal(set) var timeZone = SimTimeZone.utc
  /// The frequency `Tips.configure` will be given at the next launch.
  public internal(set) var frequency = DisplayFrequency.immediate
  public internal(set) var screens: [ScreenDefinition] = []
  /// Tip name → where it is presented now.
  public internal(set) var placements: NameMap<Placement> = [:]
  /// Tip name → every place of a tip the app displays at several, in the order given
  /// (`placements` holds the one chosen now).
  public internal(set) var placeChoices: NameMap<[Placement]> = [:]
  /// Screen → its tips in evaluation order, by index in the catalog; kept by
  /// `indexPlacements()`.
  var tipsByScreen: NameMap<[Int]> = [:]
  /// Screen name → its index in `screens`; kept by `indexPlacements()`.
  var screenNumbers: NameMap<Int> = [:]
  /// The same by the screen's index in `screens`, which an open screen keeps: reconcile and
  /// `advance` read an open screen's tips without looking its name up.
  var screenTips: [[Int]] = []
  /// Tip (by index in the catalog) → its screen and its position in the screen's
  /// `tipsByScreen`, if it is placed; kept with it.
  var slots: [TipSlot?] = []
  /// Tip (by index in the catalog) → its placement (`placements` by index), kept with it:
  /// reconcile logs a suppression's placement without looking the tip's name up.
  var tipPlacements: [Placement?] = []
  /// Stores in definition order, each with its keys in definition order.
  public internal(set) var stores: [ExternalStore] = []
  /// Parameter name → the store key it mirrors.
  public internal(set) var bindings: NameMap<StoreKey> = [:]
  public internal(set) var isRunning = false
  /// Testing overrides set while the app is not running: the next launch's arguments (rule 33).
  public internal(set) var launchArguments: TestingOverrides?
  /// `when` reactions, in definition order.
  public internal(set) var reactions: [Reaction] = []
  /// The app's own state that its code tests (`condition`), and the value of each now.
  public internal(set) var conditions = AppConditions()
  /// The app's actions (`action`), in definition order.
  public internal(set) var actions: [AppAction] = []
  /// The reactions (by index) of each trigger, and each action's index by name: kept as each
  /// is defined, for an app of a thousand screens whose every opening ran down every reaction.
  var appCodeIndex = AppCodeIndex()
  /// What happened that reactions wait for, not yet reacted to (empty between commands).
  var triggered: [Reaction.Trigger] = []
  /// How many reactions run at once inside the command that set them off (`runNow`); while
  /// any does, the open screens' tips are decided only when that command ends.
  var reactionDepth = 0
  /// How many more reactions the command running now may run at once (`runNow`); nil
  /// between commands, negative once the limit was reached and said.
  var reactionsLeftNow: Int?
  /// Parameters whose last write, events whose last donation and tips whose invalidation
  /// were a reaction's, with its line (for `why`).
  public internal(set) var setByReaction: NameMap<ScenarioPlace> = [:]
  public internal(set) var donatedByReaction: NameMap<ScenarioPlace> = [:]
  public internal(set) var invalidatedByReaction: NameMap<ScenarioPlace> = [:]
  /// The screens that were open when the app went to the background, in their order; nil
  /// while it is in the foreground (scene phase).
  public internal(set) var backgroundedScreens: [String]?
  /// Open screens, in the order they were opened (rule 29).
  public internal(set) var openScreens: [OpenScreen] = []
  /// Tip name → its display in progress.
  public internal(set) var onScreen: NameMap<OnScreenTip> = [:]
  /// Tip (by index in the catalog) → the outcome of its most recent evaluation on an open
  /// screen (`lastEvaluation(of:)`).
  var lastEvaluation = TipTable<Evaluation>()
  /// Tip (by index in the catalog) → the reasons last logged for it since its screen opened.
  var lastLogged = TipTable<[Suppression]>()
  /// The device's OS version (spec section 11). The engine decides with its TipKit (rule 44).
  public internal(set) var osVersion = OSVersion.latest { didSet { engine.configuration.tipKit = effectiveOS.tipKit } }
  /// `screen.anchor` of anchors scrolled away or collapsed.
  public internal(set) var hiddenAnchors: Set<String> = []
  /// Screens covered by a sheet.
  public internal(set) var sheets: Set<String> = []
  /// Tips whose `isPresented` binding the app set false (iOS 26): displayable, kept off screen.
  public internal(set) var notPresented: Set<String> = []
  /// Tip name → the instants of its counted displays, oldest first.
  public internal(set) var displayHistory: NameMap<[Instant]> = [:]
  /// The current device's name; the fields above are its state.
  public internal(set) var deviceName = "device"
  /// Every device, in definition order.
  var deviceOrder = ["device"]
  /// Whether `device` has named the first device.
  var namedDevice = false
  /// The other devices' states.
  var parked: [DeviceState] = []
  /// `sync icloud on`: TipKit's CloudKit container (spec rule 39).
  public internal(set) var syncEnabled = false
  var pendingSync: [SyncDelivery] = []
  var lastSent: [String: Datastore] = [:]
  /// `matrix`: every device runs as this OS version.
  public internal(set) var osOverride: OSVersion? { didSet { engine.configuration.tipKit = effectiveOS.tipKit } }
  /// The OS the current device runs as, which the app's `if #available` reads: the device's,
  /// or the one `matrix` replays.
  var effectiveOS: OSVersion { osOverride ?? osVersion }
  /// The APIs the app would use that the OS lacks, each warned once per OS version (rule 44).
  var warnedAPIs: Set<String> = []
  /// A quiet world keeps no log and does not explain: `apply` returns no records, reconcile
  /// asks the engine only whether a tip may show (not why), and `lastEvaluation` is not
  /// kept. Population runs its users quietly; what they saw is read off the datastore and
  /// display history, and why a tip is held back at the end is asked afresh.
  public var isQuiet = false {
    // A quiet world's cache keeps other reasons (see `EvaluationCache.Entry`) and no marks.
    didSet { if isQuiet != oldValue { cache.removeAll() } }
  }
  /// What reconcile found for each tip and until when (not part of the world's value:
  /// `World+Equality`).
  var cache = EvaluationCache()
  /// Whether the speed machinery answers where it can: the evaluation cache, its pending
  /// marks and remembered next instants. Off, the plain model decides every tip on an open
  /// screen at every step (`World+PlainModel`): what the differential test compares with.
  public var usesShortcuts = true {
    didSet { cache.removeAll() }
  }

  /// The default start instant of the language: 2026-01-01T09:00 UTC.
  public static let defaultStart = SimTimeZone.utc.instant(of: CivilTime(year: 2026, month: 1, day: 1, hour: 9))

  public init(start: Instant = World.defaultStart) {
    clock = start
    self.start = start
  }

  public func screen(named name: String) -> ScreenDefinition? { screenNumbers[name].map { screens[$0] } }
  public func action(named name: String) -> AppAction? { appCodeIndex.actions[name].map { actions[$0] } }
  /// The index in `screens` of the screen of this name.
  public func screenNumber(named name: String) -> Int? { screenNumbers[name] }
  public func store(named name: String) -> ExternalStore? { stores.first { $0.name == name } }
  public func isOpen(_ screen: String) -> Bool { openScreens.contains { $0.name == screen } }

  /// Whether the user can see a tip now: on screen, rendered by the device, its anchor
  /// visible, no sheet over its screen. TipKit's decision is `onScreen`; this is what is seen.
  public func isVisible(_ tip: String) -> Bool {
    guard let shown = onScreen[tip] else { return false }
    return shown.rendering.isRendered && !hiddenAnchors.contains(shown.placement.description) && !sheets.contains(shown.placement.screen)
  }

  /// Every place the tip may show at, in the order given: one, several, or none.
  public func places(of tip: String) -> [Placement] { placeChoices[tip] ?? placements[tip].map { [$0] } ?? [] }

  /// The tips placed on a screen, in anchor order then definition order (rule 29).
  public func tips(on screen: String) -> [String] { (tipsByScreen[screen] ?? []).map { engine.catalog.tips[$0].name } }

  /// The outcome of the tip's most recent evaluation on an open screen.
  public func lastEvaluation(of tip: String) -> Evaluation? { engine.catalog.index(ofTip: tip).flatMap { lastEvaluation[$0] } }

  /// Records `reasons` as the ones last logged for the tip of this name.
  mutating func setLastLogged(_ reasons: [Suppression], forTipNamed tip: String) {
    if let index = engine.catalog.index(ofTip: tip) { lastLogged[index] = reasons }
  }

  /// The name of the tip at `index` in the catalog.
  func tipName(_ index: Int) -> String { engine.catalog.tips[index].name }

  /// Where the tip at `index` in the catalog is presented (`placements`, by index).
  func placement(ofTipAt index: Int) -> Placement? {
    let placement = index < tipPlacements.count ? tipPlacements[index] : nil
    assert(placement == placements[tipName(index)], "the placement of \(tipName(index)) is stale")
    return placement
  }

  /// The same world with its definitions' arrays and indices rebuilt: population hands each
  /// thread its own, so that two cores never retain the same array.
  public func unshared() -> World {
    var copy = self
    copy.engine.catalog.unshare()
    copy.screens = screens.map { $0 }
    copy.placements = placements.mapValues { $0 }
    copy.placeChoices = placeChoices.mapValues { $0 }
    copy.bindings = bindings.mapValues { $0 }
    copy.stores = stores.map { $0 }
    copy.deviceOrder = deviceOrder.map { $0 }
    copy.indexPlacements()
    return copy
  }

  /// Recomputes `tipsByScreen` after a screen or tip definition.
  mutating func indexPlacements() {
    // One pass over the tips (by index: a definition is not copied), grouping them by
    // screen and anchor in definition order; asking every tip for every anchor was quadratic.
    var placed: NameMap<NameMap<[Int]>> = [:]
    var tipPlacements = [Placement?](repeating: nil, count: engine.catalog.tips.count)
    for position in engine.catalog.tips.indices {
      guard let placement = placements[engine.catalog.tips[position].name] else { continue }
      tipPlacements[position] = placement
      placed[placement.screen, default: [:]][placement.anchor, default: []].append(position)
    }
    self.tipPlacements = tipPlacements
    var index: NameMap<[Int]> = [:]
    var numbers: NameMap<Int> = [:]
    var slots = [TipSlot?](repeating: nil, count: engine.catalog.tips.count)
    for (screen, definition) in screens.enumerated() {
      let anchors = placed[definition.name] ?? [:]
      let tips: [Int] = definition.anchors.flatMap { anchors[$0] ?? [] }
      index[definition.name] = tips
      numbers[definition.name] = screen
      for (position, tip) in tips.enumerated() { slots[tip] = TipSlot(screen: screen, position: position) }
    }
    tipsByScreen = index
    screenNumbers = numbers
    screenTips = screens.map { index[$0.name] ?? [] }
    self.slots = slots
    // A screen may be defined again, or after it opened: every open screen finds its index again.
    func reindex(_ open: inout [OpenScreen]) {
      for i in open.indices { open[i].screen = numbers[open[i].name] ?? -1 }
    }
    reindex(&openScreens)
    for device in parked.indices { reindex(&parked[device].openScreens) }
  }
}

extension [[Int]] {
  /// The tips of an open screen, by index in the catalog (`World.screenTips`), given the
  /// opening's `screen` (-1 for an undefined screen): reading that one field does not copy
  /// the opening, as passing it did (its name, sets and popover retained, then released).
  subscript(openScreen screen: Int) -> [Int] { screen < 0 ? [] : self[screen] }
}

/// Where a tip is evaluated: its screen, and its position among the screen's tips.
struct TipSlot: Hashable, Sendable {
  /// The screen's index in `screens`.
  var screen: Int
  var position: Int
}

/// Where the app's code is: the reactions of each trigger, the action of each name.
struct AppCodeIndex: Sendable {
  var reactions: [Reaction.Trigger: [Int]] = [:]
  var actions: [String: Int] = [:]
}
