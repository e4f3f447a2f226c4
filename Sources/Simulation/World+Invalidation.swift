import TipEngine

extension World {
  /// Invalidates `tip` (rule 5). A display it is in ends (rule 38) unless a testing
  /// show-override keeps the tip available: then only the stored state changes, and the display
  /// goes on and counts once (rule 33). The close button is the user's act: it ends the display
  /// whatever the status, and under such an override the tip stays off while its screen stays
  /// open, as after tapping outside (rule 36).
  mutating func invalidate(_ tip: String, _ reason: InvalidationReason, cause: InvalidationCause, log: inout Log)
    throws(SimulationError)
  {
    let changed: Bool
    do { changed = try engine.invalidate(tip, reason: reason, at: clock) } catch { throw .unknown(.tip, tip) }
    if changed {
      logInvalidation(of: tip, reason, cause: cause, log: &log)
    } else if cause != .closeButton || onScreen[tip] == nil {
      log.add(.warning(.alreadyInStatus(tip: tip, status: engine.status(of: tip, at: clock))))
      return
    }
    guard let shown = onScreen[tip] else { return }
    let record = engine.record(of: tip)
    let hold = Suppression.hold(.invalidated(record.invalidation ?? reason, at: record.invalidatedAt ?? clock))
    switch (cause, engine.decision(for: tip, at: clock).shouldDisplay) {
    case (.closeButton, true):
      endDisplay(of: tip, cause: .closeButton, log: &log)
      keepDismissed(tip, on: shown.placement.screen)
    case (.closeButton, false):
      endDisplay(of: tip, cause: .closeButton, log: &log)
      setLastLogged([hold], forTipNamed: tip)
    case (_, true):
      break
    case (_, false):
      endDisplay(of: tip, cause: .noLongerAvailable([hold]), log: &log)
      setLastLogged([hold], forTipNamed: tip)
    }
  }

  /// A display the user ended on `screen` (tapped outside, another control, the close button
  /// under a show-override): the tip stays off while the screen stays open (rule 36).
  mutating func keepDismissed(_ tip: String, on screen: String) {
    guard let index = openScreens.firstIndex(where: { $0.name == screen }) else { return }
    openScreens[index].dismissed[tip] = clock
    setLastLogged([.dismissed(at: clock)], forTipNamed: tip)
  }

  mutating func logInvalidation(of tip: String, _ reason: InvalidationReason, cause: InvalidationCause, log: inout Log) {
    happened(.invalidated(tip: tip, reason: reason))
    let record = engine.record(of: tip)
    log.add(
      .invalidated(
        tip: tip, reason: reason, displays: record.displayCount, maximum: engine.catalog.tip(named: tip)?.options.maxDisplayCount,
        cause: cause))
  }
}
