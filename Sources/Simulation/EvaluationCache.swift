import TipEngine

/// What `reconcile` last found for each tip on an open screen, and until when it holds, so
/// that a command re-decides only the tips whose inputs changed.
///
/// An entry stays valid until the clock reaches its `validUntil` (the next instant at which
/// time alone can change anything the tip reads: a donation leaving one of its windows, the
/// frequency interval ending, a duration limit) or until something it depends on changes:
/// - a donation or a parameter write forgets the tips that read it;
/// - a display starting or ending forgets the tips of its screen (the popover slot) and of
///   its id (the record), or every tip when it starts the frequency interval or has a
///   duration limit (every tip's next change counts the duration limits);
/// - opening or closing a screen forgets its tips' reasons that belong to one opening;
/// - any other command, a duration limit reached, a device switch or an iCloud delivery
///   forgets everything.
/// Tips in groups are never kept (their presentation depends on the other members), nor is
/// anything when the scenario has several devices.
///
/// It is not part of the world's value: two worlds that differ only in what they have cached
/// are equal. Debug builds (the test suite, the fuzzers) check every hit against a fresh
/// evaluation, and every remembered next instant against a scan, and trap on a difference.
struct EvaluationCache: Hashable, Sendable {
  struct Entry: Hashable, Sendable {
    /// The reasons the tip is held back, empty for a tip on screen that stays. A quiet world
    /// keeps only the presentation's reasons: it does not ask the engine why.
    var reasons: [Suppression]
    /// Whether the tip is held back (false for a tip on screen that stays).
    var heldBack: Bool
    var validUntil: Instant?
  }

  private var entries: NameMap<Entry> = [:]
  /// The tips whose entry has a reason that belongs to one opening of its screen.
  private var openingBound: [String] = []
  /// Counts every change to the entries and every open or close.
  private var generation = 0
  /// The last answer of `nextChangeOfOpenTips`, and the generation it was read in.
  private var nextChangeMemo: (generation: Int, at: Instant, next: Instant?)?

  /// The remembered next change, if no entry has changed since and `now` has not reached it.
  func memoizedNextChange(at now: Instant) -> Instant?? {
    guard let memo = nextChangeMemo, memo.generation == generation, memo.at <= now, memo.next.map({ now < $0 }) ?? true else { return nil }
    return .some(memo.next)
  }

  mutating func memoize(nextChange: Instant?, at now: Instant) { nextChangeMemo = (generation, now, nextChange) }

  /// The entry for `tip` if it still holds at `now`.
  func entry(for tip: String, at now: Instant) -> Entry? {
    guard let entry = entries[tip] else { return nil }
    if let until = entry.validUntil, now >= until { return nil }
    return entry
  }

  mutating func store(_ entry: Entry, for tip: String) {
    entries[tip] = entry
    generation &+= 1
    let bound = entry.reasons.contains(where: \.belongsToOneOpening)
    if bound != openingBound.contains(tip) {
      if bound { openingBound.append(tip) } else { openingBound.removeAll { $0 == tip } }
    }
  }

  /// Forgets the entries of `tips` (not read when nothing is kept).
  mutating func evict(_ tips: @autoclosure () -> [String]) {
    guard !entries.isEmpty else { return }
    let tips = tips()
    guard !tips.isEmpty else { return }
    for tip in tips { entries[tip] = nil }
    if !openingBound.isEmpty { openingBound.removeAll { tips.contains($0) } }
    generation &+= 1
  }

  /// Forgets the entries whose reasons belong to one opening of their screen: tapped away
  /// (rule 36), the popover slot (rule 37), a hidden anchor. `tips`, the screen's tips, is
  /// read only when some entry has such a reason.
  mutating func evictOpeningReasons(of tips: @autoclosure () -> [String]) {
    generation &+= 1
    guard !openingBound.isEmpty else { return }
    let onScreen = tips()
    openingBound.removeAll { tip in
      guard onScreen.contains(tip) else { return false }
      entries[tip] = nil
      return true
    }
  }

  mutating func removeAll() {
    // Keeping the table's capacity: it fills again at the next reconcile.
    if !entries.isEmpty { entries.removeAll(keepingCapacity: true) }
    openingBound = []
    generation &+= 1
  }

  static func == (lhs: EvaluationCache, rhs: EvaluationCache) -> Bool { true }
  func hash(into hasher: inout Hasher) {}
}

