import SwiftSyntax

/// The conditions around code: an `if`'s, a `guard`'s, a `while`'s condition list, a
/// `for` loop's sequence, a `switch`'s cases, each read from the tree with its source.
extension FactScanner {
  func enterBlock() {
    blockMarks.append(codeConditions.count)
  }
  func leaveBlock() {
    // A `guard`'s condition holds until its block ends.
    if let mark = blockMarks.popLast(), codeConditions.count > mark { codeConditions.removeLast(codeConditions.count - mark) }
  }

  func walkIf(_ node: IfExprSyntax) {
    walk(node.conditions)
    let parts = conditions(node.conditions)
    codeConditions += parts
    walk(node.body)
    codeConditions.removeLast(parts.count)
    guard let elseBody = node.elseBody else { return }
    let opposite = FactScanner.opposite(of: parts)
    codeConditions += opposite
    walk(elseBody)
    codeConditions.removeLast(opposite.count)
  }

  func walkGuard(_ node: GuardStmtSyntax) {
    walk(node.conditions)
    let parts = conditions(node.conditions)
    let opposite = FactScanner.opposite(of: parts)
    codeConditions += opposite
    walk(node.body)
    codeConditions.removeLast(opposite.count)
    // What follows the guard in its block runs when the condition holds.
    codeConditions += parts
  }

  /// Each case of a `switch` on app state runs under a condition of its own: the subject
  /// matching its label.
  func walkSwitch(_ node: SwitchExprSyntax) {
    walk(node.subject)
    for element in node.cases {
      let label = element.as(SwitchCaseSyntax.self).map { source($0.label) } ?? "#if"
      let matched = label.hasPrefix("case ") ? String(label.dropFirst(5)) : label
      let text = "\(source(node.subject)) is \(matched.hasSuffix(":") ? String(matched.dropLast()) : matched)"
      codeConditions.append(CodeCondition(kind: .holds, text: text, elements: [.pattern(text)]))
      walk(element)
      codeConditions.removeLast()
    }
  }

  func walkFor(_ node: ForStmtSyntax) {
    walk(node.sequence)
    let sequence = source(node.sequence)
    let inherent = sequence.hasSuffix("shouldDisplayUpdates") || sequence.hasSuffix("statusUpdates")
    if inherent { inherentNames.insert(source(node.pattern)) }
    if sequence.hasSuffix(".statusUpdates"), case .member(let tip?, "statusUpdates") = expr(node.sequence) {
      statusNames[source(node.pattern)] = tip
    }
    // The body runs when the sequence has an element: `!items.isEmpty`.
    let empty = SourcedExpr(expr: .member(expr(node.sequence), "isEmpty"), text: sequence + ".isEmpty")
    let test = SourcedExpr(expr: .prefix("!", empty.expr), text: "!" + empty.text, parts: [empty])
    codeConditions.append(
      CodeCondition(kind: inherent ? .inherent : .loop, text: "for \(source(node.pattern)) in \(sequence)", elements: [.expression(test)]))
    walk(node.body)
    codeConditions.removeLast()
  }

  func walkWhile(_ node: WhileStmtSyntax) {
    walk(node.conditions)
    codeConditions.append(
      CodeCondition(kind: .loop, text: "while \(source(node.conditions))", elements: node.conditions.map { element($0.condition) }))
    walk(node.body)
    codeConditions.removeLast()
  }

  /// What an `if`'s or a `guard`'s conditions are: `#available` (the device's OS: an
  /// argument for another platform than the one read is `*`, which holds), the tip's own
  /// status, or a condition of the app's. `#available(iOS 17, *), showHints` is both: the OS,
  /// and the app condition `showHints`.
  private func conditions(_ conditions: ConditionElementListSyntax) -> [CodeCondition] {
    var found: [CodeCondition] = []
    var rest: [ConditionElementSyntax] = []
    for element in conditions {
      guard let availability = element.condition.as(AvailabilityConditionSyntax.self) else {
        rest.append(element)
        continue
      }
      let version = availability.availabilityArguments.lazy.compactMap { argument -> String? in
        guard let platform = argument.argument.as(PlatformVersionSyntax.self),
          (self.target.platform?.osNames ?? ["iOS"]).contains(platform.platform.text)
        else { return nil }
        return platform.version.map { self.source($0) }
      }.first
      let unavailable = availability.availabilityKeyword.tokenKind == .poundUnavailable
      let text = source(element.condition)
      if let version {
        found.append(CodeCondition(kind: unavailable ? .unavailable(version) : .available(version), text: text))
      } else {
        // `*`: on the platform read, every version has it.
        found.append(CodeCondition(kind: .decided(!unavailable), text: text))
      }
    }
    guard !rest.isEmpty else { return found }
    let text =
      found.isEmpty
      ? source(conditions)
      : rest.map { source($0.condition) }.joined(separator: ", ")
    let words = text.split { !$0.isLetter && !$0.isNumber && $0 != "_" }.map(String.init)
    if text.contains(".invalidated"), let tip = words.lazy.compactMap({ self.statusNames[$0] }).first {
      return found + [CodeCondition(kind: .tipInvalidated(tip), text: text)]
    }
    if words.contains(where: { inherentNames.contains($0) || $0 == "shouldDisplay" || $0 == "currentTip" }) {
      return found + [CodeCondition(kind: .inherent, text: text)]
    }
    return found + [CodeCondition(kind: .holds, text: text, elements: rest.map { element($0.condition) })]
  }

  /// The conditions of an `else`: the opposite of one condition; of several (the OS and an
  /// app condition), none, since the branch runs when either fails, which one list of tests
  /// cannot say (the branch is taken as possible whatever they are).
  private static func opposite(of parts: [CodeCondition]) -> [CodeCondition] {
    // A part that always holds fails never; one that never holds makes the `else` run always.
    guard !parts.contains(where: { $0.kind == .decided(false) }) else { return [] }
    let open = parts.filter { $0.kind != .decided(true) }
    guard open.count == 1, let only = open.first else { return open.isEmpty ? [CodeCondition(kind: .decided(false), text: "else")] : [] }
    return [CodeCondition(kind: opposite(of: only.kind), text: only.text, elements: only.elements)]
  }

  private static func opposite(of kind: CodeCondition.Kind) -> CodeCondition.Kind {
    switch kind {
    case .available(let version): .unavailable(version)
    case .unavailable(let version): .available(version)
    case .decided(let value): .decided(!value)
    case .inherent, .tipInvalidated: .inherent
    default: .otherwise
    }
  }

  /// One element of a condition list: an expression, an optional binding (`let x = e`, or
  /// `let x` for `let x = x`), or a pattern, kept as written.
  func element(_ condition: ConditionElementSyntax.Condition) -> ConditionElement {
    switch condition {
    case .expression(let expression): return .expression(sourced(expression))
    case .optionalBinding(let binding):
      if let value = binding.initializer?.value { return .binding(sourced(value)) }
      let name = source(binding.pattern)
      return .binding(SourcedExpr(expr: .name(FactScanner.unquoted(name)), text: name))
    case .matchingPattern, .availability: return .pattern(source(condition))
    }
  }
}
