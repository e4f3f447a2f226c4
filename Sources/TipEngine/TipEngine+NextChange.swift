extension TipEngine {
  /// The earliest instant after `now` at which any tip's status can change by the passage of
  /// time alone: a frequency interval ending (rule 26), a donation leaving a window or the
  /// donation limit's age (rules 17, 18), a duration limit reached on screen (rule 24).
  /// Nil when time alone changes nothing. Time travel jumps from one such instant to the
  /// next; it never ticks.
  public func nextChange(after now: Instant) -> Instant? {
    nextChange(after: now, windows: catalog.windows.indices.lazy.map { WindowRead(window: $0, threshold: nil) })
  }

  /// The earliest instant after `now` at which time alone can change what the tips at these
  /// indices in the catalog show (repeats allowed): the earliest of their next changes.
  public func nextChange(after now: Instant, readByTipsAt tips: [Int]) -> Instant? {
    var seen = [Bool](repeating: false, count: catalog.tips.count)
    var reads: [WindowRead] = []
    for tip in tips where !seen[tip] {
      seen[tip] = true
      reads += catalog.windowsByTip[tip]
    }
    return nextChange(after: now, windows: reads)
  }

  /// The same for no tip: the interval end and the duration limits, what time alone changes
  /// while no screen is open.
  public func nextChangeOfIntervalAndLimits(after now: Instant) -> Instant? {
    nextChange(after: now, windows: EmptyCollection())
  }

  /// The same for one tip: the earliest instant after `now` at which time alone can change
  /// its holds or the values they show (rule 43). The interval end and duration limits
  /// count, and so does every window its rules read, at its next departure, except where
  /// every rule reading the window is a threshold on its unfiltered count that holds now:
  /// then only the departure that leaves one donation too few changes anything (a count of
  /// 5 read by `>= 2` changes the tip's holds at its fourth departure, not its first).
  public func nextChange(after now: Instant, for tip: String) -> Instant? {
    guard let index = catalog.index(ofTip: tip) else { return nextChangeOfIntervalAndLimits(after: now) }
    return nextChange(after: now, forTipAt: index)
  }

  /// The same for the tip at `index` in the catalog.
  public func nextChange(after now: Instant, forTipAt index: Int) -> Instant? {
    nextChange(after: now, windows: catalog.windowsByTip[index])
  }

  private func nextChange(after now: Instant, windows: some Sequence<WindowRead>) -> Instant? {
    var best: Instant?
    func consider(_ candidate: Instant?) {
      guard let candidate, candidate > now else { return }
      if best.map({ candidate < $0 }) ?? true { best = candidate }
    }
    if let start = datastore.intervalStart,
      let interval = configuration.frequency.interval(monthLength: configuration.policies.monthLength)
    {
      consider(start + interval)
    }
    for read in windows {
      // Read in place: a copy of the window retained its list of tips too.
      let event = catalog.windows[read.window].eventIndex
      guard let log = donationLog(ofEventAt: event) else { continue }
      let limit = self.limit(ofEventAt: event)
      let within = catalog.windows[read.window].within
      let departure = read.threshold.map { log.departure(leavingFewerThan: $0, after: now, limit: limit, within: within) } ?? .unknown
      consider(departure.isKnown ? departure.instant : log.nextExit(after: now, limit: limit, within: within))
    }
    for tip in catalog.durationLimitedTips { consider(durationLimitInstant(of: tip)) }
    return best
  }

  /// Every distinct (window, event) pair the tips' rules read, when time can change it.
  func windowedAggregates(of tips: [TipDefinition]? = nil) -> [(EventAggregate, EventDefinition)] {
    let names = tips.map { Set($0.map(\.name)) }
    return catalog.windows.compactMap { window in
      if let names, !window.tips.contains(where: names.contains) { return nil }
      guard let event = catalog.event(named: window.event) else { return nil }
      return (EventAggregate(event: window.event, within: window.within), event)
    }
  }

  /// A change of one tip's status that time alone brings.
  public struct StatusChange: Hashable, Sendable {
    public var at: Instant
    public var status: TipStatus

    public init(at: Instant, status: TipStatus) {
      self.at = at
      self.status = status
    }
  }

  /// The earliest instant after `now` at which this tip's status changes if nothing but time
  /// happens, and the status it changes to; nil when no passage of time alone changes it
  /// (rule 43). Looks at most `maximumCandidates` candidate instants ahead.
  public func nextStatusChange(of tipName: String, after now: Instant, maximumCandidates: Int = 4096) -> StatusChange? {
    guard let tip = catalog.tip(named: tipName) else { return nil }
    let current = status(of: tipName, at: now)
    var candidates: Set<Instant> = []
    if let start = datastore.intervalStart,
      let interval = configuration.frequency.interval(monthLength: configuration.policies.monthLength),
      start + interval > now
    {
      candidates.insert(start + interval)
    }
    for (aggregate, event) in windowedAggregates(of: [tip]) {
      let exits =
        datastore.events[event.id]?.exits(after: now, limit: limit(of: event), within: aggregate.within, maximum: maximumCandidates) ?? []
      candidates.formUnion(exits)
    }
    if let limit = durationLimitInstant(of: tipName), limit > now { candidates.insert(limit) }
    for candidate in candidates.sorted().prefix(maximumCandidates) {
      var future = self
      _ = future.settle(at: candidate)
      let status = future.status(of: tipName, at: candidate)
      if status != current { return StatusChange(at: candidate, status: status) }
    }
    return nil
  }
}

extension TipEngine {
  /// Why time alone changes something at an instant.
  public enum ChangeCause: Hashable, Sendable {
    /// The display-frequency interval ends (rule 26).
    case intervalEnds(frequency: DisplayFrequency, startedBy: String?)
    /// A donation leaves a rule's window, or the donation limit's age (rules 17, 18).
    case donationLeaves(event: String, window: TimeSpan?)
    /// A tip on screen reaches its MaxDisplayDuration (rule 24).
    case durationLimit(tip: String)
  }

  /// What makes `instant` one of the instants `nextChange(after:)` returns.
  public func causes(at instant: Instant, after now: Instant) -> [ChangeCause] {
    var causes: [ChangeCause] = []
    if let start = datastore.intervalStart,
      let interval = configuration.frequency.interval(monthLength: configuration.policies.monthLength), start + interval == instant
    {
      causes.append(.intervalEnds(frequency: configuration.frequency, startedBy: datastore.intervalStartedBy))
    }
    for (aggregate, event) in windowedAggregates() {
      if datastore.events[event.id]?.nextExit(after: now, limit: limit(of: event), within: aggregate.within) == instant {
        causes.append(.donationLeaves(event: event.id, window: aggregate.within ?? limit(of: event).maximumAge))
      }
    }
    for tip in catalog.tips where durationLimitInstant(of: tip.name) == instant { causes.append(.durationLimit(tip: tip.name)) }
    return causes
  }

  /// The earliest instant at or after `now` at which the tip is available if nothing but time
  /// happens, or nil when no passage of time alone makes it available (rule 43).
  public func nextAvailability(of tipName: String, from now: Instant, maximumSteps: Int = 64) -> Instant? {
    if status(of: tipName, at: now) == .available { return now }
    var engine = self
    var clock = now
    for _ in 0..<maximumSteps {
      guard let change = engine.nextStatusChange(of: tipName, after: clock) else { return nil }
      if change.status == .available { return change.at }
      _ = engine.settle(at: change.at)
      clock = change.at
    }
    return nil
  }
}
