import TipEngine

/// Time travel: the clock moves from change to change, never ticking.
extension World {
  /// Moves the clock to `target` through every instant at which time alone changes
  /// something on any device, or an iCloud delivery arrives, applying and logging each at
  /// its own instant; it never ticks.
  mutating func advance(to target: Instant, log: inout Log) {
    let from = clock
    var step = nextObservableInstant()
    while let next = step.next, next <= target {
      moveClock(to: next, log: &log)
      // What time brought about (a limit reached, a tip appearing) is reacted to at its instant.
      if !triggered.isEmpty { runReactions(log: &log) }
      step = nextObservableInstant()
    }
    if step.settled {
      // Every tip on an open screen keeps its reasons past the target, and no interval end,
      // duration limit or delivery comes before it: only the clock moves.
      if target != clock { clockHasMoved = true }
      clock = target
      log.instant = target
    } else {
      moveClock(to: target, log: &log)
    }
    log.add(.advanced(from: from, to: target))
  }

  /// The earliest instant after `now` at which anything changes by time alone, on any device.
  /// With `observableOnly`, only what can change what a screen shows: windows read by tips on
  /// open screens, interval ends, duration limits and iCloud deliveries. Stepping through the
  /// others would change nothing visible, and the engine answers them exactly when asked.
  public func nextInstant(after now: Instant, observableOnly: Bool = false) -> Instant? {
    if usesShortcuts, observableOnly, case let known = nextChangeOfOpenTips(after: now), known.isKnown { return known.instant }
    return scanNextInstant(after: now, observableOnly: observableOnly)
  }

  func scanNextInstant(after now: Instant, observableOnly: Bool) -> Instant? {
    var candidates = pendingSync.map(\.at).filter { $0 > now }
    func scan(_ engine: TipEngine, _ openScreens: [OpenScreen]) {
      guard observableOnly else {
        if let next = engine.nextChange(after: now) { candidates.append(next) }
        return
      }
      // The tips on open screens, by index; a group member off screen can change which
      // member an open screen presents.
      var open: [Int] = []
      for screen in openScreens { open += screenTips[openScreen: screen.screen] }
      if !engine.catalog.groups.isEmpty {
        let members = open.flatMap { engine.groups(containing: tipName($0)).flatMap(\.members) }
        open += members.compactMap { engine.catalog.index(ofTip: $0) }
      }
      if let next = engine.nextChange(after: now, readByTipsAt: open) { candidates.append(next) }
    }
    scan(engine, openScreens)
    for device in parked { scan(device.engine, device.openScreens) }
    return candidates.min()
  }

  mutating func moveClock(to instant: Instant, log: inout Log) {
    if instant != clock { clockHasMoved = true }
    clock = instant
    log.instant = instant
    forEachDevice(log: &log) { world, log in world.settle(log: &log) }
    deliverSync(upTo: instant, log: &log)
    sendSync(log: &log)
  }
}
