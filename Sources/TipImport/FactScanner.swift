import SwiftParser
import SwiftSyntax

/// Walks one parsed Swift file and gathers its `FileFacts`: tip types and their members,
/// parameters, events, the file's routines, and every place the code configures TipKit,
/// displays, donates, writes, invalidates, groups tips or calls the app's own functions,
/// each with its context (conditions, closures that run later, `#if` flags). It resolves
/// nothing across files.
final class FactScanner: SyntaxVisitor {
  /// The byte offset of each line's start, for positions (cheaper than a
  /// `SourceLocationConverter`, which walks the tree).
  private let lineStarts: [Int]
  /// The file's bytes: `source(_:)` slices them (`trimmedDescription` rebuilds the node,
  /// which cost the import most of its time).
  private let bytes: [UInt8]
  /// The platform whose `#if` branches are read.
  let target: BuildTarget
  var facts: FileFacts
  /// Indices into `facts.types` of the enclosing declarations.
  private var typeStack: [Int] = []
  /// For each type around the code: whether a bare name written in it may be a TipKit
  /// parameter (it declares one, or it is an extension of a type declared elsewhere).
  var namesParameters: [Bool] = []
  var functionStack: [String] = []
  /// The functions and computed properties around the code, innermost last.
  var memberStack: [String] = []
  /// The computed properties being walked (their node ids), to leave them.
  private var computedProperties: [SyntaxIdentifier] = []
  /// The `#if` conditions around declarations, outermost first.
  var conditionStack: [String] = []
  var previewDepth = 0
  /// The `#if` flags around the code (`DEBUG`) that the release build does not set.
  var flagStack: [String] = []
  var backgroundDepth = 0
  var bodyStack: [Int] = []
  private var nextBodyID = 0
  /// The routines (indices into `facts.routines`) around the code, innermost last.
  var routineStack: [Int] = []
  /// The conditions around the code inside the innermost routine.
  var codeConditions: [CodeCondition] = []
  /// The closures around the code that run later, innermost last.
  var deferredStack: [Deferral] = []
  /// How each closure being walked changed the context, to undo it after.
  var closureFrames: [ClosureFrame] = []
  /// The depths of the routine stack at which a row's appear code was entered.
  var rowRoutines: Set<Int> = []
  /// How many conditions each block being walked started with: a `guard` adds one for the
  /// rest of its block.
  var blockMarks: [Int] = []
  /// Names bound by `for await x in tip.shouldDisplayUpdates`: conditions on them belong to
  /// displaying the tip.
  var inherentNames: Set<String> = []
  /// Names bound by `for await status in tip.statusUpdates`, and the tip: an `if case
  /// .invalidated = status` in its body runs when that tip is invalidated.
  var statusNames: [String: SwiftExpr] = [:]

