import TipEngine

/// What `reconcile` last found for each tip on an open screen, and until when it holds, so
/// that a command re-decides only the tips whose inputs changed.
///
/// An entry stays valid until the clock reaches its `validUntil` (the next instant at which
/// time alone can change what the tip shows: a donation leaving one of its windows, or, where
/// its rules reading the window are thresholds on the count that hold, the departure that
/// leaves one too few; the frequency interval ending; a duration limit) or until something it
/// depends on changes:
/// - a donation or a parameter write forgets the tips that read it, but for a tip on an open
///   screen whose rules reading it hold before and after it: only failing rules appear among
///   a tip's reasons, so that tip keeps its entry, with its end found again
///   (`World.keptAcrossChange`);
/// - a display starting or ending forgets the tips of its screen (the popover slot) and of
///   its id (the record), or every tip when it starts the frequency interval or has a
///   duration limit (every tip's next change counts the duration limits);
/// - opening or closing a screen forgets its tips' reasons that belong to one opening;
/// - any other command, a duration limit reached, a device switch or an iCloud delivery
///   forgets everything.
/// Tips in groups are never kept (their presentation depends on the other members), nor is
/// anything when the scenario has several devices.
///
/// Where it pays (`track(_:at:)`: an explaining world, one device, no groups, more than four
/// tips), reconcile visits only the tips that need it: it keeps the invariant that every tip
/// on an open screen has a valid entry that has been logged since its screen opened, or is
/// displayed with no decision left to make (invalidated as it started), or is *pending*.
/// Removing an entry, an entry reaching its `validUntil` (an ordered queue of the ends), a
/// display starting and a screen opening make tips pending; forgetting everything makes
/// every tip pending. Debug builds check the invariant after every reconcile.
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

  /// Tip (by index in the catalog) → its entry. Tips are never removed from the catalog,
  /// so an index names one tip for the world's life.
  private var entries: [Entry?] = []
  /// How many of `entries` are not nil.
  private var stored = 0
  /// The tips reconcile must visit (see above), unless `everythingPending`; a tip may be
  /// listed twice, or stay listed after it is stored (it is then visited as a hit).
  private var pending: [Int] = []
  /// Whether reconcile must visit every tip: nothing is known yet, or everything was forgotten.
  private(set) var everythingPending = true
  /// Whether pending marks and the queue of ends are kept at all (`track(_:at:)`).
  private(set) var tracks = false
  /// The entries' ends, earliest first: a binary heap. An item whose entry has changed since
  /// is skipped when it comes out.
  private var ends: [(until: Instant, tip: Int)] = []
  /// The storage of reconcile's last list of visits (`takeVisitList`).
  private var visitList: [(screen: Int, position: Int)] = []
  /// The storage of the last list of tips a change kept (`takeKeptList`).
  private var keptList: [Int] = []
  /// Counts the entries removed (one at a time or all at once): reconcile visits every tip
  /// after one goes in the middle of its pass.
  private(set) var removals = 0
  /// The tips whose entry has a reason that belongs to one opening of its screen.
  private var openingBound: [Int] = []
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

  /// The entry of the tip at `tip` in the catalog.
  private func stored(_ tip: Int) -> Entry? { tip < entries.count ? entries[tip] : nil }

  /// The entry for the tip at `tip` in the catalog if it still holds at `now`.
  func entry(for tip: Int, at now: Instant) -> Entry? {
    guard let entry = stored(tip) else { return nil }
    if let until = entry.validUntil, now >= until { return nil }
    return entry
  }

  @inline(__always)
  mutating func store(_ entry: Entry, for tip: Int) {
    if tip >= entries.count { entries.append(contentsOf: repeatElement(nil, count: tip + 1 - entries.count)) }
    if entries[tip] == nil { stored += 1 }
    entries[tip] = entry
    if tracks, let until = entry.validUntil { pushEnd(until, tip) }
    generation &+= 1
    let bound = entry.reasons.contains(where: \.belongsToOneOpening)
    if bound != openingBound.contains(tip) {
      if bound { openingBound.append(tip) } else { openingBound.removeAll { $0 == tip } }
    }
  }

  /// Removes the entry of `tip`; whether it had one.
  private mutating func remove(_ tip: Int) -> Bool {
    guard tip < entries.count, entries[tip] != nil else { return false }
    entries[tip] = nil
    stored -= 1
    return true
  }

  /// Forgets the entries of `tips` (not read when nothing is kept).
  mutating func evict(_ tips: @autoclosure () -> [Int]) {
    guard stored > 0 else { return }
    forget(tips(), except: [])
  }

  /// Forgets the entries of `tips` but those in `kept`.
  mutating func evict(_ tips: [Int], except kept: [Int]) {
    guard stored > 0 else { return }
    forget(tips, except: kept)
  }

  /// `evict`'s work, skipping `kept` in place: filtering them out first made an array at
  /// every donation that kept an entry.
  private mutating func forget(_ tips: [Int], except kept: [Int]) {
    guard tips.contains(where: { !kept.contains($0) }) else { return }
    if tracks {
      // A removal, not an eviction of a missing entry, makes a tip pending and restarts a pass.
      var removed = false
      for tip in tips where !kept.contains(tip) && remove(tip) {
        pending.append(tip)
        removed = true
      }
      guard removed else { return }
      removals &+= 1
    } else {
      for tip in tips where !kept.contains(tip) { _ = remove(tip) }
    }
    if !openingBound.isEmpty { openingBound.removeAll { tips.contains($0) && !kept.contains($0) } }
    generation &+= 1
  }

  /// An empty list for the tips a change keeps (`World.keptAcrossChange`), with the capacity
  /// of the last one handed back, so a donation allocates no list.
  mutating func takeKeptList() -> [Int] {
    var list: [Int] = []
    swap(&list, &keptList)
    if !list.isEmpty { list.removeAll(keepingCapacity: true) }
    return list
  }

  /// Hands back a list of kept tips once read, to be reused.
  mutating func reuseKeptList(_ list: consuming [Int]) { keptList = list }

  /// Whether some tip has an entry.
  var isEmpty: Bool { stored == 0 }

  /// Moves the end of the entry of `tip`, kept across a change that left its reasons as
  /// they were (`World.keptAcrossChange`).
  mutating func extend(_ tip: Int, until validUntil: Instant?) {
    guard tip < entries.count, entries[tip] != nil else { return }
    entries[tip]?.validUntil = validUntil
    if tracks, let validUntil { pushEnd(validUntil, tip) }
    generation &+= 1
  }

  /// Forgets the entries whose reasons belong to one opening of their screen: tapped away
  /// (rule 36), the popover slot (rule 37), a hidden anchor. `tips`, the screen's tips, is
  /// read only when some entry has such a reason.
  mutating func evictOpeningReasons(of tips: @autoclosure () -> [Int]) {
    generation &+= 1
    guard !openingBound.isEmpty else { return }
    let onScreen = tips()
    var bound = openingBound
    openingBound = []
    bound.removeAll { tip in
      guard onScreen.contains(tip) else { return false }
      _ = remove(tip)
      if tracks { pending.append(tip) }
      removals &+= 1
      return true
    }
    openingBound = bound
  }

  /// Makes `tips` pending (not read without marks, or while every tip is pending).
  mutating func markPending(_ tips: @autoclosure () -> [Int]) {
    guard tracks && !everythingPending else { return }
    pending += tips()
  }

  mutating func removeAll() {
    // Keeping the tables' capacity: they fill again at the next reconcile.
    if stored > 0 {
      entries.removeAll(keepingCapacity: true)
      stored = 0
    }
    if !pending.isEmpty { pending.removeAll(keepingCapacity: true) }
    ends.removeAll(keepingCapacity: true)
    everythingPending = true
    openingBound = []
    removals &+= 1
    generation &+= 1
  }

  /// The tips marked pending since reconcile last took them.
  var pendingTips: [Int] { pending }

  /// The earliest end among the entries of the tips `isOpen` accepts (tips on open screens).
  /// Items of entries changed since, and of tips it rejects, are dropped on the way: a
  /// screen that opens queues its tips' ends again (`reopen`).
  mutating func earliestEnd(where isOpen: (Int) -> Bool) -> Instant? {
    while let first = ends.first {
      if stored(first.tip)?.validUntil == first.until && isOpen(first.tip) { return first.until }
      popEnd()
    }
    return nil
  }

  /// A screen opened: its tips are pending (their reasons are logged again), and the ends of
  /// their entries are queued again.
  /// `tips` is not read without marks.
  mutating func reopen(_ tips: @autoclosure () -> [Int], at now: Instant) {
    guard tracks else { return }
    let tips = tips()
    markPending(tips)
    for tip in tips {
      if let until = stored(tip)?.validUntil, until > now { pushEnd(until, tip) }
    }
  }

  /// Whether reconcile must visit `tip`.
  func isPending(_ tip: Int) -> Bool { everythingPending || pending.contains(tip) }

  /// The pending tips, in no particular order and perhaps repeated, after making pending
  /// those whose entry ends at or before `now`; nil when every tip is. Reconcile is about to
  /// visit them: the marks are cleared, and a removal during its pass marks again. The list is
  /// taken out of the cache, to be given back (`givePendingBack(_:)`) once read: the caller
  /// reads the world beside it without copying what it reads (handing the tips to a closure,
  /// the world's slots and open screens were copied for it at every command).
  mutating func takePending(at now: Instant) -> [Int]? {
    while let first = ends.first, first.until <= now {
      popEnd()
      if stored(first.tip)?.validUntil == first.until { pending.append(first.tip) }
    }
    if ends.count > 2 * stored + 64 { rebuildEnds(after: now) }
    guard !everythingPending else {
      everythingPending = false
      if !pending.isEmpty { pending.removeAll(keepingCapacity: true) }
      return nil
    }
    var taken: [Int] = []
    swap(&taken, &pending)
    return taken
  }

  /// Takes back the list `takePending(at:)` handed out, emptied, for its storage to hold the
  /// next marks (it was a fresh array at every command); marks made meanwhile are kept.
  mutating func givePendingBack(_ list: consuming [Int]) {
    guard pending.isEmpty else { return }
    list.removeAll(keepingCapacity: true)
    pending = list
  }

  /// An empty list for reconcile's visits, with the capacity of the last one handed back, so
  /// a command allocates no list.
  mutating func takeVisitList() -> [(screen: Int, position: Int)] {
    var list: [(screen: Int, position: Int)] = []
    swap(&list, &visitList)
    list.removeAll(keepingCapacity: true)
    return list
  }

  /// Hands back a list of visits once reconcile is done with it, to be reused.
  mutating func reuse(_ list: [(screen: Int, position: Int)]?) {
    if let list { visitList = list }
  }

  /// Starts or stops keeping pending marks and the queue of ends (`World.pendingMarksPay`
  /// decides). Reconcile keeps them only
  /// where visiting the pending tips pays: a world that explains (a quiet one re-checks a tip
  /// for less than the bookkeeping costs), on one device, without groups (their tips are not
  /// kept), with more than four tips (below that, re-checking them all is cheaper).
  /// Starting visits every tip once, with the ends of the entries kept so far queued.
  /// Called while everything is pending; without marks, nothing is pending from then on.
  mutating func track(_ on: Bool, at now: Instant) {
    if on != tracks {
      tracks = on
      pending.removeAll()
      if on { rebuildEnds(after: now) } else { ends = [] }
    }
    everythingPending = on
  }

  private mutating func pushEnd(_ until: Instant, _ tip: Int) {
    ends.append((until, tip))
    // Sifted up in the buffer, as `popEnd` sifts down, without the array's checks.
    ends.withUnsafeMutableBufferPointer { heap in
      var child = heap.count - 1
      while child > 0 {
        let parent = (child - 1) / 2
        guard heap[child].until < heap[parent].until else { return }
        heap.swapAt(child, parent)
        child = parent
      }
    }
  }

  private mutating func popEnd() {
    ends.swapAt(0, ends.count - 1)
    ends.removeLast()
    // Sifted down in the buffer: through the array, each step checked uniqueness and bounds.
    ends.withUnsafeMutableBufferPointer { heap in
      var parent = 0
      while true {
        var smallest = parent
        let left = 2 * parent + 1
        if left < heap.count && heap[left].until < heap[smallest].until { smallest = left }
        if left + 1 < heap.count && heap[left + 1].until < heap[smallest].until { smallest = left + 1 }
        guard smallest != parent else { return }
        heap.swapAt(parent, smallest)
        parent = smallest
      }
    }
  }

  /// Queues again the ends of the entries still to come, dropping the items of entries that
  /// have changed since they were queued. The order of equal ends does not matter: they
  /// only mark tips, and reconcile sorts what it visits.
  private mutating func rebuildEnds(after now: Instant) {
    ends.removeAll(keepingCapacity: true)
    for tip in entries.indices {
      if let until = entries[tip]?.validUntil, until > now { pushEnd(until, tip) }
    }
  }

  static func == (lhs: EvaluationCache, rhs: EvaluationCache) -> Bool { true }
  func hash(into hasher: inout Hasher) {}
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
    case .hold, .group, .screenNotOpen: false
    }
  }
}

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
      let holds: Bool
      if reasonsNameFailingRules && !entry.reasons.contains(where: \.isFailingRules) {
        assert(engine.rulesHold(ofTipAt: tip, reading: input, at: clock), "evaluation cache: \(tipName(tip))'s entry names no failing rule")
        holds = true
      } else {
        holds = engine.rulesHold(ofTipAt: tip, reading: input, at: clock)
      }
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
    guard deviceOrder.count == 1, engine.catalog.groupedTips.isEmpty || !engine.catalog.groupedTips.contains(tipName(tip)) else {
      return
    }
    cache.store(
      EvaluationCache.Entry(reasons: reasons, heldBack: heldBack, validUntil: engine.nextChange(after: clock, forTipAt: tip)),
      for: tip)
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
    if let known = earliestEndOfOpenTips() ?? World.nextChangeOfOpenTips(in: &self, after: clock) {
      cache.memoize(nextChange: known, at: clock)
      return (known, true)
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
  /// answer. Nil when that cannot be told so (the scan then decides).
  private mutating func earliestEndOfOpenTips() -> Instant?? {
    guard cache.tracks, !cache.everythingPending, pendingSync.isEmpty, !openScreens.isEmpty else { return nil }
    let slots = self.slots
    let open = openScreens
    func isOpen(_ tip: Int) -> Bool { World.openSlot(of: tip, slots: slots, in: open) != nil }
    if cache.pendingTips.contains(where: isOpen) { return nil }
    // Displays invalidated as they started are rare: their names are looked up only if any is.
    if onScreen.values.contains(where: \.invalidatedAtStart),
      onScreen.contains(where: { $0.value.invalidatedAtStart && engine.catalog.index(ofTip: $0.key).map(isOpen) ?? false })
    {
      return nil
    }
    guard let end = cache.earliestEnd(where: isOpen), end > clock else { return nil }
    assert(nextChangeOfOpenTips(after: clock) == .some(end), "evaluation cache: the queue of entry ends disagrees with a scan")
    return .some(end)
  }

  /// What `nextInstant(after: clock, observableOnly: true)` answers, read off the entries
  /// when every tip on an open screen has one (their `validUntil` already is each tip's next
  /// change); nil when the entries cannot tell, and `.some(nil)` when time alone changes
  /// nothing the open screens show.
  func nextChangeOfOpenTips(after now: Instant) -> Instant?? {
    var world = self
    return World.nextChangeOfOpenTips(in: &world, after: now)
  }

  /// The same, reading `world` in place: `advance` asks at every step, and as a method
  /// called from a mutating one it copied the world, then the engine, each time.
  static func nextChangeOfOpenTips(in world: inout World, after now: Instant) -> Instant?? {
    guard now == world.clock, world.deviceOrder.count == 1, world.pendingSync.isEmpty, world.engine.catalog.groupedTips.isEmpty
    else { return nil }
    // No screen open: only the interval end and duration limits are observable.
    if world.openScreens.isEmpty { return .some(world.engine.nextChangeOfIntervalAndLimits(after: now)) }
    var best: Instant?
    var any = false
    // By index: `for screen in openScreens` copied each opening's fields.
    for index in world.openScreens.indices {
      for tip in world.screenTips[openScreen: world.openScreens[index].screen] {
        guard let entry = world.cache.entry(for: tip, at: now) else { return nil }
        any = true
        if let until = entry.validUntil, best.map({ until < $0 }) ?? true { best = until }
      }
    }
    return any ? .some(best) : nil
  }

  /// Whether every tip on an open screen that reconcile would not visit needs no visit: it
  /// has a valid entry that a fresh evaluation agrees with, logged since its screen opened,
  /// or it is displayed and was invalidated as it started. It traps when not. Debug builds
  /// check it after every reconcile.
  func pendingMarksCoverEveryTip() -> Bool {
    guard isRunning, cache.tracks else { return true }
    for (screenIndex, screen) in openScreens.enumerated() {
      for index in screenTips[openScreen: screen.screen] where !cache.isPending(index) {
        let tip = tipName(index)
        if let shown = onScreen[tip], shown.invalidatedAtStart { continue }
        precondition(cacheHitIsFresh(index, onOpen: screenIndex), "evaluation cache: \(tip) at \(clock) has no entry and is not pending")
        precondition(
          isQuiet || onScreen[tip] != nil || lastLogged[index] != nil,
          "evaluation cache: \(tip) at \(clock) is not pending and was not logged since its screen opened")
      }
    }
    return true
  }

  /// Whether the valid entry for `tip` (on the open screen at `screen` in `openScreens`) says
  /// what a fresh evaluation says; it traps with both when not. Reconcile skips a tip with a
  /// valid entry, and checks it with this in debug builds (`assert`), so the whole test
  /// suite checks the cache.
  func cacheHitIsFresh(_ index: Int, onOpen screen: Int) -> Bool {
    guard let entry = cache.entry(for: index, at: clock) else { return false }
    let tip = tipName(index)
    if onScreen[tip] != nil {
      precondition(engine.decision(for: tip, at: clock).shouldDisplay, "evaluation cache: \(tip) at \(clock) should leave the screen")
    } else {
      let fresh = suppressions(of: tip, onOpen: screen)
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
