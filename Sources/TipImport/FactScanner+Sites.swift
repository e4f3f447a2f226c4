import SwiftSyntax

/// A site with where it stands: its type, routine and conditions, whether it runs as the app
/// leaves the foreground, and whether only the app's own code can run the member it is in.
extension FactScanner {
  func site(_ kind: Site.Kind, at node: some SyntaxProtocol) {
    facts.sites.append(
      Site(
        kind: kind, position: position(node), type: currentType, function: functionStack.last,
        inPreview: inPreview, flag: flagStack.first,
        // Only an invalidation asks: the walk up to the file's top is not free.
        onBackground: backgroundDepth > 0 || (kind.isInvalidation && mentionsBackground(node)),
        bodyID: bodyStack.last, routine: routineStack.last, conditions: codeConditions, deferred: deferredStack.last,
        member: memberStack.last, extensionMember: kind.isDisplay ? extensionMember(around: node) : nil))
  }

  /// Where the member around `node` is declared, when only the app's code can run it: a
  /// function or computed property of an extension that adds no conformance (no framework
  /// protocol asks for it), neither `@objc` (a selector may name it), `override`, nor public
  /// (another module may call it).
  private func extensionMember(around node: some SyntaxProtocol) -> SwiftPosition? {
    var current = node.parent
    while let syntax = current {
      if syntax.parent?.is(MemberBlockItemSyntax.self) == true, let decl = syntax.as(DeclSyntax.self) {
        guard let block = syntax.parent?.parent?.parent?.as(MemberBlockSyntax.self),
          let owner = block.parent?.as(ExtensionDeclSyntax.self), owner.inheritanceClause == nil,
          !FactScanner.mayBeCalledFromOutside(decl, in: owner)
        else { return nil }
        if let function = decl.as(FunctionDeclSyntax.self) { return position(function.name) }
        if let variable = decl.as(VariableDeclSyntax.self), let binding = variable.bindings.first, binding.accessorBlock != nil {
          return position(binding.pattern)
        }
        return nil
      }
      current = syntax.parent
    }
    return nil
  }

  private static func mayBeCalledFromOutside(_ decl: DeclSyntax, in owner: ExtensionDeclSyntax) -> Bool {
    let outside: Set<String> = ["public", "open", "override"]
    let modifiers = Array(decl.asProtocol((any WithModifiersSyntax).self)?.modifiers ?? []) + Array(owner.modifiers)
    let attributes = decl.asProtocol((any WithAttributesSyntax).self)?.attributes ?? []
    return modifiers.contains { outside.contains($0.name.text) } || FactScanner.namesSelector(attributes)
      || FactScanner.namesSelector(owner.attributes)
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

  // MARK: Code (see FactScanner+Code and +Calls)
}
