/// An expression a condition tests: its structure, its exact source, and the same for the
/// parts a condition is read through (the operands of `&&`, the operand of `!`, what
/// parentheses hold). App conditions are named after the source, which a rendering of
/// `expr` would not give back byte for byte.
struct SourcedExpr: Hashable, Sendable {
  var expr: SwiftExpr
  /// As written, without the trivia around it.
  var text: String
  /// `a && b`: `a` and `b`; `!a`: `a`; `(a)`: `a`; none for anything else, or too deep.
  var parts: [SourcedExpr] = []

  /// What parentheses around all of it hold (`(a && b)` → `a && b`).
  var withoutParentheses: SourcedExpr {
    if case .collection(let elements) = expr, elements.count == 1, parts.count == 1 { return parts[0].withoutParentheses }
    return self
  }

  /// `a && b`'s operands, if it is one.
  var conjuncts: (SourcedExpr, SourcedExpr)? {
    guard case .infix(_, "&&", _) = expr, parts.count == 2 else { return nil }
    return (parts[0], parts[1])
  }

  /// The operand of `!` (`!!` negates twice), and whether it is negated; nil for anything else.
  var negation: (operand: SourcedExpr, negates: Bool)? {
    guard case .prefix(let op, _) = expr, !op.isEmpty, op.allSatisfy({ $0 == "!" }), parts.count == 1 else { return nil }
    return (parts[0], op.count % 2 == 1)
  }

  /// Without a leading `self.` (`self.items.isEmpty` → `items.isEmpty`): the code of a type
  /// names its own members either way, and one condition is named once. A shape `SwiftExpr`
  /// keeps as text (`self.items[0].done`) loses it from its text only.
  var withoutSelf: SourcedExpr {
    guard text.hasPrefix("self.") else { return self }
    return SourcedExpr(expr: expr.droppingSelf ?? expr, text: String(text.dropFirst(5)))
  }
}

extension SwiftExpr {
  /// The expression with its leftmost `self.` taken off (`self.count > 0` → `count > 0`);
  /// nil when it does not start with one.
  var droppingSelf: SwiftExpr? {
    switch self {
    case .member(.name("self")?, let member): .name(member)
    case .member(let base?, let member): base.droppingSelf.map { .member($0, member) }
    case .call(let callee, let arguments): callee.droppingSelf.map { .call($0, arguments) }
    case .optional(let inner): inner.droppingSelf.map { .optional($0) }
    case .forced(let inner): inner.droppingSelf.map { .forced($0) }
    case .infix(let left, let op, let right): left.droppingSelf.map { .infix($0, op, right) }
    case .cast(let operand, let op, let type): operand.droppingSelf.map { .cast($0, op, type) }
    case .ternary(let condition, let then, let otherwise): condition.droppingSelf.map { .ternary($0, then, otherwise) }
    case .generic(let base, let arguments): base.droppingSelf.map { .generic($0, arguments) }
    default: nil
    }
  }
}
