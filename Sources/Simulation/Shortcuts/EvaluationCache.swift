import HeapModule
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
/// every tip pending.
///
/// It is not part of the world's value: two worlds that differ only in what they have cached
/// are equal. The differential test, and both fuzzers for every input, compare what a world
/// with it prints with what the plain model prints (`World.usesShortcuts`).
struct EvaluationCache: Sendable {
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
  /// The entries' ends, earliest first. An item whose entry has changed since is skipped
  /// when it comes out.
  private var ends = Heap<End>()
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
  func memoizedNextChange(at now: Instant) -> NextChange {
    guard let memo = nextChangeMemo, memo.generation == generation, memo.at <= now, memo.next.map({ now < $0 }) ?? true else {
      return .unknown
    }
    return NextChange(memo.next)
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
    if tracks, let until = entry.validUntil { ends.insert(End(until: until, tip: tip)) }
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
    if tracks, let validUntil { ends.insert(End(until: validUntil, tip: tip)) }
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
    ends = Heap()
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
    while let first = ends.min {
      if stored(first.tip)?.validUntil == first.until && isOpen(first.tip) { return first.until }
      ends.removeMin()
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
      if let until = stored(tip)?.validUntil, until > now { ends.insert(End(until: until, tip: tip)) }
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
    while let first = ends.min, first.until <= now {
      ends.removeMin()
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
      if on { rebuildEnds(after: now) } else { ends = Heap() }
    }
    everythingPending = on
  }

  /// Queues again the ends of the entries still to come, dropping the items of entries that
  /// have changed since they were queued. The order of equal ends does not matter: they
  /// only mark tips, and reconcile sorts what it visits.
  private mutating func rebuildEnds(after now: Instant) {
    var items: [End] = []
    for tip in entries.indices {
      if let until = entries[tip]?.validUntil, until > now { items.append(End(until: until, tip: tip)) }
    }
    ends = Heap(items)
  }

  /// When an entry ends, and whose.
  struct End: Comparable {
    var until: Instant
    var tip: Int
    static func < (a: End, b: End) -> Bool { (a.until, a.tip) < (b.until, b.tip) }
  }

}
