import SwiftSyntax

/// The calls and assignments that do something to tips: configure, display, donate, write,
/// toggle, invalidate, group; and calls of the app's own functions, which the model follows.
extension FactScanner {
  /// The last name of a callee (`configure` of `Tips.configure`, `Text` of `Text`), read from
  /// its token: most calls are of no interest, and building their text cost the import most
  /// of its time over parsing.
  static func lastName(of callee: ExprSyntax) -> TokenSyntax? {
    if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName }
    if let member = callee.as(MemberAccessExprSyntax.self) { return member.declName.baseName }
    if let specialized = callee.as(GenericSpecializationExprSyntax.self) { return lastName(of: specialized.expression) }
    return nil
  }

  private static let interesting: Set<String> = [
    "configure", "resetDatastore", "showAllTipsForTesting", "hideAllTipsForTesting", "showTipsForTesting", "hideTipsForTesting",
    "popoverTip", "TipView", "TipGroup", "donate", "sendDonation", "invalidate", "toggle", "configureTip", "TipUIPopoverViewController",
    "TipUIView", "TipNSPopover", "TipNSView",
  ]

  /// The display APIs: SwiftUI's, UIKit's (a popover controller, a view, a collection view
  /// cell's `configureTip`) and AppKit's; whether each is inline.
  static let displays: [String: Bool] = [
    "TipView": true, "popoverTip": false, "TipUIPopoverViewController": false, "TipUIView": true, "configureTip": true,
    "TipNSPopover": false, "TipNSView": true,
  ]

  /// SwiftUI's and the standard library's calls the app's own code is never among: not
  /// recorded, which keeps a large app's facts small.
  private static let common: Set<String> = [
    "padding", "frame", "font", "foregroundColor", "foregroundStyle", "background", "overlay", "opacity", "cornerRadius", "clipShape",
    "shadow", "offset", "navigationTitle", "navigationBarTitleDisplayMode", "toolbar", "listStyle", "buttonStyle", "tint",
    "disabled", "animation", "transition", "accessibilityLabel", "accessibilityIdentifier", "tag", "id", "lineLimit",
    "multilineTextAlignment", "fixedSize", "layoutPriority", "ignoresSafeArea", "edgesIgnoringSafeArea", "bold", "italic",
    "fontWeight", "imageScale", "resizable", "scaledToFit", "scaledToFill", "aspectRatio", "environment", "environmentObject",
    "map", "filter", "reduce", "compactMap", "flatMap", "sorted", "contains", "first", "append", "insert", "remove", "print",
    "min", "max", "abs", "joined", "split", "replacingOccurrences", "hasPrefix", "hasSuffix", "lowercased", "uppercased", "now",
    "sleep", "dismiss", "present", "pushViewController", "addSubview", "set", "string", "bool", "integer", "object",
    "Text", "Image", "Button", "Label", "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "List", "ForEach", "Section",
    "Form", "Group", "ScrollView", "NavigationStack", "NavigationView", "Spacer", "Divider", "Toggle", "Color", "Font", "Array",
    "Set", "Dictionary", "String", "Int", "Double", "Date", "URL", "UUID",
  ]

  func scan(call node: FunctionCallExprSyntax) {
    guard let token = FactScanner.lastName(of: node.calledExpression) else { return }
    let last = token.text
    guard FactScanner.interesting.contains(last) else {
      // Each argument is read once, for the call's site and for where its value goes.
      let values = FactScanner.common.contains(last) ? nil : node.arguments.map { expr($0.expression) }
      useArguments(of: node, name: last, display: false, values: values)
      if let values { recordCall(node, name: last, values: values) }
      return
    }
    let callee = source(node.calledExpression)
    let isDisplay =
      FactScanner.displays[last] != nil
      && (callee == last || node.calledExpression.is(MemberAccessExprSyntax.self) || callee.hasPrefix("TipKit."))
    useArguments(of: node, name: last, display: isDisplay, values: nil)
    if isDisplay, let inline = FactScanner.displays[last] {
      if let tip = node.arguments.first?.expression {
        let (shown, condition) = displayed(tip)
        let at = node.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) } ?? Syntax(node)
        let text = source(FactScanner.unwrappedTip(shown))
        site(.display(api: last, inline: inline, tip: expr(shown), text: text, condition: condition), at: at)
        facts.sites[facts.sites.count - 1].anchoredAction = anchoredAction(of: node)
        let needs = FactScanner.osNeeds(of: node, api: last)
        facts.sites[facts.sites.count - 1].displayNeeds = needs.needs
        facts.sites[facts.sites.count - 1].passesTaps = needs.passesTaps
        facts.sites[facts.sites.count - 1].via =
          last == "configureTip" ? "collectionViewCell" : node.arguments.contains { $0.label?.text == "anchorID" } ? "anchorID" : nil
      }
      return
    }
    switch callee {
    case "Tips.configure", "TipKit.Tips.configure":
      let options = node.arguments.first?.expression.as(ArrayExprSyntax.self)?.elements.map { source($0.expression) } ?? []
      site(.configure(options: options), at: node)
    case "Tips.resetDatastore", "TipKit.Tips.resetDatastore":
      site(.resetDatastore, at: node)
    case "Tips.showAllTipsForTesting", "Tips.hideAllTipsForTesting", "Tips.showTipsForTesting", "Tips.hideTipsForTesting":
      site(.testingOverride(source(node)), at: node)
    case "TipGroup", "Tips.TipGroup":
      readGroup(node)
    default:
      guard let member = node.calledExpression.as(MemberAccessExprSyntax.self) else { break }
      switch last {
      case "donate", "sendDonation":
        if let base = member.base {
          let argument = node.arguments.first { $0.label == nil && !$0.expression.is(ClosureExprSyntax.self) }?.expression
          // `.init(backyardID: 2)`, `Visit(id: 2)`: each field read here, where the syntax is.
          let fields = argument?.as(FunctionCallExprSyntax.self)?.arguments.compactMap { field -> Site.DonatedField? in
            guard let label = field.label?.text else { return nil }
            return Site.DonatedField(label: label, literal: RuleTranslator.literal(field.expression), text: source(field.expression))
          }
          site(.donate(event: source(base), call: last + "()", argument: argument.map { source($0) }, fields: fields), at: node)
          use(base, .donated(site: position(node)))
        }
      case "invalidate":
        let reason = node.arguments.first { $0.label?.text == "reason" }.map { source($0.expression) }
        let tip = member.base.map { expr($0) } ?? .name("self")
        site(
          .invalidate(tip: tip, text: member.base.map { source($0) } ?? "self", reason: reason.map { String($0.drop { $0 == "." }) }),
          at: node)
      case "toggle":
        if let base = member.base, node.arguments.isEmpty { site(.toggle(parameter: source(base)), at: node) }
      default: break
      }
    }
  }

  /// A call of a function, method or type of the app's: the model follows the ones it finds
  /// among the files read (the app's helpers, the code its launch and views run).
  private func recordCall(_ node: FunctionCallExprSyntax, name: String, values: [SwiftExpr]) {
    let arguments = zip(node.arguments, values).map { argument, value in
      let read = sourced(argument.expression, as: value)
      return Site.Argument(label: argument.label?.text, text: read.text, value: read.expr, parts: read.parts)
    }
    if name.first?.isUppercase == true {
      // `FeatureTip(title: …)`, `HintModifier(tip: …)`: a type built with arguments.
      if !arguments.isEmpty { site(.instantiate(type: source(node.calledExpression), arguments: arguments), at: node) }
      return
    }
    // `.onAppear(perform: setUp)`: a routine of its own that calls the function.
    if let kind = FactScanner.triggers[name],
      let function = node.arguments.first(where: { $0.label?.text == "perform" || $0.label?.text == "action" })?.expression,
      !function.is(ClosureExprSyntax.self)
    {
      let at = node.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) } ?? Syntax(node)
      enterRoutine(Routine(kind: kind, type: currentType, position: position(at)))
      site(.call(name: FactScanner.lastName(of: function)?.text ?? source(function), base: nil, arguments: []), at: function)
      leaveRoutine()
      return
    }
    let base = node.calledExpression.as(MemberAccessExprSyntax.self)?.base.map { source($0) }
    site(.call(name: name, base: base, arguments: arguments), at: node)
  }

  /// The action closure of the control a `.popoverTip` is attached to (`Button("Share") { … }
  /// .buttonStyle(…).popoverTip(tip)`): what the tip points at, which the typical user does.
  private func anchoredAction(of display: FunctionCallExprSyntax) -> SwiftPosition? {
    var base = display.calledExpression.as(MemberAccessExprSyntax.self)?.base
    while let call = base?.as(FunctionCallExprSyntax.self) {
      if let name = FactScanner.lastName(of: call.calledExpression)?.text, FactScanner.userGestures.contains(name),
        name.first?.isUppercase == true
      {
        let closure =
          call.trailingClosure
          ?? call.arguments.first { $0.label?.text == "action" }?.expression.as(ClosureExprSyntax.self)
        return closure.map { position($0) }
      }
      base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
    }
    return nil
  }

  /// What a display shows: the expression, or for a name bound by `if let tip = …` (a
  /// group's `currentTip`), the expression it was bound to; for `c ? tip : nil`, the tip and
  /// the condition.
  private func displayed(_ expression: ExprSyntax) -> (tip: ExprSyntax, condition: CodeCondition?) {
    if let ternary = expression.as(TernaryExprSyntax.self) {
      let whenTrue = ternary.thenExpression.is(NilLiteralExprSyntax.self) ? ternary.elseExpression : ternary.thenExpression
      let negated = ternary.thenExpression.is(NilLiteralExprSyntax.self)
      let condition = sourced(ternary.condition)
      return (
        displayed(whenTrue).tip,
        CodeCondition(kind: negated ? .otherwise : .holds, text: condition.text, elements: [.expression(condition)])
      )
    }
    // Unfolded, `a && b ? tip : nil` is the elements `a`, `&&`, `b`, `? tip :`, `nil`.
    if let sequence = expression.as(SequenceExprSyntax.self),
      let index = sequence.elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
      let ternary = sequence.elements[index].as(UnresolvedTernaryExprSyntax.self), let last = sequence.elements.last
    {
      let condition = sourced(Array(sequence.elements[..<index]))
      let thenIsNil = ternary.thenExpression.is(NilLiteralExprSyntax.self)
      return (
        displayed(thenIsNil ? last : ternary.thenExpression).tip,
        CodeCondition(kind: thenIsNil ? .otherwise : .holds, text: condition.text, elements: [.expression(condition)])
      )
    }
    guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return (expression, nil) }
    var parent = expression.parent
    while let current = parent {
      let conditions = current.as(IfExprSyntax.self)?.conditions ?? current.as(GuardStmtSyntax.self)?.conditions
      for condition in conditions ?? [] {
        if let binding = condition.condition.as(OptionalBindingConditionSyntax.self), source(binding.pattern) == name,
          let value = binding.initializer?.value
        {
          return (value, nil)
        }
      }
      parent = current.parent
    }
    return (expression, nil)
  }

  /// A shown tip without the wrappers that do not change which tip it is, `AnyTip(t)` and
  /// `t as any Tip`: what a comment quotes.
  static func unwrappedTip(_ expression: ExprSyntax) -> ExprSyntax {
    var inner = expression
    if let call = inner.as(FunctionCallExprSyntax.self), call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "AnyTip",
      call.arguments.count == 1, let only = call.arguments.first
    {
      inner = only.expression
    }
    if let cast = inner.as(AsExprSyntax.self), cast.questionOrExclamationMark == nil { return cast.expression }
    // Unfolded, `t as any Tip` is the elements `t`, `as`, `any Tip`.
    if let sequence = inner.as(SequenceExprSyntax.self), sequence.elements.count == 3, let first = sequence.elements.first,
      let cast = sequence.elements.dropFirst().first?.as(UnresolvedAsExprSyntax.self), cast.questionOrExclamationMark == nil
    {
      return first
    }
    return inner
  }

  /// `TipGroup(.ordered) { A(); B() }`, named after the property it is stored in.
  private func readGroup(_ node: FunctionCallExprSyntax) {
    let ordered = node.arguments.first.map { source($0.expression) } == ".ordered"
    var name: String?
    var parent = node.parent
    while let current = parent, name == nil {
      if let binding = current.as(PatternBindingSyntax.self) { name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
      // `_onboarding = State(initialValue: TipGroup(…))` in an initializer: the property.
      if let sequence = current.as(SequenceExprSyntax.self), sequence.elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true,
        let target = sequence.elements.first
      {
        var text = source(target)
        if text.hasPrefix("self.") { text.removeFirst(5) }
        name = String(text.drop { $0 == "_" })
      }
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
      for statement in closure.statements {
        if let member = statement.item.as(ExprSyntax.self) { use(member, .groupMember(group: position(node))) }
      }
      // `TipGroup { first; second }`: tips held in properties.
      for statement in closure.statements {
        guard var text = statement.item.as(ExprSyntax.self).map({ source($0) }), !text.contains("(") else { continue }
        if text.hasPrefix("self.") { text.removeFirst(5) }
        if text.first?.isLowercase == true { members.append(text) }
      }
    }
    site(.group(name: name, ordered: ordered, members: members, notes: notes), at: node)
  }

  func scan(sequence node: SequenceExprSyntax) {
    // `Target.parameter = value`: a parameter write, if the target names one. Assignment
    // binds loosest, so the value is everything after the operator (`p = n > 0`, `p = a ?? b`).
    let elements = Array(node.elements)
    // `hasPlayers = n > 0` in the code of a type that declares the parameter: bare.
    guard elements.count >= 3,
      elements[0].is(MemberAccessExprSyntax.self) || elements[0].is(DeclReferenceExprSyntax.self) && namesParameters.last == true
    else { return }
    let target = elements[0]
    let op = elements[1].is(AssignmentExprSyntax.self) ? "=" : elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text ?? ""
    guard ["=", "+=", "-=", "*=", "/="].contains(op) else { return }
    site(.parameterWrite(parameter: source(target), op: op, value: sourced(Array(elements.dropFirst(2)))), at: node)
  }

  /// `target = value` whatever the target: where the value goes (the ledger of tip uses).
  func useAssignment(_ node: SequenceExprSyntax) {
    let elements = Array(node.elements)
    guard elements.count >= 3,
      elements[1].is(AssignmentExprSyntax.self) || elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??=",
      elements.count == 3 ? FactScanner.mayHoldTip(elements[2]) : FactScanner.mayHoldTip(ExprSyntax(node)),
      case .infix(let target, _, let value) = expr(ExprSyntax(node))
    else { return }
    use(value, .assigned(target), at: position(elements[2]))
  }

  /// What a display call uses that not every OS has (rule 44): `isPresented:` and
  /// `anchorID:` (iOS 26), a collection view cell's `configureTip` (iOS 18), and a
  /// `.tipBackgroundInteraction(…)` chained on it (iOS 26), which lets taps through unless
  /// it says `.disabled`.
  static func osNeeds(of node: FunctionCallExprSyntax, api: String) -> (needs: [String], passesTaps: Bool) {
    var needs: [String] = []
    let labels = Set(node.arguments.compactMap { $0.label?.text })
    if labels.contains("isPresented") {
      needs.append("the isPresented: binding (iOS 26): `isPresented TIP false` says when the app keeps it off screen")
    }
    if labels.contains("anchorID") { needs.append("TipView(anchorID:) pointing at a tipAnchor(_:) view (iOS 26)") }
    if api == "configureTip" { needs.append("TipUICollectionViewCell's configureTip (iOS 18)") }
    var passesTaps = false
    if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "tipBackgroundInteraction",
      let modifier = member.parent?.as(FunctionCallExprSyntax.self)
    {
      passesTaps = !(modifier.arguments.first?.expression.description.contains("disabled") ?? false)
      needs.append("tipBackgroundInteraction (iOS 26): before it, SwiftUI disables the view behind the popover")
    }
    return (needs, passesTaps)
  }
}