extension Suppression {
  /// Whether the reason ends when its screen closes.
  var belongsToOneOpening: Bool {
    switch self {
    case .dismissed, .popoverBusy, .anchorHidden: true
    case .hold, .group, .screenNotOpen: false
    }
  }
}

extension World {
  /// A display of `tip` on `screen` started or ended: its record changed (shared by every
  /// tip with its id) and so did the screen's popover slot. Every tip is re-decided when
  /// the display started the frequency interval, or when the tip has a duration limit
  /// (every tip's next change counts the duration limits).
  mutating func forgetAfterDisplayChange(of tip: String, on screen: String, startedInterval: Bool) {
    let sharing = engine.catalog.names(sharingIDWith: tip)
    if startedInterval || sharing.anyDurationLimit {
      cache.removeAll()
      return
    }
    cache.evict(tipsByScreen[screen] ?? [])
    cache.evict(sharing.names)
  }

  /// Keeps what reconcile found for `tip` until the next instant time can change it. Tips in
  /// groups and worlds with several devices keep nothing.
  mutating func remember(_ tip: String, reasons: [Suppression], heldBack: Bool) {
    guard deviceOrder.count == 1, engine.catalog.groupedTips.isEmpty || !engine.catalog.groupedTips.contains(tip) else { return }
    cache.store(
      EvaluationCache.Entry(reasons: reasons, heldBack: heldBack, validUntil: engine.nextChange(after: clock, for: tip)), for: tip)
  }

  /// `nextInstant(after: clock, observableOnly: true)` for the steps of `advance`, remembered
  /// while no entry changes (debug builds check each remembered answer against a scan).
  /// `settled` says the answer was read off the entries: every tip on an open screen has
  /// one, so until that instant time alone changes nothing at all.
  mutating func nextObservableInstant() -> (next: Instant?, settled: Bool) {
    if let known = cache.memoizedNextChange(at: clock) {
      assert(known == nextInstant(after: clock, observableOnly: true), "evaluation cache: a remembered next instant moved")
      return (known, true)
    }
    if let known = nextChangeOfOpenTips(after: clock) {
      cache.memoize(nextChange: known, at: clock)
      return (known, true)
    }
    return (nextInstant(after: clock, observableOnly: true), false)
  }

  /// What `nextInstant(after: clock, observableOnly: true)` answers, read off the entries
  /// when every tip on an open screen has one (their `validUntil` already is each tip's next
  /// change); nil when the entries cannot tell, and `.some(nil)` when time alone changes
  /// nothing the open screens show.
  func nextChangeOfOpenTips(after now: Instant) -> Instant?? {
    guard now == clock, deviceOrder.count == 1, pendingSync.isEmpty, engine.catalog.groupedTips.isEmpty else { return nil }
    // No screen open: only the interval end and duration limits are observable.
    if openScreens.isEmpty { return .some(engine.nextChange(after: now, readBy: [])) }
    var best: Instant?
    var any = false
    // By index: `for screen in openScreens` copied each opening's fields.
    for index in openScreens.indices {
      for tip in tipsByScreen[openScreens[index].name] ?? [] {
        guard let entry = cache.entry(for: tip, at: now) else { return nil }
        any = true
        if let until = entry.validUntil, best.map({ until < $0 }) ?? true { best = until }
      }
    }
    return any ? .some(best) : nil
  }

  /// Whether the valid entry for `tip` says what a fresh evaluation says; it traps with both
  /// when not. Reconcile skips a tip with a valid entry, and checks it with this in debug
  /// builds (`assert`), so the whole test suite checks the cache.
  func cacheHitIsFresh(_ tip: String, on screen: OpenScreen) -> Bool {
    guard let entry = cache.entry(for: tip, at: clock) else { return false }
    if onScreen[tip] != nil {
      precondition(engine.decision(for: tip, at: clock).shouldDisplay, "evaluation cache: \(tip) at \(clock) should leave the screen")
    } else {
      let fresh = suppressions(of: tip, on: screen)
      // A quiet world keeps only the presentation's reasons.
      let expected = isQuiet ? fresh.filter { if case .hold = $0 { false } else { true } } : fresh
      precondition(
        expected == entry.reasons && entry.heldBack == !fresh.isEmpty,
        "evaluation cache: \(tip) at \(clock) was \(entry.reasons), is \(fresh)")
    }
    let next = engine.nextChange(after: clock, for: tip)
    precondition(
      entry.validUntil == next,
      "evaluation cache: \(tip)'s next change moved from \(String(describing: entry.validUntil)) to \(String(describing: next))")
    return true
  }
}
