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

  /// The holds of the decision and whether the tip should display, from the compiled rules
  /// and without the rules that hold: what presentation asks for every tip it re-decides.
  public func holds(forTipAt index: Int, at now: Instant) -> (holds: [Hold], shouldDisplay: Bool) {
    let lean = decision(forTipAt: index, at: now, asTheModel: false)
    return (lean.holds, lean.shouldDisplay)
  }

  /// The decision for the tip at `index`: as the model, every rule as written and kept; else
  /// the compiled rules, and only the failing ones listed (its holds name them the same).
  /// The definition is read in place, not copied (its copy showed in replay profiles).
  private func decision(forTipAt index: Int, at now: Instant, asTheModel: Bool) -> Decision {
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
      return Decision(tip: tipName, status: .pending, storedStatus: storedStatus, override: nil, rules: rules, holds: [.notConfigured])
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

  /// The decision's `shouldDisplay` for the tip at `index` without the explanation: no rule
  /// readings, no holds, rules short-circuit. Quiet worlds (population) ask this.
  public func shouldDisplay(tipAt index: Int, at now: Instant) -> Bool {
    guard isConfigured else { return false }
    let id = catalog.tips[index].id
    if !configuration.testing.isEmpty, let override = configuration.testing.override(for: catalog.tips[index].name, id: id) {
      return override.shows
    }
    let record = record(ofTipAt: index)
    guard record.invalidation == nil else { return false }
    var unread = ReadingsIgnored()
    for position in catalog.tips[index].rules.indices
    where compiledValue(ofRule: position, ofTipAt: index, at: now, readings: &unread) != .bool(true) {
      return false
    }
    return frequencyHold(for: catalog.tips[index], record: record, at: now) == nil
  }

  /// The status the app reads (rule 2).
  public func status(of tipName: String, at now: Instant) -> TipStatus {
    decision(for: tipName, at: now).status
  }

  /// What a rule reads that a command changes: an event (a donation) or a parameter (a
  /// write), by index in the catalog.
  public enum RuleInput: Hashable, Sendable {
    case event(Int)
    case parameter(Int)
  }

  /// Whether every rule of the tip at `index` that reads `input` holds at `now`; true when
  /// none reads it. Only failing rules appear among a tip's holds, with what they read, so a
  /// donation or a write before and after which this is true leaves the tip's holds as they
  /// were: presentation keeps what it found for the tip.
  public func rulesHold(ofTipAt index: Int, reading input: RuleInput, at now: Instant) -> Bool {
    rulesHold(ofTipAt: index, reading: input, at: now, skippingMonotone: false)
  }

  /// The same, just after a change of `input` before which it was true: a rule a donation
  /// cannot make false (`CompiledRule.staysTrueAsDonationsArrive`) is not evaluated again.
  public func rulesStillHold(ofTipAt index: Int, afterChangeOf input: RuleInput, at now: Instant) -> Bool {
    rulesHold(ofTipAt: index, reading: input, at: now, skippingMonotone: true)
  }

  private func rulesHold(ofTipAt index: Int, reading input: RuleInput, at now: Instant, skippingMonotone: Bool) -> Bool {
    var unread = ReadingsIgnored()
    for position in catalog.tips[index].rules.indices where rule(at: position, ofTipAt: index, reads: input) {
      if skippingMonotone, case .event = input, catalog.compiledRules[index][position].staysTrueAsDonationsArrive { continue }
      if compiledValue(ofRule: position, ofTipAt: index, at: now, readings: &unread) != .bool(true) { return false }
    }
    return true
  }

  private func rule(at position: Int, ofTipAt index: Int, reads input: RuleInput) -> Bool {
    switch (catalog.compiledRules[index][position], input) {
    case (.aggregate(let rule), .event(let event)): rule.read.event == event
    case (.parameter(let rule), .parameter(let parameter)): rule.read.index == parameter
    case (.aggregate, .parameter), (.parameter, .event): false
    case (.expression, .event(let event)):
      catalog.tips[index].rules[position].aggregates.contains { $0.event == catalog.events[event].id }
    case (.expression, .parameter(let parameter)):
      catalog.tips[index].rules[position].parameterNames.contains(catalog.parameters[parameter].name)
    }
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

  /// The value of the rule at `position` of the tip at `index`, each value it reads given to
  /// `readings`: its compiled form when it has one, else the rule as written.
  private func compiledValue<Readings: ReadingSink>(ofRule position: Int, ofTipAt index: Int, at now: Instant, readings: inout Readings)
    -> Value
  {
    switch catalog.compiledRules[index][position] {
    case .aggregate(let rule):
      let value = read(rule.read.aggregate, ofEventAt: rule.read.event, at: now, readings: &readings)
      return .bool(value.compare(rule.op, rule.literal))
    case .parameter(let rule):
      // An undefined parameter reads false, as in `value(of:at:readings:)`.
      var value = Value.bool(false)
      if let parameter = rule.read.index { value = read(parameter: rule.read.name, definedAt: parameter, readings: &readings) }
      return .bool(value.compare(rule.op, rule.literal))
    case .expression:
      return value(of: catalog.tips[index].rules[position], at: now, readings: &readings)
    }
  }

  /// The value of `expression`, each value it reads given to `readings`. When `readings`
  /// does not record, `and`/`or` stop at their first side when it decides.
  private func value<Readings: ReadingSink>(of expression: Expression, at now: Instant, readings: inout Readings) -> Value {
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
  private func read<Readings: ReadingSink>(_ aggregate: EventAggregate, ofEventAt event: Int?, at now: Instant, readings: inout Readings)
    -> Value
  {
    let count = aggregateValue(aggregate, ofEventAt: event, at: now)
    if readings.records { readings.read(.aggregate(aggregate, value: count)) }
    return .int(count)
  }

  /// The value of the parameter defined at `index` in the catalog, given to `readings`.
  @inline(__always)
  private func read<Readings: ReadingSink>(parameter name: String, definedAt index: Int, readings: inout Readings) -> Value {
    let (value, source) = parameterValue(name, definedAt: index)
    if readings.records {
      readings.read(.parameter(name: name, value: value, source: source, boundTo: catalog.parameters[index].boundTo))
    }
    return value
  }

  /// Whether the holds of the tip at `index` at `now` are `count` holds, the i-th of which is
  /// `expected(i)`, found without building them: a tip re-decided after a donation or a
  /// write usually keeps its reasons, not worth building only to compare and throw away.
  /// It follows the decision step by step, comparing as it goes. (A closure, not a generic
  /// collection: this module's generics are not specialized for the caller's types.)
  public func holds(forTipAt index: Int, at now: Instant, are count: Int, _ expected: (Int) -> Hold) -> Bool {
    guard isConfigured else { return count == 1 && expected(0) == .notConfigured }
    var cursor = 0
    /// Takes the next expected hold if `matches` accepts it.
    func take(_ matches: (Hold) -> Bool) -> Bool {
      guard cursor < count, matches(expected(cursor)) else { return false }
      cursor += 1
      return true
    }
    // The definition is read in place, as in the decision.
    let id = catalog.tips[index].id
    if !configuration.testing.isEmpty, let override = configuration.testing.override(for: catalog.tips[index].name, id: id) {
      if override.shows { return count == 0 }
      guard take({ $0 == .hiddenForTesting(override) }) else { return false }
    }
    let record = record(ofTipAt: index)
    if let reason = record.invalidation, !take({ $0 == .invalidated(reason, at: record.invalidatedAt) }) { return false }
    // The failing rules, each with the values it read, against the expected ones in order.
    let failing: [RuleEvaluation] = if cursor < count, case .rules(let rules) = expected(cursor) { rules } else { [] }
    var matched = 0
    for position in catalog.tips[index].rules.indices {
      var readings = ReadingMatch(matched < failing.count ? failing[matched].readings : [])
      guard compiledValue(ofRule: position, ofTipAt: index, at: now, readings: &readings) != .bool(true) else { continue }
      guard matched < failing.count, readings.matchesAll, !failing[matched].holds,
        failing[matched].rule == catalog.tips[index].rules[position]
      else { return false }
      matched += 1
    }
    guard matched == failing.count else { return false }
    if matched > 0 { cursor += 1 }
    if record.invalidation == nil, let hold = frequencyHold(for: catalog.tips[index], record: record, at: now) {
      guard cursor < count, case .frequency(let expectedHold) = expected(cursor), expectedHold == hold else { return false }
      cursor += 1
    }
    return cursor == count
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

/// No readings: the answer alone.
struct ReadingsIgnored: ReadingSink {
  var records: Bool { false }
  func read(_ reading: Reading) {}
}

/// Every value read, each once, in the order first read (rule 43).
struct ReadingList: ReadingSink {
  var readings: [Reading] = []
  var records: Bool { true }
  mutating func read(_ reading: Reading) { if !readings.contains(reading) { readings.append(reading) } }
}

/// Whether the values read are `expected`, as `ReadingList` would list them, without a list.
struct ReadingMatch: ReadingSink {
  let expected: [Reading]
  /// `ReadingList` would hold `expected[..<matched]` now, unless `differs`.
  private var matched = 0
  private var differs = false

  init(_ expected: [Reading]) { self.expected = expected }
  var records: Bool { true }
  var matchesAll: Bool { !differs && matched == expected.count }

  mutating func read(_ reading: Reading) {
    guard !differs, !expected[..<matched].contains(reading) else { return }
    if matched < expected.count && expected[matched] == reading { matched += 1 } else { differs = true }
  }
}
