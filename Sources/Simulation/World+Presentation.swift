import TipEngine

extension World {
  /// Brings what is on screen in line with the engine's decisions at the current instant:
  /// tips that stopped being available leave (rule 38), group members are displaced
  /// (rule 30), and every tip on an open screen that may show appears, in evaluation order —
  /// open screens in opening order, then anchor order, then definition order (rule 29) — one
  /// popover per screen (rule 37). Tips held back are logged with every reason, once per
  /// change of reasons.
  mutating func reconcile(log: inout Log) {
    guard isRunning else { return }
    guard usesShortcuts else { return reconcilePlainly(log: &log) }
    // Only the pending tips are visited (see `EvaluationCache`): the others have nothing to
    // decide or log. An entry removed during the pass can concern a tip already passed, so
    // from then on every tip is visited, as before the cache kept marks.
    var plan = VisitPlan(pending: cache.tracks || cache.everythingPending ? pendingVisits() : nil)
    let removals = cache.removals
    // 1. Displays that must end.
    for screenIndex in openScreens.indices where !onScreen.isEmpty && plan.hasVisits(on: screenIndex) {
      let tips = screenTips[openScreen: openScreens[screenIndex].screen]
      for position in tips.indices where plan.visits(screenIndex, position) {
        defer { if cache.removals != removals { plan.visitEverything() } }
        let index = tips[position]
        let tip = tipName(index)
        guard let shown = onScreen[tip], !shown.invalidatedAtStart else { continue }
        guard cache.entry(for: index, at: clock) == nil else { continue }
        // A quiet world does not explain: it asks the engine for the answer alone.
        let answer = isQuiet ? nil : engine.holds(forTipAt: index, at: clock)
        if !(answer?.shouldDisplay ?? engine.shouldDisplay(tipAt: index, at: clock)) {
          let reasons = answer?.holds.map(Suppression.hold) ?? []
          endDisplay(of: tip, cause: .noLongerAvailable(reasons), log: &log)
          if !isQuiet {
            lastLogged[index] = reasons
            lastEvaluation[index] = .suppressed(reasons, at: clock)
          }
        } else if let (group, selection) = displacingGroup(of: tip) {
          let reason = World.groupSuppression(group, selection)
          endDisplay(of: tip, cause: .displaced(group: group.name, by: selection.current), log: &log)
          lastLogged[index] = [reason]
          lastEvaluation[index] = .suppressed([reason], at: clock)
        } else {
          remember(index, reasons: [], heldBack: false)
        }
      }
    }
    // 2. Tips that may appear. A tip that appears can hold back tips evaluated before it in
    // the same pass (it starts the frequency interval, takes the popover slot), so passes
    // repeat until nothing more appears: every tip's logged reasons are those of this instant.
    var pass = 0
    var appeared = true
    while appeared && pass < 16 {
      appeared = false
      pass += 1
      plan.restart()
      for screenIndex in openScreens.indices where plan.hasVisits(on: screenIndex) {
        let tips = screenTips[openScreen: openScreens[screenIndex].screen]
        for position in tips.indices where plan.visits(screenIndex, position) {
          defer { if cache.removals != removals { plan.visitEverything() } }
          let index = tips[position]
          let tip = tipName(index)
          guard onScreen.isEmpty || !onScreen.contains(tip) else { continue }
          if let entry = cache.entry(for: index, at: clock) {
            if isQuiet { continue }
            // The screen has opened again since: its reasons are logged again.
            if lastLogged[index] == nil {
              if let placement = placement(ofTipAt: index) {
                log.add(.suppressed(TipRef(tip: tip, placement: placement), reasons: entry.reasons))
              }
              lastLogged[index] = entry.reasons
            }
            continue
          }
          if isQuiet {
            // Only the answer, and the presentation's reasons the cache needs.
            let shows = engine.shouldDisplay(tipAt: index, at: clock)
            let presentation = presentationSuppressions(of: tip, onOpen: screenIndex, available: shows)
            if shows && presentation.isEmpty {
              beginDisplay(of: index, screenIndex: screenIndex, log: &log)
              appeared = true
            } else {
              remember(index, reasons: presentation, heldBack: true)
            }
            continue
          }
          let last: [Suppression]? = if case .suppressed(let last, _)? = lastEvaluation[index] { last } else { nil }
          if let last, reasons(ofTipAt: index, onOpen: screenIndex, are: last) {
            // Unchanged, found without building them: the logged reasons are usually that
            // same array, compared by storage.
            if last.isNews(after: lastLogged[index]) {
              if let placement = placement(ofTipAt: index) { log.add(.suppressed(TipRef(tip: tip, placement: placement), reasons: last)) }
              lastLogged[index] = last
            }
            remember(index, reasons: last, heldBack: true)
            continue
          }
          var reasons = suppressions(ofTipAt: index, onOpen: screenIndex)
          if reasons.isEmpty {
            beginDisplay(of: index, screenIndex: screenIndex, log: &log)
            appeared = true
          } else {
            // Reasons are compared in full once. Unchanged, they take the stored array, so the
            // next comparisons compare storage; changed, the logged reasons, usually that same
            // stored array, differ too without a second look.
            let unchanged = last == reasons
            if unchanged, let last { reasons = last } else { lastEvaluation[index] = .suppressed(reasons, at: clock) }
            let logged = lastLogged[index]
            let loggedDiffers =
              if !unchanged, let logged, let last, logged.sharesStorage(with: last) { true } else { logged != reasons }
            if loggedDiffers && reasons.isNews(after: logged) {
              if let placement = placement(ofTipAt: index) {
                log.add(.suppressed(TipRef(tip: tip, placement: placement), reasons: reasons))
              }
              lastLogged[index] = reasons
            }
            remember(index, reasons: reasons, heldBack: true)
          }
        }
      }
    }
    cache.reuse(plan.visitList)
  }

