import TipEngine

/// Which way an event aggregate must move for a false rule to hold: what decides whether
/// donating can help (it only adds), or only deleting donations or a reset can (`why`'s
/// actions, rule 43).
public enum AggregateDirection: Hashable, Sendable {
  case increase
  /// Down to a count above zero (`== 2` from 3): deleting every donation overshoots.
  case decrease
  /// Down to zero or anywhere below the bound (`== 0`, `< 3`): deleting every donation does.
  case decreaseToZero
  /// Either way changes the answer (`!=`).
  case either

  /// For each aggregate of `rule`, the way it must move to make the rule `wanted` (through
  /// `not`, `and`, `or`), given the values it has now; an aggregate whose comparisons are all
  /// right already is not listed.
  public static func directions(in rule: Expression, wanted: Bool = true, values: [EventAggregate: Int]) -> [EventAggregate:
    AggregateDirection]
  {
    var found: [EventAggregate: AggregateDirection] = [:]
    func merge(_ aggregate: EventAggregate, _ direction: AggregateDirection) {
      guard let existing = found[aggregate], existing != direction else {
        found[aggregate] = direction
        return
      }
      let downward: Set<AggregateDirection> = [.decrease, .decreaseToZero]
      found[aggregate] = downward.contains(existing) && downward.contains(direction) ? .decrease : .either
    }
    func walk(_ expression: Expression, _ wanted: Bool) {
      switch expression {
      case .not(let inner): walk(inner, !wanted)
      case .and(let l, let r), .or(let l, let r):
        walk(l, wanted)
        walk(r, wanted)
      case .comparison(.aggregate(let aggregate), let op, let other):
        if let direction = direction(op, wanted, current: values[aggregate], against: other) { merge(aggregate, direction) }
      case .comparison(let other, let op, .aggregate(let aggregate)):
        if let direction = direction(op.mirrored, wanted, current: values[aggregate], against: other) { merge(aggregate, direction) }
      default: break
      }
    }
    walk(rule, wanted)
    return found
  }

  /// The way `aggregate op other` needs the aggregate to move to become `wanted`; nil when it
  /// already is (a comparison already right needs nothing, whichever way it could move).
  private static func direction(_ op: ComparisonOperator, _ wanted: Bool, current: Int?, against other: Expression) -> AggregateDirection? {
    if let current, case .literal(let value) = other, Value.int(current).compare(op, value) == wanted { return nil }
    // Whether no donation at all would be right.
    let zeroWorks = if case .literal(let value) = other { Value.int(0).compare(op, value) == wanted } else { false }
    let op = wanted ? op : op.negated
    switch op {
    case .greater, .greaterOrEqual: return .increase
    case .less, .lessOrEqual: return zeroWorks ? .decreaseToZero : .decrease
    case .notEqual: return .either
    case .equal:
      guard let current, case .literal(let value) = other, let target = value.numeric else { return .either }
      return Double(current) < target ? .increase : zeroWorks ? .decreaseToZero : .decrease
    }
  }
}

extension ComparisonOperator {
  /// `a op b` as `b op' a`.
  public var mirrored: ComparisonOperator {
    switch self {
    case .less: .greater
    case .lessOrEqual: .greaterOrEqual
    case .greater: .less
    case .greaterOrEqual: .lessOrEqual
    case .equal, .notEqual: self
    }
  }

  /// The operator of `not (a op b)`.
  public var negated: ComparisonOperator {
    switch self {
    case .equal: .notEqual
    case .notEqual: .equal
    case .less: .greaterOrEqual
    case .lessOrEqual: .greater
    case .greater: .lessOrEqual
    case .greaterOrEqual: .less
    }
  }
}
