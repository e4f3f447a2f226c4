/// The donations of one event, oldest first (spec section 3).
///
/// Only what the event's `DonationLimit` lets rules see is kept (rule 18), and windowed
/// counts are answered by binary search, so a rule costs the same however long the history.
public struct DonationLog: Hashable, Sendable {
  private var storage: [Donation] = []
  /// `storage[head...]` are the kept donations; older ones wait for compaction.
  private var head = 0
  /// Every donation ever made to this log, including those dropped by the limit.
  public private(set) var totalDonated = 0

  public init() {}

  /// The donations kept, oldest first.
  public var donations: ArraySlice<Donation> { storage[head...] }

  public var isEmpty: Bool { head == storage.count }

  /// Records a donation, keeping the log sorted by instant and at most `limit.maximumCount`
  /// long (rule 18); returns how many are kept.
  @discardableResult
  public mutating func append(_ donation: Donation, limit: DonationLimit) -> Int {
    totalDonated += 1
    if let last = storage.last, last.instant > donation.instant {
      let index = firstIndex(after: donation.instant)
      storage.insert(donation, at: index)
    } else {
      storage.append(donation)
    }
    let excess = storage.count - head - max(limit.maximumCount, 0)
    if excess > 0 { head += excess }
    if head > 1024 && head * 2 > storage.count {
      storage.removeFirst(head)
      head = 0
    }
    return storage.count - head
  }

  /// The first kept index whose donation is strictly after `instant`.
  private func firstIndex(after instant: Instant) -> Int {
    // Rules ask mostly at the newest donation's instant or later, and windows often start
    // before the oldest kept one: both ends answer without a search.
    guard head < storage.count, storage[storage.count - 1].instant > instant else { return storage.count }
    if storage[head].instant > instant { return head }
    var low = head
    var high = storage.count
    while low < high {
      let mid = (low + high) / 2
      if storage[mid].instant <= instant { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// The donations a rule sees at `now`: the last `maximumCount`, younger than `maximumAge`,
  /// and within `window` when one is given. A donation is inside a window while
  /// `now − date < window` (rule 17).
  public func visible(at now: Instant, limit: DonationLimit, within window: TimeSpan? = nil) -> ArraySlice<Donation> {
    let end = firstIndex(after: now)
    var start = max(head, end - max(limit.maximumCount, 0))
    if let age = limit.maximumAge { start = max(start, firstIndex(after: now - age)) }
    if let window { start = max(start, firstIndex(after: now - window)) }
    return storage[min(start, end)..<end]
  }

  /// The value of an aggregate at `now` (rule 16).
  public func evaluate(_ aggregate: EventAggregate, at now: Instant, limit: DonationLimit) -> Int {
    let seen = visible(at: now, limit: limit, within: aggregate.within)
    switch aggregate.kind {
    case .count:
      guard let filter = aggregate.filter else { return seen.count }
      return seen.reduce(0) { $0 + (filter.matches($1.fields) ? 1 : 0) }
    case .largestSubset(let field):
      return groupSizes(seen, by: field, filter: aggregate.filter).max() ?? 0
    case .smallestSubset(let field):
      return groupSizes(seen, by: field, filter: aggregate.filter).min() ?? 0
    }
  }

  /// How many donations share each value of `field`. Values are few (a backyard, a
  /// category), so they are found by a linear search until there are more than 16.
  private func groupSizes(_ donations: ArraySlice<Donation>, by field: String, filter: DonationFilter?) -> [Int] {
    var values: [Value] = []
    var counts: [Int] = []
    var positions: [Value: Int] = [:]
    for donation in donations where filter?.matches(donation.fields) ?? true {
      guard
        let value = donation.fields.count == 1
          ? donation.fields.first.flatMap({ $0.key == field ? $0.value : nil }) : donation.fields[field]
      else { continue }
      if let position = positions.isEmpty ? values.firstIndex(of: value) : positions[value] {
        counts[position] += 1
        continue
      }
      values.append(value)
      counts.append(1)
      if !positions.isEmpty {
        positions[value] = values.count - 1
      } else if values.count > 16 {
        for (index, known) in values.enumerated() { positions[known] = index }
      }
    }
    return counts
  }

  /// The earliest instant after `now` at which a donation leaves what a rule reading
  /// `aggregate` sees, by time alone: it leaves a window at exactly `date + window` (rule 17),
  /// and the log at `date + maximumAge` (rule 18).
  public func nextExit(after now: Instant, limit: DonationLimit, within window: TimeSpan?) -> Instant? {
    // Without an array of candidates: replay asks this for every tip it re-decides.
    var earliest: Instant?
    func consider(_ candidate: Instant) {
      if candidate > now, earliest.map({ candidate < $0 }) ?? true { earliest = candidate }
    }
    if let window, let oldest = visible(at: now, limit: limit, within: window).first { consider(oldest.instant + window) }
    if let age = limit.maximumAge, let oldest = visible(at: now, limit: limit).first { consider(oldest.instant + age) }
    return earliest
  }

  /// The instant at which fewer than `count` donations are seen by a rule reading `window`,
  /// by time alone, when at least `count` are seen at `now`; `unknown` when fewer are seen
  /// already, `never` when no window or maximum age lets one leave (or `count` ≤ 0).
  /// Donations leave in the order they came, each at `date + min(window, maximumAge)`
  /// (rules 17, 18).
  public func departure(leavingFewerThan count: Int, after now: Instant, limit: DonationLimit, within window: TimeSpan?) -> NextChange {
    guard count > 0 else { return .never }
    // The count-th newest donation seen decides, without finding where the window starts:
    // it is seen when the limit's count keeps it and it has not left yet.
    let end = firstIndex(after: now)
    let position = end - count
    guard position >= head, count <= limit.maximumCount else { return .unknown }
    let span: TimeSpan? =
      switch (window, limit.maximumAge) {
      case (let window?, let age?): min(window, age)
      case (let window?, nil): window
      case (nil, let age?): age
      case (nil, nil): nil
      }
    guard let span else { return .never }
    let leaves = storage[position].instant + span
    return leaves > now ? .at(leaves) : .unknown
  }

  /// Every instant after `now` at which what `aggregate` sees shrinks by time alone, in order,
  /// at most `maximum` of them.
  public func exits(after now: Instant, limit: DonationLimit, within window: TimeSpan?, maximum: Int) -> [Instant] {
    var instants: [Instant] = []
    for donation in visible(at: now, limit: limit) {
      if let window, donation.instant + window > now { instants.append(donation.instant + window) }
      if let age = limit.maximumAge, donation.instant + age > now { instants.append(donation.instant + age) }
      if instants.count >= maximum * 2 { break }
    }
    return Array(Set(instants).sorted().prefix(maximum))
  }
}
