import SwiftSyntax

/// Translates one `#Rule(subject) { closure }` into a rule of the scenario language: a
/// parameter compared (`$0 == true`, `!$0`, `$0 >= 3`), or an event's donations counted
/// (`$0.donations.donatedWithin(.days(5)).filter { $0.id == 2 }.count >= 3`, `largestSubset`).
/// It runs while the file is scanned, before names are known across files: each argument
/// stands in the text as a placeholder that `TranslatedRule.text(naming:)` fills in.
struct RuleTranslator {
  /// Why a rule stays a comment.
  struct Untranslated: Error, Equatable {
    var reason: String
  }

  /// What a `#Rule`'s argument is, by its position: `$p` is a parameter, anything else an event.
  enum Subject {
    case parameter(Int)
    case event(Int)
  }

  /// The fields each argument's donations are read by, for the event's declaration.
  private var fieldsRead: [Int: [String]] = [:]
  private var eventsRead: Set<Int> = []

  /// The rule `macro`, or why it stays a comment.
  static func translate(_ macro: MacroExpansionExprSyntax) -> Result<TranslatedRule, Untranslated> {
    var translator = RuleTranslator()
    do {
      let text = try translator.rule(macro)
      return .success(TranslatedRule(template: text, fieldsRead: translator.fieldsRead, eventsRead: translator.eventsRead))
    } catch {
      return .failure(error)
    }
  }

  /// The placeholder of argument `index` in a translated rule's text.
  static func placeholder(_ index: Int) -> String { "\u{1}\(index)\u{1}" }

  private mutating func rule(_ macro: MacroExpansionExprSyntax) throws(Untranslated) -> String {
    let subjects = macro.arguments.enumerated().map { index, argument -> Subject in
      argument.expression.description.contains("$") ? .parameter(index) : .event(index)
    }
    guard !subjects.isEmpty else { throw Untranslated(reason: "a #Rule without a parameter or event") }
    guard let closure = macro.trailingClosure else { throw Untranslated(reason: "a #Rule without a closure") }
    var names: [String: Subject] = [:]
    for (index, subject) in subjects.enumerated() { names["$\(index)"] = subject }
    if let clause = closure.signature?.parameterClause {
      switch clause {
      case .simpleInput(let list):
        for (index, parameter) in list.enumerated() where index < subjects.count { names[parameter.name.text] = subjects[index] }
      case .parameterClause(let parameters):
        for (index, parameter) in parameters.parameters.enumerated() where index < subjects.count {
          names[(parameter.secondName ?? parameter.firstName).text] = subjects[index]
        }
      }
    }
    guard let body = RuleTranslator.onlyExpression(closure.statements) else {
      throw Untranslated(reason: "the closure is more than one expression")
    }
    return try boolean(body, names)
  }

  static func onlyExpression(_ statements: CodeBlockItemListSyntax) -> ExprSyntax? {
    guard statements.count == 1, let item = statements.first?.item else { return nil }
    if let expression = item.as(ExprSyntax.self) { return expression }
    return item.as(ReturnStmtSyntax.self)?.expression
  }

  /// An expression in a Boolean place: a bare Bool parameter reads `p == true`.
  private mutating func boolean(_ expression: ExprSyntax, _ names: [String: Subject]) throws(Untranslated) -> String {
    if case .parameter(let index)? = subject(expression, names) { return RuleTranslator.placeholder(index) + " == true" }
    return try translate(expression, names)
  }

  private func subject(_ expression: ExprSyntax, _ names: [String: Subject]) -> Subject? {
    guard let reference = expression.as(DeclReferenceExprSyntax.self) else { return nil }
    return names[reference.baseName.text]
  }

  private static let comparisons: Set<String> = ["==", "!=", "<", "<=", ">", ">="]

