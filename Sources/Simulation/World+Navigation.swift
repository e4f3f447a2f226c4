import TipEngine

extension World {
  /// The app launches or quits; a screen opens or closes.
  /// `reopening`: a screen that comes back with the app (`foreground`), whose appear code
  /// does not run again and whose anchors stay as they were.
  mutating func navigate(_ command: Command, reopening: Bool = false, log: inout Log) throws(SimulationError) {
    switch command {
    case .launch:
      guard !isRunning else { throw .alreadyRunning }
      engine.configuration.frequency = frequency
      // The app's code before `Tips.configure` (a `Tips.resetDatastore()`, say).
      runNow(.appLaunching, log: &log)
      // This launch's testing arguments, if any were given (rule 33).
      engine.configuration.testing = launchArguments ?? TestingOverrides()
      launchArguments = nil
      let reset = engine.configure(at: clock)
      isRunning = true
      log.add(.launched(frequency: frequency, transientReset: reset))
      happened(.appLaunch)
      syncBoundParameters(bindings.keys.sorted(), log: &log)
    case .background:
      try World.require(isRunning, "background")
      guard backgroundedScreens == nil else {
        log.add(.warning(.scenePhaseAlready(background: true)))
        break
      }
      let screens = openScreens.map(\.name)
      log.add(.scenePhase(background: true, screens: screens))
      happened(.appBackground)
      for screen in openScreens {
        for tip in tips(on: screen.name) where onScreen[tip] != nil { endDisplay(of: tip, cause: .appBackground, log: &log) }
      }
      openScreens = []
      sheets = []
      backgroundedScreens = screens
    case .foreground:
      try World.require(isRunning, "foreground")
      guard let screens = backgroundedScreens else {
        log.add(.warning(.scenePhaseAlready(background: false)))
        break
      }
      backgroundedScreens = nil
      log.add(.scenePhase(background: false, screens: screens))
      for screen in screens { try navigate(.open(screen), reopening: true, log: &log) }
    case .quit:
      guard isRunning else { throw .notRunning }
      backgroundedScreens = nil
      log.add(.quit)
      for screen in openScreens {
        for tip in tips(on: screen.name) where onScreen[tip] != nil { endDisplay(of: tip, cause: .appQuit, log: &log) }
      }
      openScreens = []
      sheets = []
      hiddenAnchors = []
      notPresented = []
      engine.terminate(at: clock)
      isRunning = false
      // The overrides were the running app's calls, or this launch's arguments (rule 33).
      if !engine.configuration.testing.isEmpty {
        engine.configuration.testing = TestingOverrides()
        log.add(.note(.testingEnded))
      }
    case .open(let screen):
      try World.require(isRunning, "open")
      guard backgroundedScreens == nil else {
        throw .inBackground
      }
      guard !openScreens.contains(where: { $0.name == screen }) else {
        log.add(.warning(.screenAlreadyOpen(screen: screen)))
        break
      }
      let definition = screenNumbers[screen]
      openScreens.append(OpenScreen(name: screen, screen: definition ?? -1, openedAt: clock))
      cache.reopen(tipsByScreen[screen] ?? [], at: clock)
      log.add(.screenOpened(screen))
      if !lastLogged.isEmpty {
        for tip in tipsByScreen[screen] ?? [] { lastLogged[tip] = nil }
      }
      if !bindings.isEmpty {
        let readers = tips(on: screen).flatMap { engine.catalog.tip(named: $0)?.rules.flatMap(\.parameterNames) ?? [] }
        syncBoundParameters(readers.filter { bindings[$0] != nil }, log: &log)
      }
      if !reopening {
        // Anchors the app shows only under a condition start hidden at each visit.
        // Read in place: copying the definition at every open showed in population runs.
        if let definition, !screens[definition].hiddenAnchors.isEmpty {
          for anchor in screens[definition].hiddenAnchors { hiddenAnchors.insert("\(screen).\(anchor)") }
        }
        // And those it shows only while an app condition holds, hidden while it does not.
        if let definition, !screens[definition].anchorConditions.isEmpty {
          for anchor in anchorsHiddenByConditions(of: definition) { hiddenAnchors.insert("\(screen).\(anchor)") }
        }
        // The screen's appear code runs before its tips are decided (`onAppear`, `viewWillAppear`).
        runNow(.screenOpened(screen), log: &log)
      }
    case .close(let screen):
      try World.require(isRunning, "close")
      guard openScreens.contains(where: { $0.name == screen }) else {
        log.add(.warning(.screenNotOpen(screen: screen)))
        break
      }
      log.add(.screenClosed(screen))
      if !onScreen.isEmpty {
        for index in tipsByScreen[screen] ?? [] {
          let tip = tipName(index)
          if onScreen.contains(tip) { endDisplay(of: tip, cause: .screenClosed, log: &log) }
        }
      }
      // A screen is open once at most: removing it by index spares `removeAll`'s pass.
      if let index = openScreens.firstIndex(where: { $0.name == screen }) { openScreens.remove(at: index) }
      if !sheets.isEmpty { sheets.remove(screen) }
      if !hiddenAnchors.isEmpty { hiddenAnchors = hiddenAnchors.filter { !$0.hasPrefix(screen + ".") } }
      happened(.screenClosed(screen))
    default: preconditionFailure("not handled here: \(command)")
    }
  }
}

extension World {
  /// A tip the app displays at several places shows at one at a time (the simulation's
  /// choice; TipKit leaves it to the views): where it is on screen; else its place on the
  /// most recently opened screen whose anchor is in view; on none, the first given.
  mutating func choosePlaces() {
    var changed = false
    for (tip, choices) in placeChoices {
      let chosen = onScreen[tip]?.placement ?? place(among: choices)
      if placements[tip] != chosen {
        placements[tip] = chosen
        changed = true
      }
    }
    guard changed else { return }
    indexPlacements()
    cache.removeAll()
  }

  private func place(among choices: [Placement]) -> Placement {
    for open in openScreens.reversed() {
      // A hidden anchor is named by its text: built only when one is hidden.
      if let place = choices.first(where: { $0.screen == open.name && (hiddenAnchors.isEmpty || !hiddenAnchors.contains($0.description)) })
      {
        return place
      }
    }
    return choices[0]
  }
}
