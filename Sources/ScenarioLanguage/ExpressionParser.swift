import Simulation
import TipEngine

/// Parses a rule expression (scenario language, "Rule expressions"):
/// `or := and (or-op and)*`, `and := not (and-op not)*`, `not := ('not'|'!') not | comparison`,
/// `comparison := operand (op operand)?`, operands being literals, parameters, event
/// aggregates and parenthesised expressions.
struct ExpressionParser {
  /// Nesting deeper than this is refused, so hostile input cannot exhaust the stack: every
  /// pass over a rule recurses once per level, and the deepest rule, run through the population
  /// in a debug build, must fit the 512 KiB a Mac gives a thread (BENCHMARKS.md, "Stacks").
  static let maximumDepth = 32

  var cursor: Cursor
  var references: [NameReference] = []
  /// Where each comparison's operator is, for type errors.
  var locations: [Expression: Located<String>] = [:]
  private var depth = 0

  init(cursor: Cursor) { self.cursor = cursor }

  mutating func parseRule() throws(Diagnostic) -> Expression {
    guard !cursor.atEnd else { throw cursor.expected("a rule expression") }
    return try parseOr()
  }

  /// One level deeper: the caller leaves it with `depth -= 1` (a `defer`). No closure and no
  /// generic: each level is a few frames of this parser, whose debug-build size is the stack a
  /// deep rule needs.
  private mutating func descend() throws(Diagnostic) {
    guard depth < ExpressionParser.maximumDepth else { throw tooDeep() }
    depth += 1
  }

  private func tooDeep() -> Diagnostic {
    cursor.error("expression is nested more than \(ExpressionParser.maximumDepth) levels deep")
  }

  private mutating func parseOr() throws(Diagnostic) -> Expression {
    var left = try parseAnd()
    while cursor.take(word: "or") || cursor.take(symbol: "||") {
      left = .or(left, try parseAnd())
    }
    return left
  }

  private mutating func parseAnd() throws(Diagnostic) -> Expression {
    var left = try parseNot()
    while cursor.take(word: "and") || cursor.take(symbol: "&&") {
      left = .and(left, try parseNot())
    }
    return left
  }

  private mutating func parseNot() throws(Diagnostic) -> Expression {
    guard cursor.take(word: "not") || cursor.take(symbol: "!") else { return try parseComparison() }
    try descend()
    defer { depth -= 1 }
    return .not(try parseNot())
  }

  private mutating func parseComparison() throws(Diagnostic) -> Expression {
    let start = cursor.index
    let left = try parseOperand()
    guard let op = comparisonOperator() else {
      noteOperand(left, startingAt: start)
      return left
    }
    return try comparison(left, op)
  }

  /// The operator at the cursor, taken; nil when the next token is none.
  private mutating func comparisonOperator() -> Located<ComparisonOperator>? {
    guard let token = cursor.peek, case .symbol(let s) = token.kind, let op = ComparisonOperator(rawValue: s) else { return nil }
    cursor.index += 1
    return Located(op, at: token.location, length: token.length)
  }

  /// Where an operand that is the whole comparison is, for type errors.
  private mutating func noteOperand(_ operand: Expression, startingAt index: Int) {
    guard index < cursor.tokens.count, locations[operand] == nil else { return }
    let start = cursor.tokens[index]
    locations[operand] = Located(operand.description, at: start.location, length: start.length)
  }

  private mutating func comparison(_ left: Expression, _ op: Located<ComparisonOperator>) throws(Diagnostic) -> Expression {
    let expression = Expression.comparison(left, op.value, try parseOperand())
    locations[expression] = Located(op.value.rawValue, at: op.location, length: op.length)
    return expression
  }

  private mutating func parseOperand() throws(Diagnostic) -> Expression {
    guard cursor.take(symbol: "(") else { return try parseValueOrName() }
    try descend()
    defer { depth -= 1 }
    let inner = try parseOr()
    try cursor.symbol(")")
    return inner
  }

  /// An operand other than a parenthesised expression: a literal, a parameter or an aggregate.
  private mutating func parseValueOrName() throws(Diagnostic) -> Expression {
    guard let token = cursor.peek else { throw cursor.expected("a value, a parameter or an event aggregate") }
    switch token.kind {
    case .name("true"), .name("false"), .name("nil"), .integer, .decimal, .string:
      return .literal(try cursor.value(orNil: true).value)
    case .name(let name):
      cursor.index += 1
      let located = Located(name, at: token.location, length: token.length)
      guard cursor.take(symbol: ".") else {
        references.append(NameReference(.parameter, located))
        return .parameter(name)
      }
      references.append(NameReference(.event, located))
      let aggregate = try parseAggregate(event: name)
      let expression = Expression.aggregate(aggregate)
      locations[expression] = located
      return expression
    default:
      throw cursor.expected("a value, a parameter or an event aggregate")
    }
  }

