import SwiftSyntax

/// Reads what a result builder or array literal lists (rules, options, actions, a group's
/// tips, a title's `Text`), taking the one branch of each `#if` the target platform's
/// release build compiles (a note says which).
struct BuilderReader {
  let scanner: FactScanner
  private(set) var notes: [Note] = []

  init(scanner: FactScanner) { self.scanner = scanner }

  /// Every function call, in source order, through the chosen branches.
  mutating func calls(in body: Syntax) -> [FunctionCallExprSyntax] {
    var found: [FunctionCallExprSyntax] = []
    visit(body) { node in
      if let call = node.as(FunctionCallExprSyntax.self) { found.append(call) }
    }
    return found
  }

  /// Every freestanding macro `#name(…)`, in source order.
  mutating func macros(named name: String, in body: Syntax) -> [MacroExpansionExprSyntax] {
    var found: [MacroExpansionExprSyntax] = []
    visit(body) { node in
      if let macro = node.as(MacroExpansionExprSyntax.self), macro.macroName.text == name { found.append(macro) }
    }
    return found
  }

  /// The first `Text("literal")`; `readsInstance` when the text comes from a value instead;
  /// `others`, the literals an `if`, `switch` or `?:` of the body chooses instead at run time.
  mutating func firstText(in body: Syntax) -> (value: String?, readsInstance: Bool, others: [String]) {
    var literals: [String] = []
    var branches = false
    for call in calls(in: body) where scanner.source(call.calledExpression) == "Text" {
      guard let argument = call.arguments.first?.expression else { continue }
      guard let literal = argument.as(StringLiteralExprSyntax.self), let text = FactScanner.plainString(literal) else {
        if literals.isEmpty { return (nil, true, []) }
        continue
      }
      literals.append(text)
      branches = branches || BuilderReader.isChosen(Syntax(call), within: body)
    }
    guard let first = literals.first else { return (nil, false, []) }
    return (first, false, branches ? Array(literals.dropFirst().filter { $0 != first }) : [])
  }

  /// Whether an `if`, `switch` or `?:` between `node` and `body` chooses it.
  private static func isChosen(_ node: Syntax, within body: Syntax) -> Bool {
    var current = node.parent
    while let parent = current, parent.id != body.id {
      if parent.is(IfExprSyntax.self) || parent.is(SwitchExprSyntax.self) || parent.is(TernaryExprSyntax.self) { return true }
      current = parent.parent
    }
    return false
  }

  /// `Image(systemName: "star")` or `Image("name")`: the image's name.
  mutating func firstImage(in body: Syntax) -> String? {
    for call in calls(in: body) where scanner.source(call.calledExpression) == "Image" {
      if let literal = call.arguments.first?.expression.as(StringLiteralExprSyntax.self) { return FactScanner.plainString(literal) }
    }
    return nil
  }

  private mutating func visit(_ node: Syntax, _ body: (Syntax) -> Void) {
    if let conditional = node.as(IfConfigDeclSyntax.self) {
      // The branch the release build of the target platform compiles (`BuildTarget`).
      let (clauses, platform) = scanner.target.clauses(of: conditional) { scanner.source($0) }
      let taken = clauses.first { $0.inRelease }
      if let note = scanner.target.note(on: conditional, taken: taken, platform: platform, text: { scanner.source($0) }) {
        notes.append(Note(position: scanner.position(conditional), text: note))
      } else if let flagged = clauses.first(where: { !$0.inRelease }) {
        notes.append(
          Note(position: scanner.position(conditional), text: "#if \(flagged.label): not read (the app its users run has no such flag)"))
      }
      if let elements = taken?.elements { visit(Syntax(elements), body) }
      return
    }
    body(node)
    for child in node.children(viewMode: .sourceAccurate) { visit(child, body) }
  }
}
