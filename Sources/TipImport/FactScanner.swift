import SwiftParser
import SwiftSyntax

/// Walks one parsed Swift file and gathers its `FileFacts`: tip types and their members,
/// parameters, events, and every place the code configures TipKit, displays, donates, writes,
/// invalidates or groups tips. It resolves nothing across files.
final class FactScanner: SyntaxVisitor {
  private let converter: SourceLocationConverter
  private(set) var facts: FileFacts
  /// Indices into `facts.types` of the enclosing declarations.
  private var typeStack: [Int] = []
  private var functionStack: [String] = []
  private var conditionStack: [String] = []
  private var previewDepth = 0
  private var debugDepth = 0
  private var backgroundDepth = 0
  private var bodyStack: [Int] = []
  private var nextBodyID = 0

  init(path: String, tree: SourceFileSyntax) {
    converter = SourceLocationConverter(fileName: path, tree: tree)
    let imports = tree.statements.compactMap { $0.item.as(ImportDeclSyntax.self)?.path.trimmedDescription }
    let name = path.split(separator: "/").last.map(String.init) ?? path
    // By what the file is, not where it is: an app's sources may sit in any folder.
    let testCode =
      imports.contains("XCTest") || imports.contains("Testing") || name.hasSuffix("Tests.swift") || name.hasSuffix("Test.swift")
    facts = FileFacts(path: path, isTestCode: testCode)
    super.init(viewMode: .sourceAccurate)
  }

  static func scan(path: String, source: String) -> FileFacts {
    let tree = Parser.parse(source: source)
    let scanner = FactScanner(path: path, tree: tree)
    scanner.walk(tree)
    return scanner.facts
  }

  func position(_ node: some SyntaxProtocol) -> SwiftPosition {
    let location = node.startLocation(converter: converter)
    return SwiftPosition(file: facts.path, line: location.line, column: location.column)
  }

  private var currentType: [String]? { typeStack.last.map { facts.types[$0].path } }

  // MARK: Types

