import TipEngine

extension World {
  /// What the user does to a tip or a screen: the close button, a tap outside, an action button, a control; an anchor scrolled away, a sheet; the app invalidating a tip.
  mutating func act(_ command: Command, log: inout Log) throws(SimulationError) {
    switch command {
    case .dismiss(let tip):
      try World.require(isRunning, "dismiss")
      guard onScreen[tip] != nil else {
        log.add(.warning(.noCloseButton(tip: tip)))
        break
      }
      try invalidate(tip, .tipClosed, cause: .closeButton, log: &log)
    case .tapOutside(let tip):
      try World.require(isRunning, "tapoutside")
      guard let shown = onScreen[tip] else {
        log.add(.warning(.tipNotOnScreen(tip: tip)))
        break
      }
      guard shown.placement.style == .popover else {
        log.add(.warning(.inlineHasNoOutside(tip: tip)))
        break
      }
      endDisplay(of: tip, cause: .tappedOutside, log: &log)
      keepDismissed(tip, on: shown.placement.screen)
    case .tapAction(let tip, let action):
      try World.require(isRunning, "tap")
      guard onScreen[tip] != nil else {
        log.add(.warning(.noButtons(tip: tip)))
        break
      }
      let title = engine.catalog.tip(named: tip)?.actions.first { $0.id == action }?.title ?? action
      // Rule 8: an action does not invalidate the tip by itself.
      log.add(.actionTapped(tip: tip, action: action, title: title))
    case .invalidate(let tip, let reason):
      try World.require(isRunning, "invalidate")
      guard warnsOfTheDurationReason(reason, for: [tip], log: &log) else { break }
      try invalidate(tip, reason, cause: .command, log: &log)
    case .invalidateAll(let reason):
      try World.require(isRunning, "invalidate")
      guard warnsOfTheDurationReason(reason, for: engine.catalog.tips.map(\.name), log: &log) else { break }
      let tips = engine.catalog.tips.map(\.name)
      guard !tips.isEmpty else {
        log.add(.warning(.nothingToInvalidate))
        break
      }
      // Tips sharing an id are one record: the first invalidates the others.
      for tip in tips where engine.record(of: tip).invalidation == nil {
        try invalidate(tip, reason, cause: .command, log: &log)
      }
    case .setAnchorVisible(let screen, let anchor, let visible):
      try World.require(isRunning, visible ? "show" : "hide")
      let key = "\(screen).\(anchor)"
      guard isOpen(screen) else {
        log.add(.warning(.screenNotOpen(screen: screen)))
        break
      }
      guard visible ? hiddenAnchors.remove(key) != nil : hiddenAnchors.insert(key).inserted else {
        log.add(.warning(.anchorAlready(anchor: key, visible: visible)))
        break
      }
      let affected = tips(on: screen).filter { onScreen[$0]?.placement.anchor == anchor }
      log.add(.anchorChanged(screen: screen, anchor: anchor, visible: visible, tips: affected))
      if !visible && engine.configuration.policies.anchorHidden == .endDisplay {
        for tip in affected { endDisplay(of: tip, cause: .anchorHidden, log: &log) }
      }
    case .setPresented(let tip, let presented):
      try World.require(isRunning, "isPresented")
      guard engine.configuration.tipKit.offers(.presentationBinding) else {
        log.add(.warning(.apiUnavailable(.presentationBinding, os: effectiveOS, users: [tip])))
        break
      }
      guard presented ? notPresented.remove(tip) != nil : notPresented.insert(tip).inserted else { break }
      log.add(.note(.presentedBinding(tip: tip, presented: presented)))
      if !presented && onScreen[tip] != nil { endDisplay(of: tip, cause: .notPresented, log: &log) }
    case .setSheet(let screen, let presented):
      try World.require(isRunning, presented ? "present" : "dismiss-sheet")
      guard isOpen(screen) else { throw .screenNotOpen(screen) }
      guard presented ? sheets.insert(screen).inserted : sheets.remove(screen) != nil else {
        log.add(.warning(.sheetAlready(screen: screen, presented: presented)))
        break
      }
      log.add(.sheetChanged(screen: screen, presented: presented, tips: tips(on: screen).filter { onScreen[$0] != nil }))
    case .tapControl(let screen, let anchor):
      try World.require(isRunning, "tap")
      guard isOpen(screen) else {
        log.add(.warning(.controlsNotOpen(screen: screen)))
        break
      }
      guard !sheets.contains(screen) else {
        log.add(.warning(.tapGoesToSheet(screen: screen)))
        break
      }
      let seen = tips(on: screen).filter { isVisible($0) }
      if let blocker = seen.first(where: { onScreen[$0].map { mode(of: $0.placement) } == .blocking }) {
        log.add(.controlTapped(screen: screen, anchor: anchor, refusedBy: blocker))
        break
      }
      log.add(.controlTapped(screen: screen, anchor: anchor, refusedBy: nil))
      for tip in seen where onScreen[tip].map({ mode(of: $0.placement) }) == .tapToDismiss {
        endDisplay(of: tip, cause: .otherTap("\(screen).\(anchor)"), log: &log)
        keepDismissed(tip, on: screen)
      }
    default: preconditionFailure("not handled here: \(command)")
    }
  }
}

extension World {
  /// Whether the app can invalidate with `reason` on the device's OS: `displayDurationExceeded`
  /// came with iOS 18, so before it the call does nothing and warns (rule 44).
  mutating func warnsOfTheDurationReason(_ reason: InvalidationReason, for tips: [String], log: inout Log) -> Bool {
    guard reason == .displayDurationExceeded, !engine.configuration.tipKit.offers(.displayDurationReason) else { return true }
    log.add(.warning(.apiUnavailable(.displayDurationReason, os: effectiveOS, users: tips)))
    return false
  }
}