  /// Where `tip` (by index in the catalog) is evaluated on an open screen: the screen's index
  /// in `open` and the tip's position among its tips; nil when its screen is not open.
  static func openSlot(of tip: Int, slots: [TipSlot?], in open: [OpenScreen]) -> (screen: Int, position: Int)? {
    guard tip < slots.count, let slot = slots[tip], let index = open.firstIndex(where: { $0.screen == slot.screen }) else { return nil }
    return (index, slot.position)
  }

  /// The tips reconcile visits: the pending ones on open screens, as (index in
  /// `openScreens`, position in the screen's tips) in evaluation order; nil for every tip
  /// (after everything was forgotten, and where the cache keeps no marks: see
  /// `EvaluationCache.track(_:at:)`).
  private mutating func pendingVisits() -> [(screen: Int, position: Int)]? {
    // Whether marks pay changes only with definitions and devices, which forget everything:
    // it is decided again then.
    if cache.everythingPending { cache.track(pendingMarksPay, at: clock) }
    guard cache.tracks else { return nil }
    var visits = cache.takeVisitList()
    guard let pending = cache.takePending(at: clock) else {
      cache.reuse(visits)
      return nil
    }
    for tip in pending {
      // A tip on a closed screen is marked again when its screen opens.
      if let visit = World.openSlot(of: tip, slots: slots, in: openScreens) { visits.append(visit) }
    }
    cache.givePendingBack(pending)
    guard visits.count > 1 else { return visits }
    visits.sort { $0.screen != $1.screen ? $0.screen < $1.screen : $0.position < $1.position }
    // A tip listed twice is visited once. By index: a loop over `visits.dropFirst()` held
    // the array while writing to it, which copied it.
    var kept = 1
    for position in 1..<visits.count where visits[position] != visits[kept - 1] {
      visits[kept] = visits[position]
      kept += 1
    }
    visits.removeLast(visits.count - kept)
    return visits
  }

  /// Every reason a tip does not appear now, or none, as the model decides: the engine's
  /// holds, its groups, and on its open screen (by index in `openScreens`) the tapped-away
  /// and popover-slot reasons (or that it is not open).
  func suppressions(of tip: String, onOpen screen: Int?) -> [Suppression] {
    let decision = engine.decision(for: tip, at: clock)
    return suppressions(of: tip, answer: (decision.holds, decision.shouldDisplay), onOpen: screen)
  }

