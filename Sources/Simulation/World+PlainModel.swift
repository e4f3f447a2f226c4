import TipEngine

/// The plain model of presentation: without the speed machinery (`usesShortcuts` off), every
/// tip on an open screen is decided afresh at every step by the engine's one decision, and
/// time travel scans for the next change. The differential test replays stories, the fuzz
/// fixtures and generated scenarios both ways and compares every record.
extension World {
  /// `reconcile` as the model says it: displays that must end, then passes over every tip on
  /// an open screen in evaluation order until none appears (rules 29, 30, 37, 38).
  mutating func reconcilePlainly(log: inout Log) {
    // 1. Displays that must end.
    for screenIndex in openScreens.indices {
      for index in screenTips[openScreen: openScreens[screenIndex].screen] {
        let tip = tipName(index)
        guard let shown = onScreen[tip], !shown.invalidatedAtStart else { continue }
        let decision = engine.decision(for: tip, at: clock)
        if !decision.shouldDisplay {
          let reasons = decision.holds.map(Suppression.hold)
          endDisplay(of: tip, cause: .noLongerAvailable(reasons), log: &log)
          keepLogged(reasons, ofTipAt: index)
        } else if let (group, selection) = displacingGroup(of: tip) {
          let reason = World.groupSuppression(group, selection)
          endDisplay(of: tip, cause: .displaced(group: group.name, by: selection.current), log: &log)
          keepLogged([reason], ofTipAt: index)
        }
      }
    }
    // 2. Tips that may appear; one that appears can hold back tips decided before it.
    var pass = 0
    var appeared = true
    while appeared && pass < 16 {
      appeared = false
      pass += 1
      for screenIndex in openScreens.indices {
        for index in screenTips[openScreen: openScreens[screenIndex].screen] {
          let tip = tipName(index)
          guard onScreen[tip] == nil else { continue }
          let reasons = suppressions(of: tip, onOpen: screenIndex)
          if reasons.isEmpty {
            beginDisplay(of: index, screenIndex: screenIndex, log: &log)
            appeared = true
            continue
          }
          guard !isQuiet else { continue }
          if case .suppressed(let last, _)? = lastEvaluation[index], last == reasons {
          } else {
            lastEvaluation[index] = .suppressed(reasons, at: clock)
          }
          if reasons.isNews(after: lastLogged[index]) {
            if let placement = placement(ofTipAt: index) { log.add(.suppressed(TipRef(tip: tip, placement: placement), reasons: reasons)) }
            lastLogged[index] = reasons
          }
        }
      }
    }
  }

  /// What a display that ended was last held back by, for the log's next comparison.
  private mutating func keepLogged(_ reasons: [Suppression], ofTipAt index: Int) {
    guard !isQuiet else { return }
    lastLogged[index] = reasons
    lastEvaluation[index] = .suppressed(reasons, at: clock)
  }
}