  private func enter(_ name: String, isExtension: Bool, inherited: InheritanceClauseSyntax?, at node: some SyntaxProtocol) {
    let outer = currentType ?? []
    let names = isExtension ? name.split(separator: ".").map(String.init) : [name]
    let inheritedNames = inherited?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
    facts.types.append(
      TypeFragment(
        path: outer + names, isExtension: isExtension, position: position(node), inherited: inheritedNames,
        conditions: conditionStack))
    typeStack.append(facts.types.count - 1)
  }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, isExtension: false, inherited: node.inheritanceClause, at: node.name)
    return .visitChildren
  }
  override func visitPost(_ node: StructDeclSyntax) { typeStack.removeLast() }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, isExtension: false, inherited: node.inheritanceClause, at: node.name)
    if node.inheritanceClause?.inheritedTypes.contains(where: { $0.type.trimmedDescription == "XCTestCase" }) == true {
      facts.isTestCode = true
    }
    return .visitChildren
  }
  override func visitPost(_ node: ClassDeclSyntax) { typeStack.removeLast() }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, isExtension: false, inherited: node.inheritanceClause, at: node.name)
    return .visitChildren
  }
  override func visitPost(_ node: EnumDeclSyntax) { typeStack.removeLast() }

  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, isExtension: false, inherited: node.inheritanceClause, at: node.name)
    return .visitChildren
  }
  override func visitPost(_ node: ActorDeclSyntax) { typeStack.removeLast() }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    var name = node.extendedType.trimmedDescription
    // `extension Tips.Event where …` and the like have nothing of the app's.
    if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
    enter(name, isExtension: true, inherited: node.inheritanceClause, at: node.extendedType)
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { typeStack.removeLast() }

  // MARK: Context

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    functionStack.append(node.name.text)
    if ["applicationDidEnterBackground", "sceneDidEnterBackground", "applicationWillResignActive", "sceneWillResignActive"]
      .contains(node.name.text)
    {
      backgroundDepth += 1
    }
    return .visitChildren
  }
  override func visitPost(_ node: FunctionDeclSyntax) {
    if ["applicationDidEnterBackground", "sceneDidEnterBackground", "applicationWillResignActive", "sceneWillResignActive"]
      .contains(node.name.text)
    {
      backgroundDepth -= 1
    }
    functionStack.removeLast()
  }

  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    functionStack.append("init")
    return .visitChildren
  }
  override func visitPost(_ node: InitializerDeclSyntax) { functionStack.removeLast() }

  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
    bodyStack.append(nextBodyID)
    nextBodyID += 1
    return .visitChildren
  }
  override func visitPost(_ node: CodeBlockSyntax) { bodyStack.removeLast() }

  override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
    // Each clause is walked under its own condition; an `#else` reads as the negation of the
    // conditions before it.
    var earlier: [String] = []
    for clause in node.clauses {
      let condition = clause.condition?.trimmedDescription
      let label = condition ?? "!(" + earlier.joined(separator: " || ") + ")"
      let isDebug = condition == "DEBUG"
      conditionStack.append(label)
      if isDebug { debugDepth += 1 }
      if let elements = clause.elements { walk(elements) }
      if isDebug { debugDepth -= 1 }
      conditionStack.removeLast()
      if let condition { earlier.append(condition) }
    }
    return .skipChildren
  }

  override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
    if node.macroName.text == "Preview" { previewDepth += 1 }
    return .visitChildren
  }
  override func visitPost(_ node: MacroExpansionDeclSyntax) {
    if node.macroName.text == "Preview" { previewDepth -= 1 }
  }

  override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
    if node.macroName.text == "Preview" { previewDepth += 1 }
    return .visitChildren
  }
  override func visitPost(_ node: MacroExpansionExprSyntax) {
    if node.macroName.text == "Preview" { previewDepth -= 1 }
  }

  private var inPreview: Bool {
    previewDepth > 0
      || typeStack.contains { index in facts.types[index].inherited.contains { $0 == "PreviewProvider" } }
  }

  func site(_ kind: Site.Kind, at node: some SyntaxProtocol) {
    facts.sites.append(
      Site(
        kind: kind, position: position(node), type: currentType, function: functionStack.last, conditions: conditionStack,
        inPreview: inPreview, inDebug: debugDepth > 0, onBackground: backgroundDepth > 0 || mentionsBackground(node),
        bodyID: bodyStack.last))
  }

  /// Whether `node` runs in a scene-phase handler for the background (`.onChange(of:
  /// scenePhase)` with `.background`, a `didEnterBackground` notification).
  private func mentionsBackground(_ node: some SyntaxProtocol) -> Bool {
    var parent = node.parent
    while let current = parent {
      if let closure = current.as(ClosureExprSyntax.self), let call = closure.parent?.as(FunctionCallExprSyntax.self) {
        let callee = call.calledExpression.trimmedDescription
        if callee.hasSuffix("onChange") || callee.hasSuffix("onReceive") || callee.hasSuffix("addObserver") {
          let text = call.trimmedDescription
          if text.contains("didEnterBackground") || text.contains("willResignActive") { return true }
        }
      }
      if let ifStatement = current.as(IfExprSyntax.self), ifStatement.conditions.trimmedDescription.contains(".background") {
        return true
      }
      if let switchCase = current.as(SwitchCaseSyntax.self), switchCase.label.trimmedDescription.contains(".background") {
        return true
      }
      if current.is(FunctionDeclSyntax.self)
        || current.is(CodeBlockItemListSyntax.self) && current.parent?.is(SourceFileSyntax.self) == true
      {
        return false
      }
      parent = current.parent
    }
    return false
  }

  // MARK: Members

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    guard let typeIndex = typeStack.last else { return .visitChildren }
    let isMember = node.parent?.is(MemberBlockItemSyntax.self) == true
    let isStatic = node.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
    for binding in node.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
      let typeName = binding.typeAnnotation?.type.trimmedDescription
      let initializer = binding.initializer?.value
      if let type = typeName ?? initializer.flatMap(FactScanner.constructedType) {
        facts.types[typeIndex].propertyTypes[name] = type
      }
      guard isMember else { continue }
      if !isStatic && binding.accessorBlock == nil { facts.types[typeIndex].storedFields.append(name) }
      if let attribute = parameterAttribute(node) {
        facts.types[typeIndex].parameters.append(
          ParameterSite(
            position: position(binding.pattern), name: name, typeName: typeName, initializer: initializer?.trimmedDescription,
            transient: attribute.trimmedDescription.contains(".transient"), conditions: conditionStack))
        continue
      }
      if let initializer, let event = eventDeclaration(initializer, typeName: typeName) {
        facts.types[typeIndex].events.append(
          EventSite(
            position: position(binding.pattern), member: name, id: event.id, spelledTips: event.spelledTips,
            infoType: event.info, conditions: conditionStack))
        continue
      }
      if isStatic, let literal = initializer?.as(StringLiteralExprSyntax.self), let text = FactScanner.plainString(literal) {
        facts.types[typeIndex].constants[name] = text
      }
      readTipMember(name, binding: binding, in: typeIndex)
    }
    return .visitChildren
  }

  private func parameterAttribute(_ node: VariableDeclSyntax) -> AttributeSyntax? {
    for element in node.attributes {
      if let attribute = element.as(AttributeSyntax.self), attribute.attributeName.trimmedDescription.hasSuffix("Parameter") {
        return attribute
      }
    }
    return nil
  }

  /// `Event(id:)`, `Tips.Event(id:)`, `Tips.Event<Info>(id:)`, `.init(id:)` under a `Tips.Event` type.
  private func eventDeclaration(_ expression: ExprSyntax, typeName: String?) -> (id: IDSource, spelledTips: Bool, info: String?)? {
    guard let call = expression.as(FunctionCallExprSyntax.self), let idArgument = call.arguments.first(where: { $0.label?.text == "id" })
    else { return nil }
    var callee = call.calledExpression.trimmedDescription
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
    return (FactScanner.idSource(idArgument.expression), spelled, info)
  }

  /// The type a property's initializer constructs: `FavoriteTip()`, `Outer.Tip(title: …)`.
  static func constructedType(_ expression: ExprSyntax) -> String? {
    guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
    let callee = call.calledExpression.trimmedDescription
    guard let first = callee.split(separator: ".").last?.first, first.isUppercase else { return nil }
    return callee
  }

  /// `title`, `message`, `image`, `id`, `rules`, `options`, `actions` of a tip.
  private func readTipMember(_ name: String, binding: PatternBindingSyntax, in typeIndex: Int) {
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
      facts.types[typeIndex].notes += text.notes
    case "image":
      var reader = BuilderReader(scanner: self)
      facts.types[typeIndex].image = reader.firstImage(in: body)
    case "rules":
      var reader = BuilderReader(scanner: self)
      for macro in reader.macros(named: "Rule", in: body) {
        facts.types[typeIndex].rules.append(
          RuleSite(position: position(macro), text: macro.trimmedDescription, syntax: macro, conditions: conditionStack))
      }
      facts.types[typeIndex].notes += reader.notes
    case "options":
      var reader = BuilderReader(scanner: self)
      for call in reader.calls(in: body) {
        let callee = call.calledExpression.trimmedDescription
        let last = callee.split(separator: ".").last.map(String.init) ?? callee
        guard let first = last.first, first.isUppercase else { continue }
        facts.types[typeIndex].options.append(
          OptionSite(
            position: position(call), name: last, argument: call.arguments.first?.expression.trimmedDescription,
            text: call.trimmedDescription))
      }
      facts.types[typeIndex].notes += reader.notes
    case "actions":
      var reader = BuilderReader(scanner: self)
      for call in reader.calls(in: body) {
        let callee = call.calledExpression.trimmedDescription
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

  private static func expression(of items: CodeBlockItemListSyntax) -> ExprSyntax? {
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

  private static func isTypeReference(_ expression: ExprSyntax) -> Bool {
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
    return text.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
  }

  // MARK: Calls anywhere

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    let callee = node.calledExpression.trimmedDescription
    let last = callee.split(separator: ".").last.map(String.init) ?? callee
    switch callee {
    case "Tips.configure", "try Tips.configure", "TipKit.Tips.configure":
      let options = node.arguments.first?.expression.as(ArrayExprSyntax.self)?.elements.map { $0.expression.trimmedDescription } ?? []
      site(.configure(options: options), at: node)
      return .visitChildren
    case "Tips.resetDatastore", "TipKit.Tips.resetDatastore":
      site(.resetDatastore, at: node)
      return .visitChildren
    case "Tips.showAllTipsForTesting", "Tips.hideAllTipsForTesting", "Tips.showTipsForTesting", "Tips.hideTipsForTesting":
      site(.testingOverride(node.trimmedDescription), at: node)
      return .visitChildren
    default: break
    }
    if last == "popoverTip", let member = node.calledExpression.as(MemberAccessExprSyntax.self), let tip = node.arguments.first?.expression
    {
      site(.display(inline: false, tip: displayed(tip)), at: member.declName)
      return .visitChildren
    }
    if callee == "TipView", let tip = node.arguments.first?.expression {
      site(.display(inline: true, tip: displayed(tip)), at: node)
      return .visitChildren
    }
    if callee == "TipGroup" || callee == "Tips.TipGroup" {
      readGroup(node)
      return .visitChildren
    }
    if last == "donate" || last == "sendDonation", let member = node.calledExpression.as(MemberAccessExprSyntax.self),
      let base = member.base
    {
      site(.donate(event: base.trimmedDescription, call: last + "()"), at: node)
      return .visitChildren
    }
    if last == "invalidate", let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
      let reason = node.arguments.first { $0.label?.text == "reason" }?.expression.trimmedDescription
      site(.invalidate(tip: member.base?.trimmedDescription ?? "self", reason: reason.map { String($0.drop { $0 == "." }) }), at: node)
      return .visitChildren
    }
    if let first = last.first, first.isUppercase, !callee.contains("(") {
      site(.instantiate(type: callee, arguments: node.arguments.trimmedDescription), at: node)
    }
    return .visitChildren
  }

  /// What a display shows: the expression, or for a name bound by `if let tip = …` (a
  /// group's `currentTip`), the expression it was bound to.
  private func displayed(_ expression: ExprSyntax) -> String {
    guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return expression.trimmedDescription }
    var parent = expression.parent
    while let current = parent {
      let conditions = current.as(IfExprSyntax.self)?.conditions ?? current.as(GuardStmtSyntax.self)?.conditions
      for condition in conditions ?? [] {
        if let binding = condition.condition.as(OptionalBindingConditionSyntax.self), binding.pattern.trimmedDescription == name,
          let value = binding.initializer?.value
        {
          return value.trimmedDescription
        }
      }
      parent = current.parent
    }
    return name
  }

  /// `TipGroup(.ordered) { A(); B() }`, named after the property it is stored in.
  private func readGroup(_ node: FunctionCallExprSyntax) {
    let ordered = node.arguments.first?.expression.trimmedDescription == ".ordered"
    var name: String?
    var parent = node.parent
    while let current = parent, name == nil {
      if let binding = current.as(PatternBindingSyntax.self) { name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
      if current.is(CodeBlockItemSyntax.self) || current.is(MemberBlockItemSyntax.self) { break }
      parent = current.parent
    }
    var members: [String] = []
    if let closure = node.trailingClosure {
      var reader = BuilderReader(scanner: self)
      for call in reader.calls(in: Syntax(closure)) where call.parent?.is(FunctionCallExprSyntax.self) != true {
        if let type = FactScanner.constructedType(ExprSyntax(call)) { members.append(type) }
      }
      if let typeIndex = typeStack.last { facts.types[typeIndex].notes += reader.notes }
    }
    site(.group(name: name, ordered: ordered, members: members), at: node)
  }

  override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
    // `Target.parameter = value`: a parameter write, if the target names one.
    let elements = Array(node.elements)
    let assigns =
      elements.count == 3
      && (elements[1].is(AssignmentExprSyntax.self)
        || ["+=", "-=", "*=", "/="].contains(elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text ?? ""))
    if assigns, let target = elements[0].as(MemberAccessExprSyntax.self) {
      let value = (elements[1].as(BinaryOperatorExprSyntax.self).map { $0.operator.text + " " } ?? "") + elements[2].trimmedDescription
      site(.parameterWrite(parameter: target.trimmedDescription, value: value), at: node)
    }
    return .visitChildren
  }
}
