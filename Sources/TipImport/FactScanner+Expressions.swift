import SwiftSyntax

/// Syntax to `SwiftExpr`: read once from the tree, with operators folded by Swift's standard
/// precedence (the parser leaves `a && b || c` as a flat sequence).
extension FactScanner {
  /// How deep an expression is read; deeper parts are kept as text. Each level is a frame of
  /// this recursion, which must fit a 512 KiB thread (docs/HostileInput.md).
  static let expressionDepth = 48

  func expr(_ node: ExprSyntax, depth: Int = 0) -> SwiftExpr {
    guard depth < FactScanner.expressionDepth else { return .other(source(node)) }
    let next = depth + 1
    // One switch on the node's kind, rather than a cast tried for each kind in turn.
    switch node.as(ExprSyntaxEnum.self) {
    case .declReferenceExpr(let reference): return .name(FactScanner.unquoted(reference.baseName.text))
    case .memberAccessExpr(let member):
      // An implicit member (`.ordered`) is a literal, as the scenario writes it.
      guard let base = member.base else { return RuleTranslator.literal(node).map(SwiftExpr.literal) ?? .other(source(node)) }
      return .member(expr(base, depth: next), FactScanner.unquoted(member.declName.baseName.text))
    case .functionCallExpr(let call):
      if let last = FactScanner.lastName(of: call.calledExpression)?.text, last == "TipGroup" { return .group(position(call)) }
      let arguments = call.arguments.map { SwiftExpr.Argument(label: $0.label?.text, value: expr($0.expression, depth: next)) }
      return .call(expr(call.calledExpression, depth: next), arguments)
    case .booleanLiteralExpr, .nilLiteralExpr, .integerLiteralExpr, .floatLiteralExpr, .stringLiteralExpr:
      return RuleTranslator.literal(node).map(SwiftExpr.literal) ?? .other(source(node))
    case .superExpr: return .name("super")
    case .prefixOperatorExpr(let prefix):
      if prefix.operator.text == "-", let number = RuleTranslator.literal(node) { return .literal(number) }
      return .prefix(prefix.operator.text, expr(prefix.expression, depth: next))
    case .tupleExpr(let tuple): return .collection(tuple.elements.map { expr($0.expression, depth: next) })
    case .arrayExpr(let array): return .collection(array.elements.map { expr($0.expression, depth: next) })
    case .dictionaryExpr(let dictionary):
      guard case .elements(let elements) = dictionary.content else { return .collection([]) }
      return .collection(elements.flatMap { [expr($0.key, depth: next), expr($0.value, depth: next)] })
    case .optionalChainingExpr(let chained): return .optional(expr(chained.expression, depth: next))
    case .forceUnwrapExpr(let forced): return .forced(expr(forced.expression, depth: next))
    case .inOutExpr(let inOut): return .inOut(expr(inOut.expression, depth: next))
    case .genericSpecializationExpr(let generic):
      return .generic(expr(generic.expression, depth: next), generic.genericArgumentClause.arguments.map { source($0.argument) })
    case .ternaryExpr(let ternary):
      return .ternary(
        expr(ternary.condition, depth: next), expr(ternary.thenExpression, depth: next), expr(ternary.elseExpression, depth: next))
    case .asExpr(let cast):
      return .cast(expr(cast.expression, depth: next), "as" + (cast.questionOrExclamationMark?.text ?? ""), source(cast.type))
    case .isExpr(let check): return .cast(expr(check.expression, depth: next), "is", source(check.type))
    case .infixOperatorExpr(let infix):
      let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text ?? (infix.operator.is(AssignmentExprSyntax.self) ? "=" : "?")
      return .infix(expr(infix.leftOperand, depth: next), op, expr(infix.rightOperand, depth: next))
    case .sequenceExpr(let sequence): return folded(Array(sequence.elements), depth: next) ?? .other(source(node))
    case .closureExpr: return .closure
    case .awaitExpr(let awaited): return expr(awaited.expression, depth: next)
    case .tryExpr(let tried): return expr(tried.expression, depth: next)
    default: return .other(source(node))
    }
  }

