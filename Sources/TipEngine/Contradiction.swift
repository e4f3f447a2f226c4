/// Finds rules that cannot all hold: the same quantity compared with literals in ways that
/// exclude each other (`p == true` and `p == false`, `n > 5` and `n < 3`, `count < 0`), or a
/// count compared past the donations its event keeps (`opened.count >= 1001` when rules see
/// the last 1,000, rule 18). The one analysis `lint`, the audit's never-proof, `why`/`next`'s
/// actions and `expect next TIP never` share.
public enum Contradiction {
  struct Bounds {
    var low = -Double.infinity
    var lowStrict = false
    var high = Double.infinity
    var highStrict = false
    var equal: Value?
    var text: [String] = []
    /// The most donations of the count's event that rules see, when the subject is a count.
    var kept: Int?
  }

  /// The rules that exclude each other, as text (`\`n > 5\` and \`n < 3\` contradict`), or nil.
  /// `kept` gives the most donations of an event that rules see (its `DonationLimit`, or
  /// 1,000), nil for no bound.
  public static func find(in rules: [Expression], kept: (String) -> Int? = { _ in nil }) -> String? {
    var bounds: [String: Bounds] = [:]
    var conjuncts: [Expression] = []
    func flatten(_ e: Expression) {
      if case .and(let l, let r) = e {
        flatten(l)
        flatten(r)
      } else {
        conjuncts.append(e)
      }
    }
    rules.forEach(flatten)
    for conjunct in conjuncts {
      guard let found = comparison(conjunct) else { continue }
      let subject = found.0
      var (op, value) = (found.1, found.2)
      let key = subject.description
      var b = bounds[key] ?? Bounds()
      if case .aggregate(let aggregate) = subject, b.text.isEmpty {
        (b.low, b.lowStrict) = (0, false)
        b.kept = kept(aggregate.event)
        if let most = b.kept { (b.high, b.highStrict) = (Double(most), false) }
      }
      b.text.append("`\(conjunct)`")
      if case .bool(let v) = value, op == .notEqual {
        value = .bool(!v)
        op = .equal
      }
      if op == .equal {
        if let existing = b.equal, existing.compare(.notEqual, value) { return b.text.joined(separator: " and ") + " contradict" }
        b.equal = value
      }
      if let n = value.numeric {
        switch op {
        case .equal:
          if n > b.low || (n == b.low && !b.lowStrict) { (b.low, b.lowStrict) = (n, false) }
          if n < b.high || (n == b.high && !b.highStrict) { (b.high, b.highStrict) = (n, false) }
        case .greater: if n >= b.low { (b.low, b.lowStrict) = (n, true) }
        case .greaterOrEqual: if n > b.low { (b.low, b.lowStrict) = (n, false) }
        case .less: if n <= b.high { (b.high, b.highStrict) = (n, true) }
        case .lessOrEqual: if n < b.high { (b.high, b.highStrict) = (n, false) }
        case .notEqual: break
        }
        if b.low > b.high || (b.low == b.high && (b.lowStrict || b.highStrict)) {
          var why = b.text.joined(separator: " and ") + (b.text.count > 1 ? " contradict" : " can never hold")
          if case .aggregate(let aggregate) = subject, let most = b.kept, b.low >= Double(most) {
            why += ": rules see at most the last \(most) donations of \(aggregate.event) (rule 18)"
          }
          return why
        }
      }
      bounds[key] = b
    }
    return nil
  }

  /// `subject op literal`, flipping `literal op subject`; a bare Bool parameter is `== true`.
  static func comparison(_ e: Expression) -> (Expression, ComparisonOperator, Value)? {
    switch e {
    case .comparison(let l, let op, .literal(let v)) where !isLiteral(l): return (l, op, v)
    case .comparison(.literal(let v), let op, let r) where !isLiteral(r): return (r, flip(op), v)
    case .parameter: return (e, .equal, .bool(true))
    case .not(.parameter(let p)): return (.parameter(p), .equal, .bool(false))
    default: return nil
    }
  }

  static func isLiteral(_ e: Expression) -> Bool { if case .literal = e { true } else { false } }

  static func flip(_ op: ComparisonOperator) -> ComparisonOperator {
    switch op {
    case .less: .greater
    case .lessOrEqual: .greaterOrEqual
    case .greater: .less
    case .greaterOrEqual: .lessOrEqual
    default: op
    }
  }
}

extension Contradiction {
  /// The comparisons of a count in `rule` (outside any `not`) that no count of what its event
  /// keeps can make true (`opened.count >= 1001` when rules see the last 1,000): a part of
  /// the rule that is false for good, even under an `||`.
  public static func beyondKept(in rule: Expression, kept: (String) -> Int?) -> [(
    comparison: Expression, aggregate: EventAggregate, kept: Int
  )] {
    var found: [(Expression, EventAggregate, Int)] = []
    func check(_ e: Expression, _ aggregate: EventAggregate, _ op: ComparisonOperator, _ value: Value) {
      // Only a count asked to reach past the cap: one below zero is another contradiction.
      guard let n = value.numeric, n >= 0, [.greaterOrEqual, .greater, .equal].contains(op), let most = kept(aggregate.event),
        neverTrue(op, n, kept: most)
      else { return }
      found.append((e, aggregate, most))
    }
    func visit(_ e: Expression) {
      switch e {
      case .and(let l, let r), .or(let l, let r):
        visit(l)
        visit(r)
      case .comparison(.aggregate(let a), let op, .literal(let v)): check(e, a, op, v)
      case .comparison(.literal(let v), let op, .aggregate(let a)): check(e, a, flip(op), v)
      default: break
      }
    }
    visit(rule)
    return found
  }
}

extension Contradiction {
  /// Whether `count op n` is false for every count from 0 to `kept`, the most donations an
  /// event's rules see (rule 18).
  public static func neverTrue(_ op: ComparisonOperator, _ n: Double, kept: Int) -> Bool {
    let most = Double(kept)
    return switch op {
    case .greaterOrEqual: n > most
    case .greater: n >= most
    case .equal: n > most || n < 0
    case .lessOrEqual: n < 0
    case .less: n <= 0
    case .notEqual: kept == 0 && n == 0
    }
  }

  /// Why `rules` can never all hold: contradicting comparisons, or a rule each of whose
  /// alternatives compares a count past what its event keeps; nil when they might.
  public static func never(_ rules: [Expression], kept: (String) -> Int?) -> String? {
    if let why = find(in: rules, kept: kept) { return why }
    for rule in rules {
      let beyond = beyondKept(in: rule, kept: kept)
      guard !beyond.isEmpty, isFalse(rule, beyond.map(\.comparison)) else { continue }
      let events = beyond.map { "the last \($0.kept) donations of \($0.aggregate.event)" }
      return "`\(rule)` can never hold: rules see at most \(Array(Set(events)).sorted().joined(separator: " and ")) (rule 18)"
    }
    return nil
  }

  /// Whether `e` is false whatever the values, knowing only that the `dead` comparisons are.
  private static func isFalse(_ e: Expression, _ dead: [Expression]) -> Bool {
    switch e {
    case .and(let l, let r): isFalse(l, dead) || isFalse(r, dead)
    case .or(let l, let r): isFalse(l, dead) && isFalse(r, dead)
    default: dead.contains(e)
    }
  }
}
