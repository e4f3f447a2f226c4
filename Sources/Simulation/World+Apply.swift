import TipEngine

extension World {
  /// Applies one command at the current instant and returns what happened, in order. With
  /// `instant`, the clock first moves there as `advance to` does (population's steps: one
  /// call instead of two).
  public mutating func apply(_ command: Command, at instant: Instant? = nil) throws(SimulationError) -> [LogRecord] {
    var log = newLog
    try apply(command, at: instant, log: &log)
    return log.records
  }

  /// The same, appending the records to `records` (a replay's batch, which then holds the
  /// records of many commands in one array). When the command fails, `records` is left as it
  /// was.
  public mutating func apply(_ command: Command, at instant: Instant? = nil, appendingTo records: inout [LogRecord])
    throws(SimulationError)
  {
    var log = newLog
    let start = records.count
    // The log writes into `records` in place: lent, not copied.
    swap(&log.records, &records)
    defer { swap(&log.records, &records) }
    do { try apply(command, at: instant, log: &log) } catch {
      log.records.removeSubrange(start...)
      throw error
    }
  }

  /// An empty log at the current instant, tagged with the device where there are several.
  private var newLog: Log { Log(instant: clock, device: hasDevices && !isQuiet ? deviceName : nil, isQuiet: isQuiet) }