  /// The same for the tip at `index` in the catalog.
  func suppressions(ofTipAt index: Int, onOpen screen: Int?) -> [Suppression] {
    suppressions(of: tipName(index), answer: engine.holds(forTipAt: index, at: clock), onOpen: screen)
  }

  /// Whether the tip at `index` is held back by `last` now, found without building its
  /// reasons: the engine compares its holds as it decides, and presentation's reasons (often
  /// none) are compared after.
  func reasons(ofTipAt index: Int, onOpen screen: Int?, are last: [Suppression]) -> Bool {
    // The engine's holds come first (`suppressions(in:of:answer:onOpen:)`).
    let holdCount = last.firstIndex { if case .hold = $0 { false } else { true } } ?? last.count
    let holds = engine.holds(forTipAt: index, at: clock, are: holdCount) { position in
      guard case .hold(let hold) = last[position] else { preconditionFailure("a presentation reason among the holds") }
      return hold
    }
    guard holds else { return false }
    // Compared as they are found: an array of them cost an allocation whenever there was one.
    var position = holdCount
    var same = true
    forEachPresentationSuppression(of: tipName(index), onOpen: screen, available: holdCount == 0) { reason in
      guard same else { return }
      same = position < last.count && last[position] == reason
      position += 1
    }
    return same && position == last.count
  }

  /// The engine's holds for `tip`, then what presentation adds.
  private func suppressions(of tip: String, answer: (holds: [Hold], shouldDisplay: Bool), onOpen screen: Int?) -> [Suppression] {
    let (holds, shouldDisplay) = answer
    var reasons: [Suppression] = []
    if !holds.isEmpty {
      reasons.reserveCapacity(holds.count + 1)
      for hold in holds { reasons.append(.hold(hold)) }
    }
    presentationSuppressions(of: tip, onOpen: screen, available: shouldDisplay, into: &reasons)
    return reasons
  }

  /// What presentation adds to the engine's holds: the tip's groups (when it is available),
  /// then on its open screen a hidden anchor, tapped away, the popover slot, or that its
  /// screen is not open.
  func presentationSuppressions(of tip: String, onOpen screen: Int?, available: Bool)
    -> [Suppression]
  {
    var reasons: [Suppression] = []
    presentationSuppressions(of: tip, onOpen: screen, available: available, into: &reasons)
    return reasons
  }

  /// The same, appended to `reasons`.
  func presentationSuppressions(of tip: String, onOpen screen: Int?, available: Bool, into reasons: inout [Suppression]) {
    forEachPresentationSuppression(of: tip, onOpen: screen, available: available) { reasons.append($0) }
  }

  /// The same, each handed to `body` in order.
  @inline(__always)
  private func forEachPresentationSuppression(of tip: String, onOpen screen: Int?, available: Bool, _ body: (Suppression) -> Void) {
    if available && !engine.catalog.groups.isEmpty {
      for group in engine.groups(containing: tip) {
        let selection = engine.selection(of: group, at: clock)
        if selection.current != tip { body(World.groupSuppression(group, selection)) }
      }
    }
    // The placement is looked up only when a reason needs it: usually none does.
    guard let screen else {
      body(.screenNotOpen(placements[tip]?.screen))
      return
    }
    if !hiddenAnchors.isEmpty, let placement = placements[tip], hiddenAnchors.contains(placement.description) {
      body(.anchorHidden(placement.description))
    }
    if !notPresented.isEmpty, notPresented.contains(tip) { body(.notPresented) }
    // A collection view cell's tip needs iOS 18; TipView(anchorID:)'s fallback still shows it.
    if let api = placements[tip]?.api, api == .collectionViewCell, !engine.configuration.tipKit.offers(api) { body(.apiUnavailable(api)) }
    // A tip invalidated for good is not "back when its screen opens": that would say both.
    // (Under a show override it is available, and the dismissal is what keeps it away.)
    if !openScreens[screen].dismissed.isEmpty, let at = openScreens[screen].dismissed[tip],
      available || engine.record(of: tip).invalidation == nil
    {
      body(.dismissed(at: at))
    }
    if let busy = openScreens[screen].popover, busy != tip, placements[tip]?.style == .popover {
      body(.popoverBusy(by: busy))
    }
  }