  /// A name without the backticks that let it be a keyword (`` `default` ``).
  static func unquoted(_ name: String) -> String { name.utf8.contains(UInt8(ascii: "`")) ? name.filter { $0 != "`" } : name }

  /// A flat operator sequence folded by precedence climbing: `elements` alternate operands
  /// and operators (`=`, `&&`, `? x :`, `as? T` — whose type is the next element).
  func folded(_ elements: [ExprSyntax], depth: Int) -> SwiftExpr? {
    var operands: [SwiftExpr] = []
    var operators: [SequenceOperator] = []
    var index = 0
    while index < elements.count {
      let element = elements[index]
      if operands.count == operators.count {
        operands.append(expr(element, depth: depth))
        index += 1
        continue
      }
      if element.is(AssignmentExprSyntax.self) {
        operators.append(.binary("="))
      } else if let binary = element.as(BinaryOperatorExprSyntax.self) {
        operators.append(.binary(binary.operator.text))
      } else if let ternary = element.as(UnresolvedTernaryExprSyntax.self) {
        operators.append(.ternary(expr(ternary.thenExpression, depth: depth)))
      } else if let cast = element.as(UnresolvedAsExprSyntax.self), index + 1 < elements.count {
        let type = elements[index + 1].as(TypeExprSyntax.self).map { source($0.type) } ?? source(elements[index + 1])
        operands[operands.count - 1] = .cast(operands[operands.count - 1], "as" + (cast.questionOrExclamationMark?.text ?? ""), type)
        index += 2
        continue
      } else if element.is(UnresolvedIsExprSyntax.self), index + 1 < elements.count {
        let type = elements[index + 1].as(TypeExprSyntax.self).map { source($0.type) } ?? source(elements[index + 1])
        operands[operands.count - 1] = .cast(operands[operands.count - 1], "is", type)
        index += 2
        continue
      } else {
        return nil
      }
      index += 1
    }
    guard operands.count == operators.count + 1 else { return nil }
    var position = 0
    return climb(&position, operands, operators, minimum: 0)
  }

  /// An operator of a sequence: a binary one, or `? then :` of a ternary.
  private enum SequenceOperator {
    case binary(String)
    case ternary(SwiftExpr)

    /// Swift's standard precedence groups, lowest first; an operator of the app's own has
    /// the default group's.
    var precedence: (level: Int, rightAssociative: Bool) {
      switch self {
      case .ternary: return (1, true)
      case .binary(let op):
        switch op {
        case "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "&&=", "||=": return (0, true)
        case "||": return (2, false)
        case "&&": return (3, false)
        case "==", "!=", "<", "<=", ">", ">=", "===", "!==", "~=": return (4, false)
        case "??": return (5, true)
        case "..<", "...": return (7, false)
        case "+", "-", "&+", "&-", "|", "^": return (8, false)
        case "*", "/", "%", "&*", "&": return (9, false)
        case "<<", ">>": return (10, false)
        default: return (6, false)
        }
      }
    }
  }

  private func climb(_ position: inout Int, _ operands: [SwiftExpr], _ operators: [SequenceOperator], minimum: Int) -> SwiftExpr {
    var left = operands[position]
    while position < operators.count {
      let op = operators[position]
      let (level, right) = op.precedence
      guard level >= minimum else { break }
      position += 1
      let rhs = climb(&position, operands, operators, minimum: right ? level : level + 1)
      switch op {
      case .binary(let text): left = .infix(left, text, rhs)
      case .ternary(let then): left = .ternary(left, then, rhs)
      }
    }
    return left
  }
}

/// Syntax to `SourcedExpr`: an expression a condition tests, with the source of the parts a
/// condition is read through. A part of `a && b == c` that is no node of its own (the parser
/// leaves the sequence flat) is the source between its first and last elements.
extension FactScanner {
  func sourced(_ node: ExprSyntax) -> SourcedExpr { sourced(node, as: expr(node), depth: 0) }

