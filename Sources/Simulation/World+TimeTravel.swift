import TipEngine

extension World {
  /// `advance`, `next`, `next TIP`.
  mutating func travel(_ command: Command, log: inout Log) throws(SimulationError) {
    switch command {
    case .advance(let span):
      guard span.seconds >= 0 else { throw .negativeAdvance }
      advance(to: clock + span, log: &log)
    case .advanceTo(let target):
      guard target >= clock else {
        throw .inThePast(target: target, clock: clock)
      }
      advance(to: target, log: &log)
    case .next:
      guard let next = nextInstant(after: clock) else {
        log.add(.warning(.nothingChangesByTime))
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
        log.add(.note(.onScreenNow(tip: tip, placement: shown.placement)))
        break
      }
      guard let at = engine.nextAvailability(of: tip, from: clock) else {
        if let why = neverAvailable(tip) {
          log.add(.warning(.neverAvailable(tip: tip, why: why)))
          break
        }
        let decision = engine.decision(for: tip, at: clock)
        let hints = actionHints(for: tip, decision: decision, presentation: [])
        log.add(.warning(.neverAvailableByTime(tip: tip, hints: hints)))
        break
      }
      let jumped = at > clock
      if jumped { advance(to: at, log: &log) }
      let place: Note.AvailablePlace
      if onScreen[tip] != nil {
        place = .onScreen
      } else if let screen = placements[tip]?.screen {
        place = isOpen(screen) ? .screenOpen(screen) : .whenScreenOpens(screen)
      } else {
        place = .nowhere
      }
      log.add(.note(.availableNow(tip: tip, jumped: jumped, place: place)))
    default: preconditionFailure("not handled here: \(command)")
    }
  }
}