  private mutating func translate(_ expression: ExprSyntax, _ names: [String: Subject]) throws(Untranslated) -> String {
    if let sequence = expression.as(SequenceExprSyntax.self) {
      let elements = Array(sequence.elements)
      var parts: [String] = []
      for (index, element) in elements.enumerated() {
        if index % 2 == 1 {
          guard let op = element.as(BinaryOperatorExprSyntax.self)?.operator.text,
            RuleTranslator.comparisons.contains(op) || op == "&&" || op == "||"
          else { throw Untranslated(reason: "the operator \(element.trimmedDescription)") }
          parts.append(op == "&&" ? "and" : op == "||" ? "or" : op)
          continue
        }
        // An operand beside `&&`/`||` (not a comparison) is a Boolean on its own.
        let before = index > 0 ? elements[index - 1].as(BinaryOperatorExprSyntax.self)?.operator.text : nil
        let after = index + 1 < elements.count ? elements[index + 1].as(BinaryOperatorExprSyntax.self)?.operator.text : nil
        let compared = [before, after].contains { $0.map(RuleTranslator.comparisons.contains) ?? false }
        parts.append(compared ? try translate(element, names) : try boolean(element, names))
      }
      return parts.joined(separator: " ")
    }
    if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
      if case .parameter(let index)? = subject(prefix.expression, names) { return RuleTranslator.placeholder(index) + " == false" }
      return "not (\(try boolean(prefix.expression, names)))"
    }
    if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first?.expression {
      return "(\(try boolean(inner, names)))"
    }
    if let literal = RuleTranslator.literal(expression) { return literal }
    if let found = subject(expression, names) {
      switch found {
      case .parameter(let index): return RuleTranslator.placeholder(index)
      case .event: throw Untranslated(reason: "\(expression.trimmedDescription) is an event: count its donations")
      }
    }
    return try aggregate(expression, names)
  }

  /// A literal as the scenario writes it; an enum case (`.pro`) reads as its name, a string;
  /// `nil` as `nil` (an optional parameter's).
  static func literal(_ expression: ExprSyntax) -> String? {
    if let boolean = expression.as(BooleanLiteralExprSyntax.self) { return boolean.literal.text }
    if expression.is(NilLiteralExprSyntax.self) { return "nil" }
    if let integer = expression.as(IntegerLiteralExprSyntax.self) { return withoutSeparators(integer.literal.text) }
    if let float = expression.as(FloatLiteralExprSyntax.self) { return withoutSeparators(float.literal.text) }
    if let string = expression.as(StringLiteralExprSyntax.self), let text = FactScanner.plainString(string) {
      return ScenarioText.quoted(text)
    }
    if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-",
      let number = literal(prefix.expression), number.first?.isNumber == true
    {
      return "-" + number
    }
    if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil {
      return ScenarioText.quoted(member.declName.baseName.text)
    }
    return nil
  }

  /// `1_000` as `1000`.
  private static func withoutSeparators(_ number: String) -> String {
    number.utf8.contains(UInt8(ascii: "_")) ? number.filter { $0 != "_" } : number
  }

  /// `$0.donations[.donatedWithin(…)][.filter { … }][.largestSubset(by: \.f)].count`.
  private mutating func aggregate(_ expression: ExprSyntax, _ names: [String: Subject]) throws(Untranslated) -> String {
    var steps: [(name: String, call: FunctionCallExprSyntax?)] = []
    var current = expression
    while true {
      if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
        steps.insert((member.declName.baseName.text, nil), at: 0)
        current = base
      } else if let call = current.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
        let base = member.base
      {
        steps.insert((member.declName.baseName.text, call), at: 0)
        current = base
      } else {
        break
      }
    }
    guard case .event(let index)? = subject(current, names) else {
      throw Untranslated(reason: "\(expression.trimmedDescription) is not a parameter, literal or donation count")
    }
    guard steps.first?.name == "donations", steps.count >= 2, steps.last?.name == "count", steps.last?.call == nil else {
      throw Untranslated(reason: "\(expression.trimmedDescription): only `.donations…count` is read")
    }
    var within: String?
    var filter: String?
    var grouping: (kind: String, field: String)?
    for step in steps.dropFirst().dropLast() {
      guard grouping == nil else { throw Untranslated(reason: "\(step.name) after a subset") }
      switch step.name {
      case "donatedWithin":
        guard within == nil, let argument = step.call?.arguments.first?.expression, let span = RuleTranslator.window(argument) else {
          throw Untranslated(reason: "donatedWithin(\(step.call?.arguments.trimmedDescription ?? "")) is not a window TipSim reads")
        }
        within = span
      case "filter":
        guard filter == nil, let closure = step.call?.trailingClosure ?? step.call?.arguments.first?.expression.as(ClosureExprSyntax.self)
        else { throw Untranslated(reason: "a filter without a closure") }
        filter = try donationFilter(closure, event: index)
      case "largestSubset", "smallestSubset":
        guard let argument = step.call?.arguments.first?.expression, let field = RuleTranslator.keyPathField(argument).map(contractName)
        else {
          throw Untranslated(reason: "\(step.name) without a key path `by: \\.field`")
        }
        read(field, of: index)
        grouping = (step.name, field)
      default:
        throw Untranslated(reason: "`.\(step.name)` on donations")
      }
    }
    eventsRead.insert(index)
    var arguments: [String] = []
    if let grouping { arguments.append("by: \(grouping.field)") }
    if let within { arguments.append("within: \(within)") }
    if let filter { arguments.append("where: \(filter)") }
    let member = grouping?.kind ?? "count"
    let event = RuleTranslator.placeholder(index)
    return arguments.isEmpty && member == "count" ? "\(event).count" : "\(event).\(member)(\(arguments.joined(separator: ", ")))"
  }

  /// Argument `event`'s donations are read by `field`.
  private mutating func read(_ field: String, of event: Int) {
    if !(fieldsRead[event] ?? []).contains(field) { fieldsRead[event, default: []].append(field) }
  }

  /// `{ $0.field == value && … }` as a `where:` filter.
  private mutating func donationFilter(_ closure: ClosureExprSyntax, event: Int) throws(Untranslated) -> String {
    var donation = "$0"
    if case .simpleInput(let list)? = closure.signature?.parameterClause, let first = list.first { donation = first.name.text }
    if case .parameterClause(let clause)? = closure.signature?.parameterClause, let first = clause.parameters.first {
      donation = (first.secondName ?? first.firstName).text
    }
    guard let body = RuleTranslator.onlyExpression(closure.statements) else {
      throw Untranslated(reason: "a filter of more than one expression")
    }
    return try filterExpression(body, donation: donation, event: event)
  }

  private mutating func filterExpression(_ expression: ExprSyntax, donation: String, event: Int) throws(Untranslated) -> String {
    if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first?.expression {
      return "(\(try filterExpression(inner, donation: donation, event: event)))"
    }
    if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
      return "not (\(try filterExpression(prefix.expression, donation: donation, event: event)))"
    }
    guard let sequence = expression.as(SequenceExprSyntax.self) else {
      throw Untranslated(reason: "the filter \(expression.trimmedDescription)")
    }
    let elements = Array(sequence.elements)
    var parts: [String] = []
    var index = 0
    // field OP literal, joined by && and ||.
    while index < elements.count {
      if index > 0 {
        guard let op = elements[index].as(BinaryOperatorExprSyntax.self)?.operator.text, op == "&&" || op == "||" else {
          throw Untranslated(reason: "the filter \(expression.trimmedDescription)")
        }
        parts.append(op == "&&" ? "and" : "or")
        index += 1
      }
      guard index + 2 < elements.count,
        let member = elements[index].as(MemberAccessExprSyntax.self),
        member.base?.trimmedDescription == donation,
        let op = elements[index + 1].as(BinaryOperatorExprSyntax.self)?.operator.text, RuleTranslator.comparisons.contains(op),
        let value = RuleTranslator.literal(elements[index + 2])
      else {
        throw Untranslated(reason: "the filter \(expression.trimmedDescription) (TipSim reads `$0.field OP literal`)")
      }
      let field = contractName(member.declName.baseName.text)
      guard field != "date" else { throw Untranslated(reason: "a filter on the donation's date (use donatedWithin)") }
      read(field, of: event)
      parts.append("\(field) \(op) \(value)")
      index += 3
    }
    return parts.joined(separator: " ")
  }

  /// `\.field` or `\Info.field`.
  static func keyPathField(_ expression: ExprSyntax) -> String? {
    guard let keyPath = expression.as(KeyPathExprSyntax.self), keyPath.components.count == 1,
      let property = keyPath.components.first?.component.as(KeyPathPropertyComponentSyntax.self)
    else { return nil }
    return property.declName.baseName.text
  }

  /// `.hour`, `.day`, `.week`, `.minutes(N)`, `.hours(N)`, `.days(N)`, `.weeks(N)`.
  static func window(_ expression: ExprSyntax) -> String? {
    let units = ["minute": "m", "hour": "h", "day": "d", "week": "w", "second": "s"]
    if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil, let unit = units[member.declName.baseName.text] {
      return "1" + unit
    }
    guard let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.base == nil, call.arguments.count == 1,
      let count = call.arguments.first?.expression.as(IntegerLiteralExprSyntax.self).flatMap({ Int($0.literal.text) }), count > 0
    else { return nil }
    let name = member.declName.baseName.text
    guard name.hasSuffix("s"), let unit = units[String(name.dropLast())] else { return nil }
    return "\(count)\(unit)"
  }
}

/// A rule translated while its file was scanned, its arguments still placeholders.
struct TranslatedRule {
  var template: String
  /// Fields read of each argument's donations (by argument position).
  var fieldsRead: [Int: [String]]
  /// The arguments whose donations it counts.
  var eventsRead: Set<Int>

  /// The rule with each argument's scenario name in place.
  func text(naming names: [String]) -> String {
    // Between the marks stand the arguments' positions: every other piece.
    var text = ""
    for (index, piece) in template.split(separator: "\u{1}", omittingEmptySubsequences: false).enumerated() {
      if index % 2 == 1, let position = Int(piece), position < names.count { text += names[position] } else { text += piece }
    }
    return text
  }
}
