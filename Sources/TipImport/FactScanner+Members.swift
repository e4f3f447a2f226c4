import SwiftSyntax

/// What a type's members say: a tip's `id`, `title`, `message`, `image`, `rules`, `options`
/// and `actions`, its parameters and events, and the string constants an id may name.
extension FactScanner {
  func parameterAttribute(_ node: VariableDeclSyntax) -> AttributeSyntax? {
    for element in node.attributes {
      if let attribute = element.as(AttributeSyntax.self), source(attribute.attributeName).hasSuffix("Parameter") {
        return attribute
      }
    }
    return nil
  }

  /// `Event(id:)`, `Tips.Event(id:)`, `Tips.Event<Info>(id:)`, `.init(id:)` under a `Tips.Event` type;
  /// with `donationLimit:`, its limit.
  func eventDeclaration(_ expression: ExprSyntax, typeName: String?) -> (
    id: IDSource, spelledTips: Bool, info: String?, limit: EventLimit?
  )? {
    guard let call = expression.as(FunctionCallExprSyntax.self), let idArgument = call.arguments.first(where: { $0.label?.text == "id" })
    else { return nil }
    var callee = source(call.calledExpression)
    if callee == ".init", let typeName { callee = typeName }
    var info: String?
    if let open = callee.firstIndex(of: "<"), callee.hasSuffix(">") {
      info = String(callee[callee.index(after: open)..<callee.index(before: callee.endIndex)])
      callee = String(callee[..<open])
    }
    if let typeName, let open = typeName.firstIndex(of: "<"), typeName.hasSuffix(">"), info == nil {
      info = String(typeName[typeName.index(after: open)..<typeName.index(before: typeName.endIndex)])
    }
    guard callee == "Event" || callee == "Tips.Event" || callee == "TipKit.Tips.Event" else { return nil }
    let spelled = callee.hasPrefix("Tips.") || callee.hasPrefix("TipKit.") || (typeName?.contains("Tips.Event") ?? false)
    let limit = call.arguments.first { $0.label?.text == "donationLimit" }.map { argument -> EventLimit in
      let arguments = argument.expression.as(FunctionCallExprSyntax.self)?.arguments
      let count = arguments?.first { $0.label?.text == "maximumCount" }.map { source($0.expression) }
      let age = arguments?.first { $0.label?.text == "maximumAge" }.map { source($0.expression) }
      return EventLimit(maximumCount: count, maximumAge: age, text: source(argument.expression))
    }
    return (FactScanner.idSource(idArgument.expression), spelled, info, limit)
  }

  /// The type a property's initializer constructs: `FavoriteTip()`, `Outer.Tip(title: …)`.
  func constructedType(_ expression: ExprSyntax) -> String? {
    guard let call = expression.as(FunctionCallExprSyntax.self),
      FactScanner.lastName(of: call.calledExpression)?.text.first?.isUppercase == true
    else { return nil }
    return source(call.calledExpression)
  }