  static func groupSuppression(_ group: TipGroup, _ selection: TipEngine.GroupSelection) -> Suppression {
    .group(name: group.name, priority: group.priority, current: selection.current, blockedBy: selection.blockedBy)
  }

  /// The group in which another member has become current, if any (rule 30), with its selection.
  func displacingGroup(of tip: String) -> (TipGroup, TipEngine.GroupSelection)? {
    for group in engine.groups(containing: tip) {
      let selection = engine.selection(of: group, at: clock)
      if selection.current != tip { return (group, selection) }
    }
    return nil
  }

  mutating func beginDisplay(of index: Int, screenIndex: Int, log: inout Log) {
    let tip = tipName(index)
    guard let placement = placements[tip] else { return }
    let policy = engine.configuration.policies.countPolicy
    let counts = policy == .perAppearance || !openScreens[screenIndex].counted.contains(tip)
    let start = engine.beginDisplay(of: tip, at: clock, counts: counts)
    forgetAfterDisplayChange(of: index, on: placement.screen, startedInterval: start.startedInterval)
    // It has no entry until the next reconcile decides whether its display goes on.
    cache.markPending([index])
    openScreens[screenIndex].counted.insert(tip)
    if start.counted { displayHistory[tip, default: []].append(clock) }
    happened(.shown(tip: tip))
    if placement.style == .popover { openScreens[screenIndex].popover = tip }
    let rendering = Quirks.rendering(
      of: placement, host: self.screen(named: placement.screen)?.host ?? .swiftui, os: osOverride ?? osVersion)
    onScreen[tip] = OnScreenTip(placement: placement, since: clock, invalidatedAtStart: start.invalidatedAtStart, rendering: rendering)
    if !isQuiet {
      lastLogged[index] = nil
      lastEvaluation[index] = .shown(at: clock)
    }
    log.add(
      .shown(
        TipShown(
          ref: TipRef(tip: tip, placement: placement), number: start.number, maximum: start.maximum, counted: start.counted,
          override: start.forced ? engine.decision(for: tip, at: clock).override.flatMap { $0.shows ? $0 : nil } : nil,
          startedInterval: start.startedInterval, rendering: rendering, behindSheet: sheets.contains(placement.screen)))
    )
    if start.invalidatedAtStart { logInvalidation(of: tip, .displayCountExceeded, cause: .displayCount, log: &log) }
  }

  /// Ends a display: the engine adds its on-screen time, and under `afterDisplay` the n-th
  /// display invalidates the tip as it ends (rule 22).
  mutating func endDisplay(of tip: String, cause: HideCause, log: inout Log) {
    guard let shown = onScreen.removeValue(forKey: tip) else { return }
    if let index = engine.catalog.index(ofTip: tip) {
      forgetAfterDisplayChange(of: index, on: shown.placement.screen, startedInterval: false)
    }
    if let index = openScreens.firstIndex(where: { $0.name == shown.placement.screen }), openScreens[index].popover == tip {
      openScreens[index].popover = nil
    }
    let invalidation = engine.endDisplay(of: tip, at: clock)
    log.add(.hidden(TipRef(tip: tip, placement: shown.placement), cause: cause))
    if let reason = invalidation { logInvalidation(of: tip, reason, cause: .displayCount, log: &log) }
  }

  /// What time alone does on the current device at the clock's instant: duration limits
  /// reached (rule 24), then presentation brought in line.
  mutating func settle(log: inout Log) {
    let expired = engine.settle(at: clock)
    if !expired.isEmpty { cache.removeAll() }
    for expired in expired {
      logInvalidation(
        of: expired.tip, expired.reason,
        cause: .displayDuration(engine.catalog.tip(named: expired.tip)?.options.maxDisplayDuration ?? .zero),
        log: &log)
      // A show-override that keeps the tip available keeps its display too (rule 33).
      if onScreen[expired.tip] != nil && !engine.decision(for: expired.tip, at: clock).shouldDisplay {
        let hold = Suppression.hold(.invalidated(expired.reason, at: clock))
        endDisplay(of: expired.tip, cause: .noLongerAvailable([hold]), log: &log)
        setLastLogged([hold], forTipNamed: expired.tip)
      }
    }
    reconcile(log: &log)
  }
}