  /// `count`, `count(within: 5d, where: …)`, `largestSubset(by: field, within: 5d)`, ….
  private mutating func parseAggregate(event: String) throws(Diagnostic) -> EventAggregate {
    let member = try cursor.word(oneOf: ["count", "largestSubset", "smallestSubset"], what: "event aggregate")
    var aggregate = EventAggregate(event: event)
    var groupField: String?
    if cursor.take(symbol: "(") {
      do { try parseArguments(of: event, into: &aggregate, groupField: &groupField) } catch {
        throw error.noting(ExpressionParser.forms(of: event))
      }
    }
    switch member.value {
    case "count":
      if groupField != nil { throw Diagnostic("count takes within: and where:, not by:", at: member.location, length: member.length) }
    default:
      guard let field = groupField else {
        throw Diagnostic(
          "\(member.value) needs `by: FIELD`", at: member.location, length: member.length,
          note: "e.g. \(event).\(member.value)(by: backyardID)")
      }
      aggregate.kind = member.value == "largestSubset" ? .largestSubset(by: field) : .smallestSubset(by: field)
    }
    return aggregate
  }

  /// The arguments of an aggregate, after its `(`: `within:`, `where:`, `by:`, and the `)`.
  private mutating func parseArguments(of event: String, into aggregate: inout EventAggregate, groupField: inout String?)
    throws(Diagnostic)
  {
    var given: Set<String> = []
    repeat {
      let label = try cursor.word(oneOf: ["within", "where", "by"], what: "argument label")
      guard given.insert(label.value).inserted else {
        throw Diagnostic("\(label.value): is given twice", at: label.location, length: label.length)
      }
      try cursor.symbol(":")
      switch label.value {
      case "within":
        let span = try cursor.duration()
        guard span.value.seconds > 0 else { throw Diagnostic("a window must be longer than 0s", at: span.location, length: span.length) }
        aggregate.within = span.value
      case "where":
        aggregate.filter = try parseFilterOr(event: event)
      default:
        let field = try cursor.name("a field name")
        references.append(NameReference(.field(event: event), field))
        groupField = field.value
      }
    } while cursor.take(symbol: ",")
    try cursor.symbol(")")
  }

  /// How a rule reads an event, for the note of one that does not parse.
  static func forms(of event: String) -> String {
    "write \(event).count(within: 5d) >= 3, \(event).count(where: FIELD == VALUE) > 0 or "
      + "\(event).largestSubset(by: FIELD, within: 5d) >= 3 (`help rules`)"
  }

  private mutating func parseFilterOr(event: String) throws(Diagnostic) -> DonationFilter {
    var left = try parseFilterAnd(event: event)
    while cursor.take(word: "or") || cursor.take(symbol: "||") { left = .or(left, try parseFilterAnd(event: event)) }
    return left
  }

  private mutating func parseFilterAnd(event: String) throws(Diagnostic) -> DonationFilter {
    var left = try parseFilterPrimary(event: event)
    while cursor.take(word: "and") || cursor.take(symbol: "&&") { left = .and(left, try parseFilterPrimary(event: event)) }
    return left
  }

  private mutating func parseFilterPrimary(event: String) throws(Diagnostic) -> DonationFilter {
    if cursor.take(word: "not") || cursor.take(symbol: "!") {
      try descend()
      defer { depth -= 1 }
      return .not(try parseFilterPrimary(event: event))
    }
    guard cursor.take(symbol: "(") else { return try parseFieldComparison(event: event) }
    try descend()
    defer { depth -= 1 }
    let inner = try parseFilterOr(event: event)
    try cursor.symbol(")")
    return inner
  }

  /// `FIELD OP VALUE`.
  private mutating func parseFieldComparison(event: String) throws(Diagnostic) -> DonationFilter {
    let field = try cursor.name("a field name")
    references.append(NameReference(.field(event: event), field))
    guard let token = cursor.peek, case .symbol(let s) = token.kind, let op = ComparisonOperator(rawValue: s) else {
      throw cursor.expected("a comparison (== != < <= > >=)")
    }
    cursor.index += 1
    return .comparison(field: field.value, op, try cursor.value().value)
  }
}