  /// `node`, already read as `whole`.
  func sourced(_ node: ExprSyntax, as whole: SwiftExpr) -> SourcedExpr { sourced(node, as: whole, depth: 0) }

  /// Elements of a flat sequence (`a && b` of `a && b ? tip : nil`, the value of `p = a && b`).
  func sourced(_ elements: [ExprSyntax]) -> SourcedExpr {
    if elements.count == 1, let only = elements.first { return sourced(only) }
    let start = elements.first?.positionAfterSkippingLeadingTrivia.utf8Offset ?? 0
    let end = elements.last?.endPositionBeforeTrailingTrivia.utf8Offset ?? 0
    let whole = folded(elements, depth: 0) ?? .other(source(bytesFrom: start, to: end))
    return slice(elements[...], as: whole, depth: 0)
  }

  /// `node`, whose structure `whole` is.
  private func sourced(_ node: ExprSyntax, as whole: SwiftExpr, depth: Int) -> SourcedExpr {
    SourcedExpr(
      expr: whole, text: source(node), parts: depth < FactScanner.expressionDepth ? parts(of: node, as: whole, depth: depth + 1) : [])
  }

  private func parts(of node: ExprSyntax, as whole: SwiftExpr, depth: Int) -> [SourcedExpr] {
    // `expr(_:)` reads through `try` and `await`.
    if let tried = node.as(TryExprSyntax.self) { return parts(of: tried.expression, as: whole, depth: depth) }
    if let awaited = node.as(AwaitExprSyntax.self) { return parts(of: awaited.expression, as: whole, depth: depth) }
    switch whole {
    case .prefix(_, let operand):
      guard let prefix = node.as(PrefixOperatorExprSyntax.self) else { return [] }
      return [sourced(prefix.expression, as: operand, depth: depth)]
    case .collection(let elements) where elements.count == 1:
      guard let tuple = node.as(TupleExprSyntax.self), let only = tuple.elements.first, only.label == nil else { return [] }
      return [sourced(only.expression, as: elements[0], depth: depth)]
    case .infix(let left, "&&", let right):
      if let infix = node.as(InfixOperatorExprSyntax.self) {
        return [sourced(infix.leftOperand, as: left, depth: depth), sourced(infix.rightOperand, as: right, depth: depth)]
      }
      guard let sequence = node.as(SequenceExprSyntax.self) else { return [] }
      return conjuncts(of: Array(sequence.elements)[...], left: left, right: right, depth: depth)
    default: return []
    }
  }

  /// The operands of a flat sequence whose folded root is `&&`: the last `&&` at its top
  /// level is the root (it associates left, and nothing looser is there, or that would be).
  private func conjuncts(of elements: ArraySlice<ExprSyntax>, left: SwiftExpr, right: SwiftExpr, depth: Int) -> [SourcedExpr] {
    guard
      let split = elements.lastIndex(where: { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "&&" }),
      split > elements.startIndex, split < elements.endIndex - 1
    else { return [] }
    return [slice(elements[..<split], as: left, depth: depth), slice(elements[(split + 1)...], as: right, depth: depth)]
  }

  /// Some elements of a flat sequence, whose structure `whole` is.
  private func slice(_ elements: ArraySlice<ExprSyntax>, as whole: SwiftExpr, depth: Int) -> SourcedExpr {
    if elements.count == 1, let only = elements.first { return sourced(only, as: whole, depth: depth) }
    let start = elements.first?.positionAfterSkippingLeadingTrivia.utf8Offset ?? 0
    let end = elements.last?.endPositionBeforeTrailingTrivia.utf8Offset ?? 0
    var parts: [SourcedExpr] = []
    if depth < FactScanner.expressionDepth, case .infix(let left, "&&", let right) = whole {
      parts = conjuncts(of: elements, left: left, right: right, depth: depth + 1)
    }
    return SourcedExpr(expr: whole, text: source(bytesFrom: start, to: end), parts: parts)
  }
}