  init(path: String, bytes: [UInt8], tree: SourceFileSyntax, target: BuildTarget = BuildTarget()) {
    self.bytes = bytes
    self.target = target
    var starts = [0]
    for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
    lineStarts = starts
    let imports = FactScanner.imports(of: tree)
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

  /// The text between two byte offsets of the file.
  func source(bytesFrom start: Int, to end: Int) -> String {
    guard start >= 0, end <= bytes.count, start <= end else { return "" }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  var currentType: [String]? { typeStack.last.map { facts.types[$0].path } }

  // MARK: Types

  private func enter(
    _ name: String, isExtension: Bool, inherited: InheritanceClauseSyntax?, members: MemberBlockSyntax, at node: some SyntaxProtocol
  ) {
    namesParameters.append(isExtension || FactScanner.declaresParameters(members))
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
    enter(node.name.text, isExtension: false, inherited: node.inheritanceClause, members: node.memberBlock, at: node.name)
    return .visitChildren
  }
  override func visitPost(_ node: StructDeclSyntax) { leaveType() }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, isExtension: false, inherited: node.inheritanceClause, members: node.memberBlock, at: node.name)
    if node.inheritanceClause?.inheritedTypes.contains(where: { source($0.type) == "XCTestCase" }) == true {
      facts.isTestCode = true
    }
    return .visitChildren
  }
  override func visitPost(_ node: ClassDeclSyntax) { leaveType() }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, isExtension: false, inherited: node.inheritanceClause, members: node.memberBlock, at: node.name)
    return .visitChildren
  }
  override func visitPost(_ node: EnumDeclSyntax) { leaveType() }

  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, isExtension: false, inherited: node.inheritanceClause, members: node.memberBlock, at: node.name)
    return .visitChildren
  }
  override func visitPost(_ node: ActorDeclSyntax) { leaveType() }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    var name = source(node.extendedType)
    // `extension Tips.Event where …` and the like have nothing of the app's.
    if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
    enter(name, isExtension: true, inherited: node.inheritanceClause, members: node.memberBlock, at: node.extendedType)
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { leaveType() }

  private func leaveType() {
    typeStack.removeLast()
    namesParameters.removeLast()
  }

  // MARK: Context

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    functionStack.append(node.name.text)
    memberStack.append(node.name.text)
    // A target-action method (`@IBAction`, `@objc`): UIKit and AppKit call it when the user acts.
    if FactScanner.isAction(node) {
      deferredStack.append(
        Deferral(
          words: "when its action fires (\(node.name.text))", name: node.name.text, position: position(node.name),
          isUserAction: node.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "IBAction" }))
    }
    if FactScanner.backgroundHandlers.contains(node.name.text) { backgroundDepth += 1 }
    let parameters = node.signature.parameterClause.parameters.map { parameter in
      (label: parameter.firstName.text == "_" ? nil : parameter.firstName.text, name: (parameter.secondName ?? parameter.firstName).text)
    }
    let isStatic = node.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
    enterRoutine(Routine(kind: .function(node.name.text), type: currentType, parameters: parameters, position: position(node.name)))
    if isStatic { facts.routines[facts.routines.count - 1].isStatic = true }
    useImplicitReturn(of: node.body?.statements)
    if let statements = node.body?.statements, statements.count == 1, let only = statements.first {
      let value = only.item.as(ExprSyntax.self) ?? only.item.as(ReturnStmtSyntax.self)?.expression
      facts.routines[facts.routines.count - 1].returns = value.map { expr($0) }
    }
    return .visitChildren
  }
  override func visitPost(_ node: FunctionDeclSyntax) {
    if FactScanner.backgroundHandlers.contains(node.name.text) { backgroundDepth -= 1 }
    functionStack.removeLast()
    memberStack.removeLast()
    leaveRoutine()
    if FactScanner.isAction(node) { deferredStack.removeLast() }
  }

  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    functionStack.append("init")
    let parameters = node.signature.parameterClause.parameters.map { parameter in
      (label: parameter.firstName.text == "_" ? nil : parameter.firstName.text, name: (parameter.secondName ?? parameter.firstName).text)
    }
    enterRoutine(Routine(kind: .initializer, type: currentType, parameters: parameters, position: position(node.initKeyword)))
    return .visitChildren
  }
  override func visitPost(_ node: InitializerDeclSyntax) {
    functionStack.removeLast()
    leaveRoutine()
  }

  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
    bodyStack.append(nextBodyID)
    nextBodyID += 1
    return .visitChildren
  }
  override func visitPost(_ node: CodeBlockSyntax) { bodyStack.removeLast() }

  override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
    // The branches the target platform compiles (`BuildTarget`), each under its condition;
    // one that only a flag makes compile is read too, marked as not in the release build.
    let (clauses, _) = target.clauses(of: node) { source($0) }
    for clause in clauses {
      conditionStack.append(clause.label)
      if !clause.inRelease { flagStack.append(clause.label) }
      if let elements = clause.elements { walk(elements) }
      if !clause.inRelease { flagStack.removeLast() }
      conditionStack.removeLast()
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

  var inPreview: Bool {
    previewDepth > 0
      || typeStack.contains { index in facts.types[index].inherited.contains { $0 == "PreviewProvider" } }
  }

  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
    enter(closure: node)
    return .visitChildren
  }
  override func visitPost(_ node: ClosureExprSyntax) { leave(closure: node) }

  override func visit(_ node: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind {
    enterBlock()
    return .visitChildren
  }
  override func visitPost(_ node: CodeBlockItemListSyntax) { leaveBlock() }

  override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
    walkIf(node)
    return .skipChildren
  }

  override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
    walkGuard(node)
    return .skipChildren
  }

  override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
    walkSwitch(node)
    return .skipChildren
  }

  override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
    walkFor(node)
    return .skipChildren
  }

  override func visit(_ node: WhileStmtSyntax) -> SyntaxVisitorContinueKind {
    walkWhile(node)
    return .skipChildren
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    scan(call: node)
    return .visitChildren
  }

  override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
    scan(sequence: node)
    useAssignment(node)
    return .visitChildren
  }

  /// A property observer (`didSet`, `willSet`) runs when the app sets the property: an
  /// action of its own.
  override func visit(_ node: AccessorDeclSyntax) -> SyntaxVisitorContinueKind {
    guard FactScanner.observers.contains(node.accessorSpecifier.text) else { return .visitChildren }
    let property = node.parent?.parent?.parent?.as(PatternBindingSyntax.self)?.pattern.trimmedDescription ?? "a property"
    deferredStack.append(
      Deferral(
        words: "when the app sets \(property) (\(node.accessorSpecifier.text))", name: property + "_" + node.accessorSpecifier.text,
        position: position(node), isUserAction: false))
    return .visitChildren
  }
  override func visitPost(_ node: AccessorDeclSyntax) {
    if FactScanner.observers.contains(node.accessorSpecifier.text) { deferredStack.removeLast() }
  }

  static let observers: Set<String> = ["didSet", "willSet"]

  override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
    useReturn(node)
    return .visitChildren
  }

  /// `if let tip = holder.tip`, `guard let tip = value as? FavoriteTip`: a local.
  override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
    if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = node.initializer?.value {
      use(value, .bound(name: name, property: false))
    }
    return .visitChildren
  }

  /// A type named in a declaration's type, a generic argument, a cast: it is used there.
  override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
    if !(node.parent?.is(ExtensionDeclSyntax.self) ?? false) { mention(node.name.text, at: node) }
    return .visitChildren
  }

  /// A string that could name a type (`NSClassFromString("HomeViewController")`, a
  /// storyboard identifier): the type may be built from it.
  override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
    if node.segments.count == 1, let text = node.segments.first?.as(StringSegmentSyntax.self)?.content.text,
      text.first?.isUppercase == true, text.utf8.count < 64, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
    {
      facts.mentions.strings.insert(String(text.split(separator: ".").last ?? Substring(text)))
    }
    return .visitChildren
  }

  // MARK: Members and locals

  override func visitPost(_ node: VariableDeclSyntax) {
    if computedProperties.last == node.id {
      computedProperties.removeLast()
      memberStack.removeLast()
    }
  }

  /// `listWithTips` or `self.listWithTips` used under a condition or in a closure that runs
  /// later: where the displays inside that member are shown. Calls (`rows()`) are sites of
  /// their own.
  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    let name = node.baseName.text
    if FactScanner.startsUppercase(name) { mention(name, at: node) } else if !inPreview { facts.mentions.members.insert(name) }
    guard !codeConditions.isEmpty || !deferredStack.isEmpty, name.first?.isLowercase == true else { return .skipChildren }
    if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
      guard member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" else { return .skipChildren }
    }
    if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id { return .skipChildren }
    facts.memberUses.append(
      MemberUse(
        name: node.baseName.text, type: currentType, inMember: memberStack.last, conditions: codeConditions, deferred: deferredStack.last))
    return .skipChildren
  }

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    let isMember = node.parent?.is(MemberBlockItemSyntax.self) == true
    // A computed property's body (`var listWithTips: some View { … }`) is a member its
    // displays are in.
    if isMember, node.bindings.count == 1, let binding = node.bindings.first, let accessors = binding.accessorBlock,
      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    {
      computedProperties.append(node.id)
      memberStack.append(name)
      if case .getter(let items) = accessors.accessors { useImplicitReturn(of: items) }
    }
    for binding in node.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text.filter({ $0 != "`" }),
        let value = binding.initializer?.value
      else { continue }
      use(value, .bound(name: name, property: isMember))
    }
    if !isMember, let routine = routineStack.last {
      // `let next = min(X.p + 1, 99)`: what a later write of `next` writes.
      for binding in node.bindings {
        if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = binding.initializer?.value {
          facts.routines[routine].locals[name] = expr(value)
        }
      }
    }
    guard let typeIndex = typeStack.last else { return .visitChildren }
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
      if !isStatic && binding.accessorBlock == nil {
        facts.types[typeIndex].storedFields.append(name)
        if initializer == nil { facts.types[typeIndex].passedIn.insert(name) }
      }
      // TipKit's `@Parameter` is a static property; App Intents' (`@Parameter(title:) var`)
      // is an instance's, and not TipKit's.
      if isStatic, let attribute = parameterAttribute(node) {
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
            infoType: event.info, limit: event.limit, conditions: conditionStack))
        continue
      }
      if isStatic, let literal = initializer?.as(StringLiteralExprSyntax.self), let text = FactScanner.plainString(literal) {
        facts.types[typeIndex].constants[name] = text
      }
      if let literal = initializer?.as(BooleanLiteralExprSyntax.self) {
        let value = literal.literal.text == "true"
        if isStatic && node.bindingSpecifier.text == "let" {
          facts.types[typeIndex].boolConstants[name] = value
        } else if !isStatic && node.bindingSpecifier.text == "var" {
          facts.types[typeIndex].boolInitials[name] = value
        }
      }
      if !isStatic, let initializer,
        initializer.as(ArrayExprSyntax.self)?.elements.isEmpty == true
          || initializer.is(DictionaryExprSyntax.self) && source(initializer) == "[:]"
          || initializer.as(StringLiteralExprSyntax.self).map({ FactScanner.plainString($0) == "" }) == true
      {
        facts.types[typeIndex].emptyInitials.insert(name)
      }
      if let storage = FactScanner.storageKey(node) {
        facts.types[typeIndex].storage[name] = (storage, initializer.map { source($0) })
      }
      readTipMember(name, binding: binding, in: typeIndex)
    }
    return .visitChildren
  }
}
