import TipEngine

extension World {
  /// A display of `tip` on `screen` started or ended: its record changed (shared by every
  /// tip with its id) and so did the screen's popover slot. Every tip is re-decided when
  /// the display started the frequency interval, or when the tip has a duration limit
  /// (every tip's next change counts the duration limits).
  mutating func forgetAfterDisplayChange(of tip: Int, on screen: String, startedInterval: Bool) {
    let sharing = engine.catalog.indices(sharingIDWith: tip)
    if startedInterval || sharing.anyDurationLimit {
      cache.removeAll()
      return
    }
    cache.evict(tipsByScreen[screen] ?? [])
    cache.evict(sharing.indices)
  }

  /// The tips among `readers` whose entry holds now and whose rules reading `input`, about
  /// to change, hold now: a donation or a parameter write forgets the others, and these keep
  /// their entry if those rules still hold after it (`keep(_:reading:)`). Only failing rules
  /// appear among a tip's reasons, with what they read: rules that hold before and after a
  /// change leave them as they were.
  /// Only tips on open screens are kept: the others are not visited until their screen
  /// opens, and forgetting them costs less than checking them.
  /// Where an entry's reasons name every failing rule (an explaining world, configured, with
  /// no testing override), an entry naming none says the rules hold without evaluating them.
  mutating func keptAcrossChange(of readers: [Int], reading input: TipEngine.RuleInput) -> [Int] {
    let reasonsNameFailingRules = !isQuiet && engine.isConfigured && engine.configuration.testing.isEmpty
    var kept = cache.takeKeptList()
    for tip in readers {
      guard let entry = cache.entry(for: tip, at: clock), World.openSlot(of: tip, slots: slots, in: openScreens) != nil else {
        continue
      }
      let holds =
        reasonsNameFailingRules && !entry.reasons.contains(where: \.isFailingRules)
        || engine.rulesHold(ofTipAt: tip, reading: input, at: clock)
      guard holds else { continue }
      // One allocation for the list, if any, not one per growth.
      if kept.isEmpty { kept.reserveCapacity(readers.count) }
      kept.append(tip)
    }
    return kept
  }

  /// Whether a donation or a write may keep entries (`keptAcrossChange`): only where
  /// reconcile visits pending tips alone (`EvaluationCache.track(_:at:)`), with a screen
  /// open and some entry kept. Elsewhere forgetting costs less than checking: a quiet world
  /// decides again for little.
  var keepsEntriesAcrossChanges: Bool { cache.tracks && !cache.isEmpty && !openScreens.isEmpty }

  /// Forgets the entries of `readers`, the tips reading the input the catalog finds with
  /// `input` (nil when it is not defined), but those `keptAcrossChange` keeps where entries
  /// may be kept (`keepsEntriesAcrossChanges`, asked before the input is looked up): those
  /// and the input are returned, nil when none is kept. Only that question is inlined into
  /// `apply`: a quiet world (population) asks it at every donation and write.
  @inline(__always)
  mutating func forgetReaders(_ readers: [Int], of input: (TipCatalog) -> TipEngine.RuleInput?)
    -> (tips: [Int], input: TipEngine.RuleInput)?
  {
    guard keepsEntriesAcrossChanges else {
      cache.evict(readers)
      return nil
    }
    return forgetReaders(readers, keepingThoseReading: input(engine.catalog))
  }

  /// The same where entries may be kept. Out of line: `apply` runs for every command.
  @inline(never)
  private mutating func forgetReaders(_ readers: [Int], keepingThoseReading input: TipEngine.RuleInput?)
    -> (tips: [Int], input: TipEngine.RuleInput)?
  {
    guard let input else {
      cache.evict(readers)
      return nil
    }
    let kept = keptAcrossChange(of: readers, reading: input)
    cache.evict(readers, except: kept)
    guard !kept.isEmpty else {
      cache.reuseKeptList(kept)
      return nil
    }
    return (kept, input)
  }

  /// After the change: the entries of `kept` whose rules reading `input` still hold get
  /// their new end (the change can move it: a donation enters a window, a write starts a
  /// new reading); the others are forgotten. The list goes back to the cache.
  mutating func keep(_ kept: consuming [Int], reading input: TipEngine.RuleInput) {
    for position in kept.indices {
      let tip = kept[position]
      if engine.rulesStillHold(ofTipAt: tip, afterChangeOf: input, at: clock) {
        cache.extend(tip, until: engine.nextChange(after: clock, forTipAt: tip))
      } else {
        cache.evict([tip])
      }
    }
    cache.reuseKeptList(kept)
  }

