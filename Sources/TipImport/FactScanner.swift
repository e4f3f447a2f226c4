import SwiftParser
import SwiftSyntax

/// Walks one parsed Swift file and gathers its `FileFacts`: tip types and their members,
/// parameters, events, and every place the code configures TipKit, displays, donates, writes,
/// invalidates or groups tips. It resolves nothing across files.
final class FactScanner: SyntaxVisitor {
  /// The byte offset of each line's start, for positions (cheaper than a
  /// `SourceLocationConverter`, which walks the tree).
  private let lineStarts: [Int]
  /// The file's bytes: `source(_:)` slices them (`trimmedDescription` rebuilds the node,
  /// which cost the import most of its time).
  private let bytes: [UInt8]
  var facts: FileFacts
  /// Indices into `facts.types` of the enclosing declarations.
  private var typeStack: [Int] = []
  private var functionStack: [String] = []
  var conditionStack: [String] = []
  private var previewDepth = 0
  private var debugDepth = 0
  private var backgroundDepth = 0
  private var bodyStack: [Int] = []
  private var nextBodyID = 0

  init(path: String, bytes: [UInt8], tree: SourceFileSyntax) {
    self.bytes = bytes
    var starts = [0]
    for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
    lineStarts = starts
    let imports = tree.statements.compactMap { $0.item.as(ImportDeclSyntax.self)?.path.trimmedDescription }
    let name = path.split(separator: "/").last.map(String.init) ?? path
    // By what the file is, not where it is: an app's sources may sit in any folder.
    let testCode =
      imports.contains("XCTest") || imports.contains("Testing") || name.hasSuffix("Tests.swift") || name.hasSuffix("Test.swift")
    facts = FileFacts(path: path, isTestCode: testCode)
    super.init(viewMode: .sourceAccurate)
  }

  /// Where `node` starts, after its leading trivia: line and UTF-8 column, as compilers say.
  func position(_ node: some SyntaxProtocol) -> SwiftPosition {
    let offset = node.positionAfterSkippingLeadingTrivia.utf8Offset
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return SwiftPosition(file: facts.path, line: low + 1, column: offset - lineStarts[low] + 1)
  }

  /// A node's text without the trivia around it, as `trimmedDescription` gives it.
  func source(_ node: some SyntaxProtocol) -> String {
    let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
    let end = max(start, node.endPositionBeforeTrailingTrivia.utf8Offset)
    guard start >= 0, end <= bytes.count else { return node.trimmedDescription }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  private var currentType: [String]? { typeStack.last.map { facts.types[$0].path } }

  // MARK: Types

  private func enter(_ name: String, isExtension: Bool, inherited: InheritanceClauseSyntax?, at node: some SyntaxProtocol) {
    let outer = currentType ?? []
    let names = (isExtension ? name.split(separator: ".").map(String.init) : [name]).map { $0.filter { $0 != "`" } }
    let inheritedNames = inherited?.inheritedTypes.map { source($0.type) } ?? []
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
    if node.inheritanceClause?.inheritedTypes.contains(where: { source($0.type) == "XCTestCase" }) == true {
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
    var name = source(node.extendedType)
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
      let condition = clause.condition.map { source($0) }
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
        kind: kind, position: position(node), type: currentType, function: functionStack.last,
        inPreview: inPreview, inDebug: debugDepth > 0,
        // Only an invalidation asks: the walk up to the file's top is not free.
        onBackground: backgroundDepth > 0 || (kind.isInvalidation && mentionsBackground(node)),
        bodyID: bodyStack.last))
  }

