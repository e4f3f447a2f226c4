/// A rule as data: the tree the scenario language parses and the engine evaluates and
/// explains (spec rules 16, 19). A tip's rules are a list of these, ANDed.
public indirect enum Expression: Hashable, Sendable, CustomStringConvertible {
  case literal(Value)
  /// A read of a `@Parameter` by name (spec section 2).
  case parameter(String)
  /// An integer computed over an event's donations (spec rule 16).
  case aggregate(EventAggregate)
  case comparison(Expression, ComparisonOperator, Expression)
  case and(Expression, Expression)
  case or(Expression, Expression)
  case not(Expression)

  /// The expression in the scenario language's own syntax.
  public var description: String { render(parentPrecedence: 0) }

  private var precedence: Int {
    switch self {
    case .or: 1
    case .and: 2
    case .not: 3
    case .comparison: 4
    default: 5
    }
  }

  private func render(parentPrecedence: Int) -> String {
    let text: String
    switch self {
    case .literal(let v): text = v.description
    case .parameter(let name): text = name
    case .aggregate(let a): text = a.description
    case .comparison(let l, let op, let r):
      text = "\(l.render(parentPrecedence: 5)) \(op.rawValue) \(r.render(parentPrecedence: 5))"
    case .and(let l, let r):
      text = "\(l.render(parentPrecedence: 2)) and \(r.render(parentPrecedence: 2))"
    case .or(let l, let r):
      text = "\(l.render(parentPrecedence: 1)) or \(r.render(parentPrecedence: 1))"
    case .not(let e): text = "not \(e.render(parentPrecedence: 3))"
    }
    return precedence < parentPrecedence ? "(\(text))" : text
  }

  /// Every parameter the expression reads, in reading order, without repeats.
  public var parameterNames: [String] {
    var names: [String] = []
    visit { if case .parameter(let n) = $0, !names.contains(n) { names.append(n) } }
    return names
  }

  /// Every event aggregate the expression computes, in reading order.
  public var aggregates: [EventAggregate] {
    var found: [EventAggregate] = []
    visit { if case .aggregate(let a) = $0 { found.append(a) } }
    return found
  }

  func visit(_ body: (Expression) -> Void) {
    body(self)
    switch self {
    case .comparison(let l, _, let r), .and(let l, let r), .or(let l, let r):
      l.visit(body)
      r.visit(body)
    case .not(let e): e.visit(body)
    case .literal, .parameter, .aggregate: break
    }
  }
}

/// `== != < <= > >=`.
public enum ComparisonOperator: String, Hashable, Sendable, CaseIterable {
  case equal = "=="
  case notEqual = "!="
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="

  public func apply<T: Comparable>(_ a: T, _ b: T) -> Bool {
    switch self {
    case .equal: a == b
    case .notEqual: a != b
    case .less: a < b
    case .lessOrEqual: a <= b
    case .greater: a > b
    case .greaterOrEqual: a >= b
    }
  }
}

/// An integer over one event's donations: TipKit's `donations.count`,
/// `donatedWithin(_:)`, `filter`, `largestSubset(groupedBy:)`, `smallestSubset(groupedBy:)`
/// (spec rule 16), chained in that order: filter, window, then count or group.
public struct EventAggregate: Hashable, Sendable, CustomStringConvertible {
  public enum Kind: Hashable, Sendable {
    case count
    case largestSubset(by: String)
    case smallestSubset(by: String)
  }

  public var event: String
  public var kind: Kind
  /// Keep donations with `now − date < within` (spec rule 17).
  public var within: TimeSpan?
  public var filter: DonationFilter?

  public init(event: String, kind: Kind = .count, within: TimeSpan? = nil, filter: DonationFilter? = nil) {
    self.event = event
    self.kind = kind
    self.within = within
    self.filter = filter
  }

  public var description: String {
    var arguments: [String] = []
    let name: String
    switch kind {
    case .count: name = "count"
    case .largestSubset(let field):
      name = "largestSubset"
      arguments.append("by: \(field)")
    case .smallestSubset(let field):
      name = "smallestSubset"
      arguments.append("by: \(field)")
    }
    if let within { arguments.append("within: \(within)") }
    if let filter { arguments.append("where: \(filter)") }
    return arguments.isEmpty ? "\(event).\(name)" : "\(event).\(name)(\(arguments.joined(separator: ", ")))"
  }
}

/// A condition on a donation's field values (`where: backyardID == 2`).
public indirect enum DonationFilter: Hashable, Sendable, CustomStringConvertible {
  case comparison(field: String, ComparisonOperator, Value)
  case and(DonationFilter, DonationFilter)
  case or(DonationFilter, DonationFilter)
  case not(DonationFilter)

  public func matches(_ fields: [String: Value]) -> Bool {
    switch self {
    case .comparison(let field, let op, let value):
      guard let actual = fields[field] else { return false }
      return actual.compare(op, value)
    case .and(let l, let r): return l.matches(fields) && r.matches(fields)
    case .or(let l, let r): return l.matches(fields) || r.matches(fields)
    case .not(let f): return !f.matches(fields)
    }
  }

  public var description: String {
    switch self {
    case .comparison(let field, let op, let value): "\(field) \(op.rawValue) \(value)"
    case .and(let l, let r): "(\(l) and \(r))"
    case .or(let l, let r): "(\(l) or \(r))"
    case .not(let f): "not \(f)"
    }
  }

  /// Every field the filter reads.
  public var fieldNames: [String] {
    switch self {
    case .comparison(let field, _, _): [field]
    case .and(let l, let r), .or(let l, let r): l.fieldNames + r.fieldNames
    case .not(let f): f.fieldNames
    }
  }
}