  /// Keeps what reconcile found for `tip` until the next instant time can change it. Tips in
  /// groups and worlds with several devices keep nothing.
  mutating func remember(_ tip: Int, reasons: [Suppression], heldBack: Bool) {
    guard usesShortcuts, deviceOrder.count == 1, engine.catalog.groupedTips.isEmpty || !engine.catalog.groupedTips.contains(tipName(tip))
    else {
      return
    }
    cache.store(
      EvaluationCache.Entry(reasons: reasons, heldBack: heldBack, validUntil: engine.nextChange(after: clock, forTipAt: tip)),
      for: tip)
  }

  /// `nextInstant(after: clock, observableOnly: true)` for the steps of `advance`, remembered
  /// while no entry changes; the plain model scans at every step.
  /// `settled` says the answer was read off the entries: every tip on an open screen has
  /// one, so until that instant time alone changes nothing at all.
  mutating func nextObservableInstant() -> (next: Instant?, settled: Bool) {
    guard usesShortcuts else { return (scanNextInstant(after: clock, observableOnly: true), false) }
    let remembered = cache.memoizedNextChange(at: clock)
    if remembered.isKnown { return (remembered.instant, true) }
    let known = earliestEndOfOpenTips().otherwise(nextChangeOfOpenTips(after: clock))
    if known.isKnown {
      cache.memoize(nextChange: known.instant, at: clock)
      return (known.instant, true)
    }
    // The entries cannot tell: scan (what `nextInstant` would do after asking them again).
    return (scanNextInstant(after: clock, observableOnly: true), false)
  }

  /// Whether the cache keeps pending marks (`EvaluationCache.track(_:at:)` says why). It
  /// changes only with definitions, devices and quietness, which forget everything.
  var pendingMarksPay: Bool {
    !isQuiet && deviceOrder.count == 1 && engine.catalog.groupedTips.isEmpty && engine.catalog.tips.count > 4
  }

  /// What `nextChangeOfOpenTips(after: clock)` answers, read off the queue of entry ends
  /// without looking up every open tip: when no tip on an open screen is pending or shown
  /// without an entry, every one has a valid entry, and the earliest end among them is the
  /// answer. `unknown` when that cannot be told so (the scan then decides).
  private mutating func earliestEndOfOpenTips() -> NextChange {
    guard cache.tracks, !cache.everythingPending, pendingSync.isEmpty, !openScreens.isEmpty else { return .unknown }
    let slots = self.slots
    let open = openScreens
    func isOpen(_ tip: Int) -> Bool { World.openSlot(of: tip, slots: slots, in: open) != nil }
    if cache.pendingTips.contains(where: isOpen) { return .unknown }
    // Displays invalidated as they started are rare: their names are looked up only if any is.
    if onScreen.values.contains(where: \.invalidatedAtStart),
      onScreen.contains(where: { $0.value.invalidatedAtStart && engine.catalog.index(ofTip: $0.key).map(isOpen) ?? false })
    {
      return .unknown
    }
    guard let end = cache.earliestEnd(where: isOpen), end > clock else { return .unknown }
    return .at(end)
  }

  /// What `nextInstant(after: clock, observableOnly: true)` answers, read off the entries
  /// when every tip on an open screen has one (their `validUntil` already is each tip's next
  /// change); `unknown` when the entries cannot tell, and `never` when time alone changes
  /// nothing the open screens show.
  func nextChangeOfOpenTips(after now: Instant) -> NextChange {
    guard now == clock, deviceOrder.count == 1, pendingSync.isEmpty, engine.catalog.groupedTips.isEmpty
    else { return .unknown }
    // No screen open: only the interval end and duration limits are observable.
    if openScreens.isEmpty { return NextChange(engine.nextChangeOfIntervalAndLimits(after: now)) }
    var best: Instant?
    var any = false
    // By index: `for screen in openScreens` copied each opening's fields.
    for index in openScreens.indices {
      for tip in screenTips[openScreen: openScreens[index].screen] {
        guard let entry = cache.entry(for: tip, at: now) else { return .unknown }
        any = true
        if let until = entry.validUntil, best.map({ until < $0 }) ?? true { best = until }
      }
    }
    return any ? NextChange(best) : .unknown
  }
}

extension Suppression {
  /// Whether the reason is the engine's list of failing rules.
  var isFailingRules: Bool {
    if case .hold(.rules) = self { true } else { false }
  }

  /// Whether the reason ends when its screen closes.
  var belongsToOneOpening: Bool {
    switch self {
    case .dismissed, .popoverBusy, .anchorHidden: true
    case .hold, .group, .screenNotOpen, .notPresented, .apiUnavailable: false
    }
  }
}
