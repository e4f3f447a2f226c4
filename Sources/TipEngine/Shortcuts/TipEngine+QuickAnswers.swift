extension TipEngine {
  // The shortcuts the engine's callers take instead of `decision(for:at:)`: the compiled
  // rules, only the failing ones, no readings, or a comparison without building the holds.
  // The differential test checks what they lead to against the model.

  /// The holds of the decision and whether the tip should display, from the compiled rules
  /// and without the rules that hold: what presentation asks for every tip it re-decides.
  public func holds(forTipAt index: Int, at now: Instant) -> (holds: [Hold], shouldDisplay: Bool) {
    let lean = decision(forTipAt: index, at: now, asTheModel: false)
    return (lean.holds, lean.shouldDisplay)
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

  /// The value of the rule at `position` of the tip at `index`, each value it reads given to
  /// `readings`: its compiled form when it has one, else the rule as written.
  func compiledValue<Readings: ReadingSink>(ofRule position: Int, ofTipAt index: Int, at now: Instant, readings: inout Readings)
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

  /// Whether the holds of the tip at `index` at `now` are `count` holds, the i-th of which is
  /// `expected(i)`, found without building them: a tip re-decided after a donation or a
  /// write usually keeps its reasons, not worth building only to compare and throw away.
  /// It follows the decision step by step, comparing as it goes. (A closure, not a generic
  /// collection: this module's generics are not specialized for the caller's types.)
  public func holds(forTipAt index: Int, at now: Instant, are count: Int, _ expected: (Int) -> Hold) -> Bool {
    guard isConfigured else {
      // Rare (before a launch, after a quit): the decision itself, compared hold by hold.
      let holds = decision(forTipAt: index, at: now, asTheModel: false).holds
      return holds.count == count && holds.indices.allSatisfy { holds[$0] == expected($0) }
    }
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
}

/// No readings: the answer alone.
struct ReadingsIgnored: ReadingSink {
  var records: Bool { false }
  func read(_ reading: Reading) {}
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
