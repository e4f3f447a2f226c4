extension TipEngine {
  /// The model's decision for a tip at `now`: status with overrides, and every hold with its
  /// deciding values (rules 3, 4, 33, 43), each rule evaluated as written. This is what
  /// TipKit decides; the answers below are its shortcuts, and the differential test checks
  /// them against it.
  public func decision(for tipName: String, at now: Instant) -> Decision {
    guard let index = catalog.index(ofTip: tipName) else {
      return Decision(tip: tipName, status: .pending, storedStatus: .pending, override: nil, rules: [], holds: [.notConfigured])
    }
    return decision(forTipAt: index, at: now, asTheModel: true)
  }

  /// The decision for the tip at `index`: as the model, every rule as written and kept; else
  /// the compiled rules, and only the failing ones listed (its holds name them the same).
  /// The definition is read in place, not copied (its copy showed in replay profiles).
  func decision(forTipAt index: Int, at now: Instant, asTheModel: Bool) -> Decision {
    let tipName = catalog.tips[index].name
    var rules: [RuleEvaluation] = []
    var failing: [RuleEvaluation] = []
    for (position, rule) in catalog.tips[index].rules.enumerated() {
      var readings = ReadingList()
      let value =
        asTheModel
        ? value(of: rule, at: now, readings: &readings) : compiledValue(ofRule: position, ofTipAt: index, at: now, readings: &readings)
      let evaluation = RuleEvaluation(rule: rule, holds: value == .bool(true), readings: readings.readings)
      if asTheModel { rules.append(evaluation) }
      if !evaluation.holds { failing.append(evaluation) }
    }
    let id = catalog.tips[index].id
    let record = record(ofTipAt: index)
    var stored: [Hold] = []
    if let reason = record.invalidation { stored.append(.invalidated(reason, at: record.invalidatedAt)) }
    if !failing.isEmpty { stored.append(.rules(failing)) }
    if record.invalidation == nil, let hold = frequencyHold(for: catalog.tips[index], record: record, at: now) {
      stored.append(.frequency(hold))
    }
    let storedStatus: TipStatus =
      if let reason = record.invalidation { .invalidated(reason) } else if stored.isEmpty { .available } else { .pending }

    guard isConfigured else {
      // Not running is one more gate: the datastore still holds what it holds, and an
      // invalidated tip reads invalidated (rule 25).
      let status: TipStatus = if case .invalidated = storedStatus { storedStatus } else { .pending }
      return Decision(
        tip: tipName, status: status, storedStatus: storedStatus, override: nil, rules: rules, holds: [.notConfigured] + stored)
    }
    let override = configuration.testing.isEmpty ? nil : configuration.testing.override(for: tipName, id: id)
    switch override {
    case .some(let o) where o.shows:
      // Show-overrides ignore rules and frequency, and mask an invalidation (rule 33).
      return Decision(tip: tipName, status: .available, storedStatus: storedStatus, override: o, rules: rules, holds: [])
    case .some(let o):
      // A hidden tip reads pending, or stays invalidated (rule 33).
      let status: TipStatus = if case .invalidated = storedStatus { storedStatus } else { .pending }
      return Decision(
        tip: tipName, status: status, storedStatus: storedStatus, override: o, rules: rules, holds: [.hiddenForTesting(o)] + stored)
    case .none:
      return Decision(tip: tipName, status: storedStatus, storedStatus: storedStatus, override: nil, rules: rules, holds: stored)
    }
  }

  /// The status the app reads (rule 2).
  public func status(of tipName: String, at now: Instant) -> TipStatus {
    decision(for: tipName, at: now).status
  }

  /// Frequency holds back only tips that have never appeared and do not ignore it, until
  /// `now − start ≥ interval` (rules 23, 26, 27).
  func frequencyHold(for tip: TipDefinition, record: TipRecord, at now: Instant) -> FrequencyHold? {
    guard !record.hasAppeared, !tip.options.ignoresDisplayFrequency,
      let interval = configuration.frequency.interval(monthLength: configuration.policies.monthLength),
      let start = datastore.intervalStart, now - start < interval
    else { return nil }
    return FrequencyHold(
      frequency: configuration.frequency, intervalStart: start, intervalEnd: start + interval, startedBy: datastore.intervalStartedBy)
  }

  /// Evaluates one rule, recording every value it reads (rule 43).
  public func evaluate(_ rule: Expression, at now: Instant) -> RuleEvaluation {
    var readings = ReadingList()
    let value = value(of: rule, at: now, readings: &readings)
    return RuleEvaluation(rule: rule, holds: value == .bool(true), readings: readings.readings)
  }

  /// The value of `expression`, each value it reads given to `readings`. When `readings`
  /// does not record, `and`/`or` stop at their first side when it decides.
  func value<Readings: ReadingSink>(of expression: Expression, at now: Instant, readings: inout Readings) -> Value {
    switch expression {
    case .literal(let v):
      return v
    case .parameter(let name):
      guard let index = catalog.index(ofParameter: name) else { return .bool(false) }
      return read(parameter: name, definedAt: index, readings: &readings)
    case .aggregate(let aggregate):
      return read(aggregate, ofEventAt: catalog.index(ofEvent: aggregate.event), at: now, readings: &readings)
    case .comparison(let l, let op, let r):
      let left = value(of: l, at: now, readings: &readings)
      let right = value(of: r, at: now, readings: &readings)
      return .bool(left.compare(op, right))
    case .and(let l, let r):
      // Both sides are read, so an explanation shows every value.
      let left = value(of: l, at: now, readings: &readings) == .bool(true)
      guard left || readings.records else { return .bool(false) }
      let right = value(of: r, at: now, readings: &readings) == .bool(true)
      return .bool(left && right)
    case .or(let l, let r):
      let left = value(of: l, at: now, readings: &readings) == .bool(true)
      guard !left || readings.records else { return .bool(true) }
      let right = value(of: r, at: now, readings: &readings) == .bool(true)
      return .bool(left || right)
    case .not(let e):
      return .bool(value(of: e, at: now, readings: &readings) != .bool(true))
    }
  }

  /// An aggregate's value at `now`, given to `readings` (`event`: the event's index in the
  /// catalog, nil when it is not defined). Inlined, so that a compiled rule's aggregate is
  /// not copied out of its box to be passed.
  @inline(__always)
  func read<Readings: ReadingSink>(_ aggregate: EventAggregate, ofEventAt event: Int?, at now: Instant, readings: inout Readings)
    -> Value
  {
    let count = aggregateValue(aggregate, ofEventAt: event, at: now)
    if readings.records { readings.read(.aggregate(aggregate, value: count)) }
    return .int(count)
  }

  /// The value of the parameter defined at `index` in the catalog, given to `readings`.
  @inline(__always)
  func read<Readings: ReadingSink>(parameter name: String, definedAt index: Int, readings: inout Readings) -> Value {
    let (value, source) = parameterValue(name, definedAt: index)
    if readings.records {
      readings.read(.parameter(name: name, value: value, source: source, boundTo: catalog.parameters[index].boundTo))
    }
    return value
  }

  // MARK: Groups (spec section 7)

  /// Which member of a group is presented now, and which member blocks an ordered group.
  public struct GroupSelection: Hashable, Sendable {
    public var current: String?
    /// Under `ordered`, the first non-invalidated member when it is not available (rule 31).
    public var blockedBy: String?

    public init(current: String?, blockedBy: String?) {
      self.current = current
      self.blockedBy = blockedBy
    }
  }

  /// The group's current tip (rules 30–32). Membership does not change a member's status.
  public func selection(of group: TipGroup, at now: Instant) -> GroupSelection {
    switch group.priority {
    case .firstAvailable:
      let current = group.members.first { status(of: $0, at: now) == .available }
      return GroupSelection(current: current, blockedBy: nil)
    case .ordered:
      for member in group.members {
        switch status(of: member, at: now) {
        case .invalidated: continue
        case .available: return GroupSelection(current: member, blockedBy: nil)
        case .pending: return GroupSelection(current: nil, blockedBy: member)
        }
      }
      return GroupSelection(current: nil, blockedBy: nil)
    }
  }
}

/// Where `value(of:at:readings:)` puts the values a rule reads.
protocol ReadingSink {
  /// Whether values are read at all; when not, `and`/`or` stop at a deciding side.
  var records: Bool { get }
  mutating func read(_ reading: Reading)
}

/// Every value read, each once, in the order first read (rule 43).
struct ReadingList: ReadingSink {
  var readings: [Reading] = []
  var records: Bool { true }
  mutating func read(_ reading: Reading) { if !readings.contains(reading) { readings.append(reading) } }
}
