import Simulation
import TipEngine

/// The values an audit performs an app action with, for one tip: an input is a value the app
/// computes, so the search picks those that its rules need — the literal a comparison wants
/// (and its neighbours), the value a donation filter counts, one value for a field donations
/// are grouped by, both values of a `Bool` — and names each choice as an assumption.
struct ActionChoices {
  /// The most combinations of values tried for one action.
  static let maximumCombinations = 8

  let rules: [Expression]

  init(tip: TipDefinition, world: World) {
    var tips = [tip]
    for group in world.engine.catalog.groups where group.members.contains(tip.name) {
      tips += group.members.prefix { $0 != tip.name }.compactMap { world.engine.catalog.tip(named: $0) }
    }
    rules = tips.flatMap(\.rules)
  }

  /// `perform NAME INPUT=VALUE…` lines, most promising first.
  func lines(for action: AppAction) -> [String] {
    var combinations: [[(String, Value)]] = [[]]
    for input in action.inputs {
      let values = candidates(for: input, in: action)
      combinations = combinations.flatMap { partial in values.map { partial + [(input.name, $0)] } }
      if combinations.count > Self.maximumCombinations { combinations = Array(combinations.prefix(Self.maximumCombinations)) }
    }
    return combinations.map { chosen in (["perform", action.name] + chosen.map { "\($0.0)=\($0.1)" }).joined(separator: " ") }
  }

  /// The values worth trying for one input, from what its action's steps do with it.
  private func candidates(for input: AppAction.Input, in action: AppAction) -> [Value] {
    var values: [Value] = []
    func add(_ value: Value) {
      let typed = input.type == .double ? value.numeric.map(Value.double) ?? value : value
      if typed.type == input.type, !values.contains(typed) { values.append(typed) }
    }
    for step in action.commands {
      switch step.underlying {
      case .update(let parameter, let update) where update.source == input.name:
        let offset = update.offset?.numeric ?? 0
        for wanted in wantedValues(of: .parameter(parameter)) {
          if let number = wanted.numeric, offset != 0 {
            if let value = Self.number(number - offset, asInt: input.type == .int) { add(value) }
          } else {
            add(update.negates ? .bool(wanted != .bool(true)) : wanted)
          }
        }
      case .donateGiven(let event, _, let given):
        for (field, name) in given where name == input.name { fieldValues(event: event, field: field).forEach(add) }
      default: break
      }
    }
    // Both ways for a `Bool` (a guard, a condition set from it); a plain value otherwise.
    switch input.type {
    case .bool: [Value.bool(true), .bool(false)].forEach(add)
    case .int: add(.int(1))
    case .double: add(.double(1))
    case .string: add(.string("a"))
    case .null: break
    }
    return values
  }

  /// The values a rule compares the parameter with: the one that makes the comparison hold
  /// first, then the literal and its neighbours.
  private func wantedValues(of operand: Expression) -> [Value] {
    var values: [Value] = []
    func visit(_ expression: Expression) {
      switch expression {
      case .and(let l, let r), .or(let l, let r):
        visit(l)
        visit(r)
      case .not(let e): visit(e)
      case .comparison(let l, let op, .literal(let literal)) where l == operand: values += Self.satisfying(op, literal)
      case .comparison(.literal(let literal), let op, let r) where r == operand: values += Self.satisfying(op.mirrored, literal)
      default: break
      }
    }
    rules.forEach(visit)
    return values
  }

  /// Values `x` with `x op literal`, the closest first, then the literal itself.
  static func satisfying(_ op: ComparisonOperator, _ literal: Value) -> [Value] {
    guard let number = literal.numeric else {
      if case .bool(let b) = literal { return op == .notEqual ? [.bool(!b), literal] : [literal, .bool(!b)] }
      return [literal]
    }
    let isInt = literal.type == .int
    func value(_ x: Double) -> Value? { Self.number(x, asInt: isInt) }
    let step: Double = isInt ? 1 : 0.5
    return switch op {
    case .greater: [value(number + step), literal].compactMap { $0 }
    case .less: [value(number - step), literal].compactMap { $0 }
    case .notEqual: [value(number + step), literal].compactMap { $0 }
    default: [literal, value(number + step), value(number - step)].compactMap { $0 }
    }
  }

  /// `x` as a value of the input's type; nil past Int's range, which no app writes.
  static func number(_ x: Double, asInt: Bool) -> Value? {
    asInt ? Int(exactly: x.rounded(.towardZero)).map(Value.int) : .double(x)
  }

  /// The values worth donating in a field: a filter's literal, or one value for a field
  /// donations are grouped by (the same each time, so a group grows).
  private func fieldValues(event: String, field: String) -> [Value] {
    var values: [Value] = []
    for rule in rules {
      for aggregate in rule.aggregates where aggregate.event == event {
        if let filter = aggregate.filter { values += filter.literals(of: field) }
      }
    }
    return values
  }
}

extension DonationFilter {
  /// The literals it compares `field` with.
  fileprivate func literals(of field: String) -> [Value] {
    switch self {
    case .comparison(let name, let op, let literal): name == field ? ActionChoices.satisfying(op, literal) : []
    case .and(let l, let r), .or(let l, let r): l.literals(of: field) + r.literals(of: field)
    case .not(let f): f.literals(of: field)
    }
  }
}