  /// Whether `node` runs in a scene-phase handler for the background (`.onChange(of:
  /// scenePhase)` with `.background`, a `didEnterBackground` notification).
  private func mentionsBackground(_ node: some SyntaxProtocol) -> Bool {
    var parent = node.parent
    while let current = parent {
      if let closure = current.as(ClosureExprSyntax.self), let call = closure.parent?.as(FunctionCallExprSyntax.self) {
        let callee = source(call.calledExpression)
        if callee.hasSuffix("onChange") || callee.hasSuffix("onReceive") || callee.hasSuffix("addObserver") {
          let text = source(call)
          if text.contains("didEnterBackground") || text.contains("willResignActive") { return true }
        }
      }
      if let ifStatement = current.as(IfExprSyntax.self), source(ifStatement.conditions).contains(".background") {
        return true
      }
      if let switchCase = current.as(SwitchCaseSyntax.self), source(switchCase.label).contains(".background") {
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
      // `` `default` `` is the property `default`.
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text.filter({ $0 != "`" }) else { continue }
      let typeName = binding.typeAnnotation.map { source($0.type) }
      let initializer = binding.initializer?.value
      if let type = typeName ?? initializer.flatMap({ constructedType($0) }) {
        facts.types[typeIndex].propertyTypes[name] = type
      }
      guard isMember else { continue }
      if !isStatic && binding.accessorBlock == nil { facts.types[typeIndex].storedFields.append(name) }
      if let attribute = parameterAttribute(node) {
        facts.types[typeIndex].parameters.append(
          ParameterSite(
            position: position(binding.pattern), name: name, typeName: typeName, initializer: initializer.map { source($0) },
            transient: source(attribute).contains(".transient"), conditions: conditionStack))
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

  // MARK: Calls anywhere

  /// The last name of a callee (`configure` of `Tips.configure`, `Text` of `Text`), read from
  /// its token: most calls are of no interest, and building their text cost the import most
  /// of its time over parsing.
  static func lastName(of callee: ExprSyntax) -> TokenSyntax? {
    if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName }
    if let member = callee.as(MemberAccessExprSyntax.self) { return member.declName.baseName }
    return nil
  }

  private static let interesting: Set<String> = [
    "configure", "resetDatastore", "showAllTipsForTesting", "hideAllTipsForTesting", "showTipsForTesting", "hideTipsForTesting",
    "popoverTip", "TipView", "TipGroup", "donate", "sendDonation", "invalidate",
  ]

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    guard let token = FactScanner.lastName(of: node.calledExpression) else { return .visitChildren }
    let last = token.text
    guard FactScanner.interesting.contains(last) else {
      // `FeatureTip(title: …)`: a type built with arguments, for the generic-tip finding.
      if last.first?.isUppercase == true, !node.arguments.isEmpty {
        site(.instantiate(type: source(node.calledExpression), arguments: source(node.arguments)), at: node)
      }
      return .visitChildren
    }
    let callee = source(node.calledExpression)
    switch callee {
    case "Tips.configure", "TipKit.Tips.configure":
      let options = node.arguments.first?.expression.as(ArrayExprSyntax.self)?.elements.map { source($0.expression) } ?? []
      site(.configure(options: options), at: node)
    case "Tips.resetDatastore", "TipKit.Tips.resetDatastore":
      site(.resetDatastore, at: node)
    case "Tips.showAllTipsForTesting", "Tips.hideAllTipsForTesting", "Tips.showTipsForTesting", "Tips.hideTipsForTesting":
      site(.testingOverride(source(node)), at: node)
    case "TipView":
      if let tip = node.arguments.first?.expression { site(.display(inline: true, tip: displayed(tip)), at: node) }
    case "TipGroup", "Tips.TipGroup":
      readGroup(node)
    default:
      guard let member = node.calledExpression.as(MemberAccessExprSyntax.self) else { break }
      switch last {
      case "popoverTip":
        if let tip = node.arguments.first?.expression { site(.display(inline: false, tip: displayed(tip)), at: member.declName) }
      case "donate", "sendDonation":
        if let base = member.base { site(.donate(event: source(base), call: last + "()"), at: node) }
      case "invalidate":
        let reason = node.arguments.first { $0.label?.text == "reason" }.map { source($0.expression) }
        site(.invalidate(tip: member.base.map { source($0) } ?? "self", reason: reason.map { String($0.drop { $0 == "." }) }), at: node)
      default: break
      }
    }
    return .visitChildren
  }

  /// What a display shows: the expression, or for a name bound by `if let tip = …` (a
  /// group's `currentTip`), the expression it was bound to.
  private func displayed(_ expression: ExprSyntax) -> String {
    guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return source(expression) }
    var parent = expression.parent
    while let current = parent {
      let conditions = current.as(IfExprSyntax.self)?.conditions ?? current.as(GuardStmtSyntax.self)?.conditions
      for condition in conditions ?? [] {
        if let binding = condition.condition.as(OptionalBindingConditionSyntax.self), source(binding.pattern) == name,
          let value = binding.initializer?.value
        {
          return source(value)
        }
      }
      parent = current.parent
    }
    return name
  }

  /// `TipGroup(.ordered) { A(); B() }`, named after the property it is stored in.
  private func readGroup(_ node: FunctionCallExprSyntax) {
    let ordered = node.arguments.first.map { source($0.expression) } == ".ordered"
    var name: String?
    var parent = node.parent
    while let current = parent, name == nil {
      if let binding = current.as(PatternBindingSyntax.self) { name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
      if current.is(CodeBlockItemSyntax.self) || current.is(MemberBlockItemSyntax.self) { break }
      parent = current.parent
    }
    var members: [String] = []
    var notes: [Note] = []
    if let closure = node.trailingClosure {
      var reader = BuilderReader(scanner: self)
      for call in reader.calls(in: Syntax(closure)) where call.parent?.is(FunctionCallExprSyntax.self) != true {
        if let type = constructedType(ExprSyntax(call)) { members.append(type) }
      }
      notes = reader.notes
    }
    site(.group(name: name, ordered: ordered, members: members, notes: notes), at: node)
  }

  override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
    // `Target.parameter = value`: a parameter write, if the target names one.
    let elements = Array(node.elements)
    let assigns =
      elements.count == 3
      && (elements[1].is(AssignmentExprSyntax.self)
        || ["+=", "-=", "*=", "/="].contains(elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text ?? ""))
    if assigns, let target = elements[0].as(MemberAccessExprSyntax.self) {
      let value = (elements[1].as(BinaryOperatorExprSyntax.self).map { $0.operator.text + " " } ?? "") + source(elements[2])
      site(.parameterWrite(parameter: source(target), value: value), at: node)
    }
    return .visitChildren
  }
}
