import SwiftSyntax

/// Where values are handed on (`ValueUse`) and where type names appear (`TypeMentions`):
/// what the ledger of every use of a tip is built from.
extension FactScanner {
  /// Calls that no tip is ever an argument of (views of text and layout, string and number
  /// functions): their arguments are not recorded, which keeps a large app's facts small.
  static let takesNoTip: Set<String> = [
    "padding", "frame", "font", "foregroundColor", "foregroundStyle", "opacity", "cornerRadius", "clipShape", "shadow", "offset",
    "navigationTitle", "navigationBarTitleDisplayMode", "listStyle", "buttonStyle", "tint", "disabled", "animation", "transition",
    "accessibilityLabel", "accessibilityIdentifier", "accessibilityHint", "lineLimit", "multilineTextAlignment", "fixedSize",
    "layoutPriority", "ignoresSafeArea", "edgesIgnoringSafeArea", "bold", "italic", "fontWeight", "imageScale", "resizable",
    "scaledToFit", "scaledToFill", "aspectRatio", "min", "max", "abs", "joined", "split", "replacingOccurrences", "hasPrefix",
    "hasSuffix", "lowercased", "uppercased", "Text", "Image", "Label", "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack",
    "Spacer", "Divider", "Color", "Font", "String", "Int", "Double", "Date", "URL", "UUID", "print", "debugPrint", "NSLocalizedString",
    "LocalizedStringKey", "localized", "contains", "hasSuffix", "round", "sleep",
  ]

  /// Records where the value of `node` goes, when it could be a tip or hold one: a name, a
  /// chain, a construction or a call's result, through casts, `?:` and `??`. The elements of
  /// an array or dictionary literal are each an element.
  func use(_ node: ExprSyntax, _ sink: ValueUse.Sink, read: SwiftExpr? = nil) {
    if let array = node.as(ArrayExprSyntax.self) {
      for element in array.elements { use(element.expression, .element) }
      return
    }
    if let dictionary = node.as(DictionaryExprSyntax.self) {
      if case .elements(let elements) = dictionary.content { for element in elements { use(element.value, .element) } }
      return
    }
    guard FactScanner.mayHoldTip(node) else { return }
    use(read ?? expr(node), sink, at: position(node))
  }

  func use(_ value: SwiftExpr, _ sink: ValueUse.Sink, at position: SwiftPosition) {
    facts.valueUses.append(
      ValueUse(
        value: value, sink: sink, position: position, type: currentType, routine: routineStack.last, member: memberStack.last,
        offForUsers: inPreview || !flagStack.isEmpty))
  }

