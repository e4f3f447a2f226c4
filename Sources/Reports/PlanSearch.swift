/// Which combinations of the tunes' alternatives a plan runs, within its budget: every one when
/// the grid fits; else today's settings, then one change at a time, then pairs built from the
/// best, then wider while a wider option scores better than every narrower one.
struct PlanSearch {
  /// Per tune: -1 for today's setting, else the index of its alternative.
  typealias Option = [Int]

  /// How good an option is: more targets met, then a smaller total shortfall.
  struct Score: Comparable, Sendable {
    var met: Int
    var shortfall: Double
    static func < (a: Score, b: Score) -> Bool { a.met != b.met ? a.met < b.met : a.shortfall > b.shortfall }
  }

  /// How many options of `changes` changes were run, of how many there are.
  struct Level: Equatable, Sendable {
    var changes: Int
    var searched: Int
    var total: Double
  }

  /// What the search ran: every option, or how many of each width.
  struct Coverage: Equatable, Sendable {
    var searched: Int
    var total: Double
    var levels: [Level]
    var isComplete: Bool { Double(searched) >= total }
  }

  /// Each tune's number of alternatives.
  let sizes: [Int]
  static let enumerationLimit = 1_000_000
  /// At most this many options run, today's settings included.
  let budget: Int

  /// How many options there are in all: each tune at today's setting or one alternative.
  var total: Double { sizes.reduce(1.0) { $0 * Double($1 + 1) } }

  static func changes(_ option: Option) -> Int { option.count { $0 >= 0 } }

  /// Runs the options in batches through `evaluate` (one score per option, in order); the
  /// options run with their scores, in the order run, and what was covered.
  func run(_ evaluate: ([Option]) -> [Score]) -> (results: [(option: Option, score: Score)], coverage: Coverage) {
    var results: [(option: Option, score: Score)] = []
    var seen: Set<Option> = []
    func runBatch(_ batch: [Option]) -> [(option: Option, score: Score)] {
      let scored = Array(zip(batch, evaluate(batch))).map { (option: $0.0, score: $0.1) }
      results += scored
      seen.formUnion(batch)
      return scored
    }
    let today = Array(repeating: -1, count: sizes.count)
    // Every option is listed only when there are few enough to hold (a budget as large as
    // a machine word does not make 10^15 options fit).
    if total <= Double(min(budget, PlanSearch.enumerationLimit)) {
      let all = allOptions().sorted { a, b in
        PlanSearch.changes(a) != PlanSearch.changes(b) ? PlanSearch.changes(a) < PlanSearch.changes(b) : a.lexicographicallyPrecedes(b)
      }
      _ = runBatch(all)
      let levels = (0...sizes.count).map { k in Level(changes: k, searched: all.count { PlanSearch.changes($0) == k }, total: widthCount(k))
      }
      return (results, Coverage(searched: all.count, total: total, levels: levels.filter { $0.total > 0 }))
    }
    var best = runBatch([today])[0].score
    var levels = [Level(changes: 0, searched: 1, total: 1)]
    var singles: [Option] = []
    for (tune, size) in sizes.enumerated() {
      for alternative in 0..<size {
        var option = today
        option[tune] = alternative
        singles.append(option)
      }
    }
    let firstLevel = runBatch(Array(singles.prefix(max(0, budget - results.count))))
    levels.append(Level(changes: 1, searched: firstLevel.count, total: widthCount(1)))
    let rankedSingles = PlanSearch.ranked(firstLevel)
    best = max(best, rankedSingles.first?.score ?? best)
    var previous = rankedSingles
    var width = 2
    while width <= sizes.count, results.count < budget {
      let remaining = budget - results.count
      // Leave room for wider options unless this is the widest.
      let cap = width == sizes.count ? remaining : max(1, remaining / 2)
      let candidates = children(of: previous.prefix(cap).map(\.option), adding: rankedSingles.map(\.option)).filter { !seen.contains($0) }
      guard !candidates.isEmpty else { break }
      let level = runBatch(Array(candidates.prefix(cap)))
      levels.append(Level(changes: width, searched: level.count, total: widthCount(width)))
      let ranked = PlanSearch.ranked(level)
      guard let levelBest = ranked.first?.score, levelBest > best else { break }
      best = levelBest
      previous = ranked
      width += 1
    }
    return (results, Coverage(searched: results.count, total: total, levels: levels))
  }

  /// Best first; ties in the order run.
  static func ranked(_ scored: [(option: Option, score: Score)]) -> [(option: Option, score: Score)] {
    scored.enumerated().sorted { a, b in a.element.score != b.element.score ? a.element.score > b.element.score : a.offset < b.offset }
      .map(\.element)
  }

  /// Each parent with one more change taken from `singles` on a tune it leaves alone, the
  /// best-ranked parents and singles first (by the sum of their ranks).
  private func children(of parents: [Option], adding singles: [Option]) -> [Option] {
    var candidates: [(rank: Int, option: Option)] = []
    var listed: Set<Option> = []
    for (p, parent) in parents.enumerated() {
      for (s, single) in singles.enumerated() {
        guard let tune = single.firstIndex(where: { $0 >= 0 }), parent[tune] < 0 else { continue }
        var child = parent
        child[tune] = single[tune]
        if listed.insert(child).inserted { candidates.append((p + s, child)) }
      }
    }
    return candidates.enumerated().sorted { a, b in
      a.element.rank != b.element.rank ? a.element.rank < b.element.rank : a.offset < b.offset
    }.map(\.element.option)
  }

  /// Every option, today's settings included.
  private func allOptions() -> [Option] {
    var options: [Option] = [[]]
    for size in sizes {
      options = options.flatMap { prefix in (-1..<size).map { prefix + [$0] } }
    }
    return options
  }

  /// How many options change exactly `k` tunes (a sum over every `k` tunes of the product of
  /// their sizes).
  func widthCount(_ k: Int) -> Double {
    var counts = [1.0] + Array(repeating: 0.0, count: sizes.count)
    for size in sizes {
      for j in stride(from: sizes.count, through: 1, by: -1) { counts[j] += counts[j - 1] * Double(size) }
    }
    return k < counts.count ? counts[k] : 0
  }
}