  private mutating func apply(_ command: Command, at instant: Instant?, log: inout Log) throws(SimulationError) {
    if let instant, instant > clock { advance(to: instant, log: &log) }
    // Tips reading a donated event or a written parameter whose entries may survive it, and
    // what they read (an optional, so most commands make no array).
    var kept: (tips: [Int], input: TipEngine.RuleInput)?
    // A donation's event or a written parameter, looked up once: the engine, the cache and
    // the log read it by index.
    var inputIndex: Int?
    switch command {
    case .donate(let event, _):
      inputIndex = engine.catalog.index(ofEvent: event)
      kept = forgetReaders(inputIndex.map { engine.catalog.readers(ofEventAt: $0) } ?? []) { _ in inputIndex.map { .event($0) } }
    case .set(let parameter, _):
      inputIndex = engine.catalog.index(ofParameter: parameter)
      kept = forgetReaders(inputIndex.map { engine.catalog.readers(ofParameterAt: $0) } ?? []) { _ in inputIndex.map { .parameter($0) } }
    case .open(let screen), .close(let screen):
      // Only reasons that belong to one opening of the screen (tapped away, popover slot,
      // hidden anchor) are forgotten; a display that ends, or a bound parameter that opening
      // syncs, forgets what they affect.
      cache.evictOpeningReasons(of: tipsByScreen[screen] ?? [])
    case .advance, .advanceTo, .next: break
    default: cache.removeAll()
    }
    switch command {
    case .setTimeZone(let zone):
      guard !clockHasMoved else { throw SimulationError("`timezone` must come before the clock moves") }
      let civil = timeZone.civil(of: clock)
      timeZone = zone
      clock = zone.instant(of: civil)
      log.instant = clock
    case .setStart(let instant):
      guard !clockHasMoved else { throw SimulationError("`start` must come before the clock moves") }
      clock = instant
    case .setFrequency(let frequency):
      self.frequency = frequency
      if isRunning {
        log.add(.note("frequency \(frequency.rawValue) takes effect at the next launch (Tips.configure runs at launch)"))
      }
    case .setPolicy(let name, let value):
      try setPolicy(name, value, log: &log)
    case .defineParameter(let parameter, let binding):
      var parameter = parameter
      parameter.boundTo = binding?.description
      engine.catalog.define(parameter)
      bindings[parameter.name] = binding
      if isRunning, binding != nil { syncBoundParameters([parameter.name], log: &log) }
    case .defineStore(let name):
      if store(named: name) == nil { stores.append(ExternalStore(name: name)) }
    case .defineStoreKey(let key, let initial):
      if store(named: key.store) == nil { stores.append(ExternalStore(name: key.store)) }
      let index = stores.firstIndex { $0.name == key.store } ?? stores.endIndex - 1
      if !stores[index].keys.contains(key.key) { stores[index].keys.append(key.key) }
      stores[index].values[key.key] = initial
      stores[index].initial[key.key] = initial
    case .defineEvent(let event):
      engine.catalog.define(event)
    case .defineScreen(let screen):
      if let index = screens.index(named: screen.name) { screens[index] = screen } else { screens.append(screen) }
      indexPlacements()
    case .defineTip(let tip, let placement):
      engine.catalog.define(tip)
      placements[tip.name] = placement
      indexPlacements()
    case .defineGroup(let group):
      engine.catalog.define(group)
    case .launch:
      guard !isRunning else { throw SimulationError("the app is already running; `quit` first") }
      engine.configuration.frequency = frequency
      let reset = engine.configure(at: clock)
      isRunning = true
      log.add(.launched(frequency: frequency, transientReset: reset))
      syncBoundParameters(bindings.keys.sorted(), log: &log)
    case .quit:
      guard isRunning else { throw SimulationError("the app is not running") }
      log.add(.quit)
      for screen in openScreens {
        for tip in tips(on: screen.name) where onScreen[tip] != nil { endDisplay(of: tip, cause: .appQuit, log: &log) }
      }
      openScreens = []
      sheets = []
      hiddenAnchors = []
      engine.terminate(at: clock)
      isRunning = false
    case .open(let screen):
      try World.require(isRunning, "open")
      guard !openScreens.contains(where: { $0.name == screen }) else {
        log.add(.warning("\(screen) is already open"))
        break
      }
      openScreens.append(OpenScreen(name: screen, screen: screens.index(named: screen) ?? -1, openedAt: clock))
      cache.reopen(tipsByScreen[screen] ?? [], at: clock)
      log.add(.screenOpened(screen))
      if !lastLogged.isEmpty {
        for tip in tipsByScreen[screen] ?? [] { lastLogged[tip] = nil }
      }
      if !bindings.isEmpty {
        let readers = tips(on: screen).flatMap { engine.catalog.tip(named: $0)?.rules.flatMap(\.parameterNames) ?? [] }
        syncBoundParameters(readers.filter { bindings[$0] != nil }, log: &log)
      }
    case .close(let screen):
      try World.require(isRunning, "close")
      guard openScreens.contains(where: { $0.name == screen }) else {
        log.add(.warning("\(screen) is not open"))
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
    case .set(let name, let value):
      guard let parameterIndex = inputIndex else { throw SimulationError("unknown parameter \(name)") }
      switch engine.setParameter(at: parameterIndex, to: value, at: clock) {
      case .ignoredNotConfigured:
        log.add(.warning("set \(name) \(value) before launch has no effect: TipKit is not configured (rule 11)"))
      case .unchanged: break
      case .changed(let old): log.add(.parameterChanged(name: name, from: old, to: value, via: nil))
      }
    case .write(let key, let value):
      guard let index = stores.firstIndex(where: { $0.name == key.store }) else { throw SimulationError("unknown store \(key.store)") }
      if !stores[index].keys.contains(key.key) { stores[index].keys.append(key.key) }
      stores[index].values[key.key] = value
      log.add(.storeWritten(key, value))
      if isRunning { syncBoundParameters(bindings.filter { $0.value == key }.keys.sorted(), log: &log) }
    case .donate(let event, let fields):
      guard let eventIndex = inputIndex else { throw SimulationError("unknown event \(event)") }
      if let kept = engine.donate(eventAt: eventIndex, fields: fields, at: clock) {
        log.add(.donated(event: event, fields: loggedFields(fields, ofEventAt: eventIndex), kept: kept))
      } else {
        log.add(.warning("donate \(event) before launch has no effect: TipKit is not configured (rule 11)"))
      }
    case .dismiss(let tip):
      try World.require(isRunning, "dismiss")
      guard onScreen[tip] != nil else {
        log.add(.warning("\(tip) is not on screen; there is no close button to tap"))
        break
      }
      try invalidate(tip, .tipClosed, cause: .closeButton, log: &log)
    case .tapOutside(let tip):
      try World.require(isRunning, "tapoutside")
      guard let shown = onScreen[tip] else {
        log.add(.warning("\(tip) is not on screen"))
        break
      }
      guard shown.placement.style == .popover else {
        log.add(.warning("\(tip) is an inline tip: it has no outside to tap; use `dismiss` for its close button"))
        break
      }
      endDisplay(of: tip, cause: .tappedOutside, log: &log)
      keepDismissed(tip, on: shown.placement.screen)
    case .tapAction(let tip, let action):
      try World.require(isRunning, "tap")
      guard onScreen[tip] != nil else {
        log.add(.warning("\(tip) is not on screen; its buttons cannot be tapped"))
        break
      }
      let title = engine.catalog.tip(named: tip)?.actions.first { $0.id == action }?.title ?? action
      // Rule 8: an action does not invalidate the tip by itself.
      log.add(.actionTapped(tip: tip, action: action, title: title))
    case .invalidate(let tip, let reason):
      try World.require(isRunning, "invalidate")
      try invalidate(tip, reason, cause: .command, log: &log)
    case .advance(let span):
      guard span.seconds >= 0 else { throw SimulationError("cannot advance by a negative duration") }
      advance(to: clock + span, log: &log)
    case .advanceTo(let target):
      guard target >= clock else {
        throw SimulationError("\(timeZone.civil(of: target).iso) is in the past (the clock reads \(timeZone.civil(of: clock).iso))")
      }
      advance(to: target, log: &log)
    case .next:
      guard let next = nextInstant(after: clock) else {
        log.add(.warning("nothing changes by time alone from here: every tip waits for an action"))
        break
      }
      var causes: [TipEngine.ChangeCause] = []
      for cause in allEngines.flatMap({ $0.causes(at: next, after: clock) }) where !causes.contains(cause) { causes.append(cause) }
      let before = engine.catalog.tips.map { engine.status(of: $0.name, at: clock) }
      advance(to: next, log: &log)
      log.add(.timeStep(causes))
      for (tip, old) in zip(engine.catalog.tips.map(\.name), before) {
        let new = engine.status(of: tip, at: clock)
        if new != old { log.add(.statusChanged(tip: tip, from: old, to: new)) }
      }
    case .nextFor(let tip):
      if let shown = onScreen[tip] {
        log.add(.note("\(tip) is on screen now, at \(shown.placement)"))
        break
      }
      guard let at = engine.nextAvailability(of: tip, from: clock) else {
        let decision = engine.decision(for: tip, at: clock)
        let hints = actionHints(for: tip, decision: decision, presentation: [])
        log.add(
          .warning(
            "no passage of time alone makes \(tip) available; it would take: \(hints.isEmpty ? "a reset" : hints.joined(separator: "; "))"))
        break
      }
      let jumped = at > clock
      if jumped { advance(to: at, log: &log) }
      let place: String
      if onScreen[tip] != nil {
        place = ", on screen"
      } else if let screen = placements[tip]?.screen {
        place = isOpen(screen) ? "; its screen \(screen) is open" : "; it can appear when \(screen) opens"
      } else {
        place = ""
      }
      log.add(.note("\(tip) is available\(jumped ? "" : " now")\(place)"))
    case .setAnchorVisible(let screen, let anchor, let visible):
      try World.require(isRunning, visible ? "show" : "hide")
      let key = "\(screen).\(anchor)"
      guard isOpen(screen) else {
        log.add(.warning("\(screen) is not open"))
        break
      }
      guard visible ? hiddenAnchors.remove(key) != nil : hiddenAnchors.insert(key).inserted else {
        log.add(.warning("\(key) is already \(visible ? "visible" : "hidden")"))
        break
      }
      let affected = tips(on: screen).filter { onScreen[$0]?.placement.anchor == anchor }
      log.add(.anchorChanged(screen: screen, anchor: anchor, visible: visible, tips: affected))
      if !visible && engine.configuration.policies.anchorHidden == .endDisplay {
        for tip in affected { endDisplay(of: tip, cause: .anchorHidden, log: &log) }
      }
    case .setSheet(let screen, let presented):
      try World.require(isRunning, presented ? "present" : "dismiss-sheet")
      guard isOpen(screen) else { throw SimulationError("\(screen) is not open") }
      guard presented ? sheets.insert(screen).inserted : sheets.remove(screen) != nil else {
        log.add(.warning(presented ? "a sheet already covers \(screen)" : "no sheet covers \(screen)"))
        break
      }
      log.add(.sheetChanged(screen: screen, presented: presented, tips: tips(on: screen).filter { onScreen[$0] != nil }))
    case .tapControl(let screen, let anchor):
      try World.require(isRunning, "tap")
      guard isOpen(screen) else {
        log.add(.warning("\(screen) is not open; its controls cannot be tapped"))
        break
      }
      guard !sheets.contains(screen) else {
        log.add(.warning("a sheet covers \(screen): the tap goes to the sheet"))
        break
      }
      let seen = tips(on: screen).filter { isVisible($0) }
      if let blocker = seen.first(where: { onScreen[$0]?.placement.mode == .blocking }) {
        log.add(.controlTapped(screen: screen, anchor: anchor, refusedBy: blocker))
        break
      }
      log.add(.controlTapped(screen: screen, anchor: anchor, refusedBy: nil))
      for tip in seen where onScreen[tip]?.placement.mode == .tapToDismiss {
        endDisplay(of: tip, cause: .otherTap("\(screen).\(anchor)"), log: &log)
        keepDismissed(tip, on: screen)
      }
    case .setOS(let version):
      osVersion = version
    case .overrideOS(let version):
      osOverride = version
    case .defineDevice(let name, let os):
      try defineDevice(name, os: os)
    case .use(let name):
      try use(name)
      log.device = name
      log.add(.note("now on \(name)"))
    case .on(let name, let inner):
      log.records += try on(name, log: &log) { world, _ throws(SimulationError) in try world.apply(inner) }
    case .setSync(let on):
      syncEnabled = on
      lastSent = [:]
      log.add(
        .note(
          "iCloud sync \(on ? "on: tip status, display history and donations reach the other devices after \(engine.configuration.policies.syncDelay)" : "off: state is per device") (rule 39)"
        ))
    case .testing(let change):
      var testing = engine.configuration.testing
      switch change {
      case .showAll: testing.showAll = true
      case .hideAll: testing.hideAll = true
      case .show(let tips): testing.show += tips.filter { !testing.show.contains($0) }
      case .hide(let tips): testing.hide += tips.filter { !testing.hide.contains($0) }
      case .off: testing = TestingOverrides()
      }
      engine.configuration.testing = testing
      log.add(.testing(testing))
    case .resetDatastore:
      guard !isRunning else {
        throw SimulationError("`reset` is Tips.resetDatastore(), which must come before configuration: `quit` first (rule 34)")
      }
      do { try engine.resetDatastore() } catch { throw SimulationError("resetDatastore must come before configuration") }
      lastEvaluation.removeAll()
      log.add(.datastoreReset)
    case .resetEligibility(let tip):
      do { try engine.resetEligibility(tip, at: clock) } catch { throw SimulationError("unknown tip \(tip)") }
      log.add(.eligibilityReset(tip: tip, status: engine.status(of: tip, at: clock)))
    }
    // The donation or write is made: the kept entries are checked against it.
    if let kept = kept.take() { keep(kept.tips, reading: kept.input) }
    if command.isDefinition { shareDefinitions() }
    switch command {
    case .advance, .advanceTo:
      // Time travel has already brought every device in line at the target instant.
      break
    default:
      reconcile(log: &log)
      sendSync(log: &log)
    }
  }

  /// Static, so that `apply` does not copy the world to call it.
  private static func require(_ isRunning: Bool, _ verb: String) throws(SimulationError) {
    guard isRunning else { throw SimulationError("`\(verb)` needs a running app: `launch` first") }
  }

  private mutating func setPolicy(_ name: String, _ value: PolicyValue, log: inout Log) throws(SimulationError) {
    var policies = engine.configuration.policies
    let accepted: Bool
    switch value {
    case .word(let word): accepted = policies.set(name, to: word)
    case .duration(let span): accepted = policies.set(name, to: span)
    }
    guard accepted else {
      let choices = Policies.choices(of: name)
      throw SimulationError(
        choices.isEmpty ? "policy \(name) takes a duration" : "policy \(name) is one of: \(choices.joined(separator: ", "))")
    }
    engine.configuration.policies = policies
    log.add(.policySet(name: name, value: policies.value(of: name) ?? ""))
  }

  /// A bound parameter takes its store's value (scenario language: at launch, on a store
  /// write, and when a screen whose tips read it opens).
  mutating func syncBoundParameters(_ names: [String], log: inout Log) {
    for name in names {
      guard let key = bindings[name], let value = store(named: key.store)?.values[key.key] else { continue }
      guard let write = try? engine.setParameter(name, to: value, at: clock), write != .ignoredNotConfigured else { continue }
      // Even an unchanged value is a new write: the rules that read it now read its instant.
      cache.evict(engine.catalog.parameterReaders[name] ?? [])
      if case .changed(let old) = write { log.add(.parameterChanged(name: name, from: old, to: value, via: key)) }
    }
  }

  /// A donation's fields as its log record lists them: those the event defines, in the
  /// definition's order. A donation of one field (the usual case) needs no copy of the
  /// definition.
  private func loggedFields(_ fields: [String: Value], ofEventAt event: Int) -> [FieldValue] {
    if fields.count == 1, let (field, value) = fields.first {
      return engine.catalog.events[event].fields.contains(field) ? [FieldValue(field: field, value: value)] : []
    }
    guard !fields.isEmpty else { return [] }
    return engine.catalog.events[event].fields.compactMap { field in
      fields[field].map { FieldValue(field: field, value: $0) }
    }
  }
}

/// Records collected while applying one command; the instant moves as time travel does.
struct Log {
  var instant: Instant
  /// The device records are tagged with, when the scenario has devices.
  var device: String?
  var records: [LogRecord] = []
  /// Keeps no records (`World.isQuiet`).
  var isQuiet = false

  mutating func add(_ event: @autoclosure () -> LogEvent) {
    guard !isQuiet else { return }
    // Room for a few at the first: a command logs two or three records on average, and
    // growing one at a time reallocated twice per command.
    if records.capacity == 0 { records.reserveCapacity(4) }
    records.append(LogRecord(instant: instant, event: event(), device: device))
  }
}