  /// Whether an expression can give a tip: not a literal, a closure, an operation on numbers.
  static func mayHoldTip(_ node: ExprSyntax) -> Bool {
    if node.is(DeclReferenceExprSyntax.self) || node.is(MemberAccessExprSyntax.self) || node.is(FunctionCallExprSyntax.self)
      || node.is(OptionalChainingExprSyntax.self) || node.is(ForceUnwrapExprSyntax.self) || node.is(TernaryExprSyntax.self)
      || node.is(AsExprSyntax.self) || node.is(AwaitExprSyntax.self) || node.is(TryExprSyntax.self)
    {
      return true
    }
    if let tuple = node.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
      return mayHoldTip(only.expression)
    }
    if let sequence = node.as(SequenceExprSyntax.self) {
      return sequence.elements.contains { element in
        element.is(UnresolvedTernaryExprSyntax.self) || element.is(UnresolvedAsExprSyntax.self)
          || element.as(BinaryOperatorExprSyntax.self)?.operator.text == "??"
      }
    }
    return false
  }

  /// The arguments of a call, each where it goes: the tip of a display API, a member of a
  /// group's builder, an argument of anything else. `values`: the arguments, when already read.
  func useArguments(of node: FunctionCallExprSyntax, name: String, display: Bool, values: [SwiftExpr]?) {
    if display {
      let at = node.calledExpression.as(MemberAccessExprSyntax.self).map { position($0.declName) } ?? position(node)
      if let tip = node.arguments.first?.expression { use(tip, .display(api: name, site: at)) }
      return
    }
    // `&Tip.count` handed to a function: it may write any value there.
    for argument in node.arguments {
      guard let inOut = argument.expression.as(InOutExprSyntax.self) else { continue }
      // What it writes is not known: the value is the call, as written.
      let call = source(node)
      site(.parameterWrite(parameter: source(inOut.expression), op: "inout", value: SourcedExpr(expr: .other(call), text: call)), at: inOut)
    }
    guard !FactScanner.takesNoTip.contains(name), !node.arguments.isEmpty else { return }
    let callee = calleeExpr(node.calledExpression)
    let at = position(node)
    for (index, argument) in node.arguments.enumerated() {
      use(argument.expression, .argument(callee: callee, label: argument.label?.text, index: index, call: at), read: values?[index])
    }
  }

  /// A callee as an argument's sink names it: `Presenter(tip:)`, `model.show(_:)`. A modifier's
  /// base (`Text(…).font(…).hint(tip)`) is kept as `…`: reading the whole chain again at each of
  /// its calls would cost a long chain its length squared.
  private func calleeExpr(_ callee: ExprSyntax) -> SwiftExpr {
    if let member = callee.as(MemberAccessExprSyntax.self), let base = member.base, !FactScanner.isPlainChain(base) {
      return .member(.other("…"), FactScanner.unquoted(member.declName.baseName.text))
    }
    return expr(callee)
  }

  /// Whether an expression is names joined by `.`, as `SwiftExpr.chain` reads them
  /// (`self.model`, `Store.shared`, `model.tip?`).
  static func isPlainChain(_ node: ExprSyntax) -> Bool {
    var current = node
    while true {
      if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
        current = base
      } else if let chained = current.as(OptionalChainingExprSyntax.self) {
        current = chained.expression
      } else if let forced = current.as(ForceUnwrapExprSyntax.self) {
        current = forced.expression
      } else {
        return current.is(DeclReferenceExprSyntax.self) || current.is(SuperExprSyntax.self)
      }
    }
  }

  /// A `return`'s value: what its function or computed property gives, or its closure's.
  func useReturn(_ node: ReturnStmtSyntax) {
    guard let value = node.expression else { return }
    var parent = node.parent
    while let current = parent {
      if current.is(ClosureExprSyntax.self) { return use(value, .returnedFromClosure) }
      if current.is(FunctionDeclSyntax.self) || current.is(AccessorBlockSyntax.self) || current.is(InitializerDeclSyntax.self)
        || current.is(PatternBindingSyntax.self)
      {
        return use(value, .returned)
      }
      parent = current.parent
    }
  }

  /// The value a body of one expression gives (`func tip() -> some Tip { FavoriteTip() }`).
  func useImplicitReturn(of items: CodeBlockItemListSyntax?) {
    guard let items, items.count == 1, let expression = items.first?.item.as(ExprSyntax.self) else { return }
    use(expression, .returned)
  }

  /// Whether a name starts upper-case, as a type's does; ASCII without Unicode's tables.
  static func startsUppercase(_ name: String) -> Bool {
    guard let byte = name.utf8.first else { return false }
    return byte < 0x80 ? (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) : name.first?.isUppercase == true
  }

  /// A type's name where code uses it (not where it is declared or extended).
  func mention(_ name: String, at node: some SyntaxProtocol) {
    guard FactScanner.startsUppercase(name) else { return }
    if inPreview || facts.isTestCode {
      if facts.mentions.inPreview[name] == nil { facts.mentions.inPreview[name] = position(node) }
    } else if facts.mentions.inApp[name] == nil {
      facts.mentions.inApp[name] = position(node)
    }
  }
}