  /// `title`, `message`, `image`, `id`, `rules`, `options`, `actions` of a tip.
  func readTipMember(_ name: String, binding: PatternBindingSyntax, in typeIndex: Int) {
    let body: Syntax? = binding.accessorBlock.map(Syntax.init) ?? binding.initializer.map { Syntax($0.value) }
    guard let body else { return }
    switch name {
    case "id":
      facts.types[typeIndex].id = FactScanner.idSource(FactScanner.singleExpression(body))
      facts.types[typeIndex].idPosition = position(binding.pattern)
    case "title", "message":
      var reader = BuilderReader(scanner: self)
      let text = reader.firstText(in: body)
      if name == "title" { facts.types[typeIndex].title = text.value } else { facts.types[typeIndex].message = text.value }
      if text.value == nil && text.readsInstance { facts.types[typeIndex].textFromInstance = true }
      if let first = text.value, !text.others.isEmpty {
        let others = text.others.map { "\"\($0)\"" }.joined(separator: ", ")
        facts.types[typeIndex].textChoices.append(
          Note(position: position(binding.pattern), text: "its \(name) is chosen at run time: \"\(first)\" stands in for \(others)"))
      }
      facts.types[typeIndex].notes += reader.notes
    case "image":
      var reader = BuilderReader(scanner: self)
      facts.types[typeIndex].image = reader.firstImage(in: body)
    case "rules":
      var reader = BuilderReader(scanner: self)
      for macro in reader.macros(named: "Rule", in: body) {
        facts.types[typeIndex].rules.append(
          RuleSite(
            position: position(macro), text: source(macro), subjects: macro.arguments.map { source($0.expression) },
            translation: RuleTranslator.translate(macro)))
      }
      facts.types[typeIndex].notes += reader.notes
    case "options":
      var reader = BuilderReader(scanner: self)
      for call in reader.calls(in: body) {
        let callee = source(call.calledExpression)
        let last = callee.split(separator: ".").last.map(String.init) ?? callee
        guard let first = last.first, first.isUppercase else { continue }
        facts.types[typeIndex].options.append(
          OptionSite(
            position: position(call), name: last, argument: call.arguments.first.map { source($0.expression) },
            text: source(call)))
      }
      facts.types[typeIndex].notes += reader.notes
    case "actions":
      var reader = BuilderReader(scanner: self)
      for call in reader.calls(in: body) {
        let callee = source(call.calledExpression)
        guard callee == "Action" || callee.hasSuffix(".Action") else { continue }
        let id = call.arguments.first { $0.label?.text == "id" }.flatMap { argument -> String? in
          argument.expression.as(StringLiteralExprSyntax.self).flatMap(FactScanner.plainString)
        }
        var title = call.arguments.first { $0.label?.text == "title" }?.expression.as(StringLiteralExprSyntax.self).flatMap(
          FactScanner.plainString)
        if title == nil, let closure = call.trailingClosure {
          var textReader = BuilderReader(scanner: self)
          title = textReader.firstText(in: Syntax(closure)).value
        }
        facts.types[typeIndex].actions.append(ActionSite(position: position(call), id: id, title: title))
      }
      facts.types[typeIndex].notes += reader.notes
    default: break
    }
  }

  /// The one expression a getter or initializer gives (`{ "x" }`, `{ return x }`, `= x`).
  static func singleExpression(_ body: Syntax) -> ExprSyntax? {
    if let expression = body.as(ExprSyntax.self) { return expression }
    guard let accessors = body.as(AccessorBlockSyntax.self) else { return nil }
    switch accessors.accessors {
    case .getter(let items): return expression(of: items)
    case .accessors(let list):
      return list.first { $0.accessorSpecifier.text == "get" }?.body.flatMap { expression(of: $0.statements) }
    }
  }

  static func expression(of items: CodeBlockItemListSyntax) -> ExprSyntax? {
    guard let last = items.last else { return nil }
    if let expression = last.item.as(ExprSyntax.self) { return expression }
    return last.item.as(ReturnStmtSyntax.self)?.expression
  }

  static func idSource(_ expression: ExprSyntax?) -> IDSource {
    guard let expression else { return .computed("?") }
    if let literal = expression.as(StringLiteralExprSyntax.self) {
      if let text = plainString(literal) { return .literal(text) }
      return .computed(literal.trimmedDescription)
    }
    if let reference = expression.as(DeclReferenceExprSyntax.self) { return .constant(type: nil, name: reference.baseName.text) }
    // `Type.constant` or `Outer.Type.constant`; `UUID().uuidString` is computed.
    if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base, isTypeReference(base) {
      return .constant(type: base.trimmedDescription, name: member.declName.baseName.text)
    }
    return .computed(expression.trimmedDescription)
  }

  static func isTypeReference(_ expression: ExprSyntax) -> Bool {
    if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text.first?.isUppercase == true }
    if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base { return isTypeReference(base) }
    return false
  }

  /// A string literal without interpolation, unescaped enough for a scenario's string.
  static func plainString(_ literal: StringLiteralExprSyntax) -> String? {
    var text = ""
    for segment in literal.segments {
      guard let piece = segment.as(StringSegmentSyntax.self) else { return nil }
      text += piece.content.text
    }
    guard text.utf8.contains(UInt8(ascii: "\\")) else { return text }
    return text.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
  }
}
