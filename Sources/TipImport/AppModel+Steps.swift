import SwiftSyntax

/// What each thing the app's code does becomes in a reaction: a command, or a comment when
/// the simulation cannot do it as the app does (a value computed from app state, code under a
/// flag or in a branch not taken, a testing override).
extension AppModel {
  /// The steps of a reaction; before `Tips.configure` when `launching`.
  mutating func steps(of occurrences: [Occurrence], launching: Bool) -> [ReactionStep] {
    var steps: [ReactionStep] = []
    // `let next = min(A.p + 1, 99); A.p = next; B.p = next`: every write of one local writes
    // the value computed before the first, so the write of the parameter it reads goes last.
    var sharedLocal: [(key: String, source: Int?, target: Int?)] = []
    for case .effect(let index, let conditions) in occurrences {
      let site = sites[index].site
      guard var step = step(for: index, launching: launching, conditions: conditions) else { continue }
      if step.command != nil {
        let assumed = conditions.filter { $0.kind == .holds || $0.kind == .loop }.map(\.text)
        if !assumed.isEmpty {
          let text = "run as if `\(assumed.joined(separator: "` and `"))` held"
          step.note = step.note.map { $0 + "; " + text } ?? text
          untranslated.append(Note(position: site.position, text: "condition \(assumed.joined(separator: " and ")) taken as holding"))
        }
      } else if let note = step.note {
        untranslated.append(Note(position: site.position, text: "\(ScenarioText.comment(step.swift)): \(note)"))
      }
      steps.append(step)
      sharedLocal.append(localWrite(at: index))
    }
    var start = 0
    while start < steps.count {
      var end = start + 1
      while end < steps.count, sharedLocal[end].key == sharedLocal[start].key, !sharedLocal[start].key.isEmpty { end += 1 }
      let source = sharedLocal[start].source
      let run = Array(start..<end)
      let reordered = run.filter { sharedLocal[$0].target != source } + run.filter { sharedLocal[$0].target == source }
      steps.replaceSubrange(start..<end, with: reordered.map { steps[$0] })
      start = end
    }
    return steps
  }

  /// For a write of a local (`X.p = next`): the routine and local as a key, the parameter
  /// the local's value reads, and the parameter written; an empty key otherwise.
  private func localWrite(at index: Int) -> (key: String, source: Int?, target: Int?) {
    let site = sites[index].site
    guard case .parameterWrite(let text, "=", let value) = site.kind, let routine = siteRoutines[index],
      routines[routine].routine.locals[value] != nil, case .update(let source, _, _, _, _)? = valueForm(value, at: index, depth: 0)
    else { return ("", nil, nil) }
    return ("\(routine).\(value)", source, parameterIndex(named: text, in: site))
  }

  /// One site's step; nil for code that is not about TipKit (a write to the app's own state).
  /// `asAction`: as the user's action makes it run (an audit's), so code that runs later
  /// (a button's closure) runs.
  func step(for index: Int, launching: Bool, conditions: [CodeCondition], asAction: Bool = false) -> ReactionStep? {
    let site = sites[index].site
    var os: String?
    var notRun: String?
    for condition in conditions {
      switch condition.kind {
      case .otherwise where notRun == nil: notRun = "its branch runs only when !(\(condition.text))"
      case .available(let version): os = "if os >= \(version)"
      case .unavailable(let version): os = "if os < \(version)"
      default: break
      }
    }
    if let flag = site.flag { notRun = "under #if \(flag), which the app its users run does not set" }
    if let deferred = site.deferred, !asAction { notRun = "it runs later, \(deferred)" }
    var command: String?
    var note: String?
    switch site.kind {
    case .donate(let text, _, let argument, let fields):
      guard let event = eventIndex(named: text, in: site) else { return nil }
      (command, note) = donation(of: event, argument: argument, fields: fields)
    case .parameterWrite(let text, let op, let value):
      guard let parameter = parameterIndex(named: text, in: site) else { return nil }
      if let branches = site.conflictingBranches {
        notRun = nil
        note = "a value computed from app state (\(branches) writes it differently)"
      } else {
        (command, note) = write(parameter, op: op, value: value, at: index)
      }
    case .toggle(let text):
      guard let parameter = parameterIndex(named: text, in: site) else { return nil }
      if parameters[parameter].value == "true" || parameters[parameter].value == "false" {
        command = "toggle \(parameters[parameter].name)"
      } else {
        note = "\(parameters[parameter].name) is not a Bool"
      }
    case .invalidate(let text, let reason):
      guard let tip = tipIndex(displayedBy: text, in: site) else { return nil }
      let reasons = ["actionPerformed", "tipClosed", "displayCountExceeded", "displayDurationExceeded"]
      if let reason, reasons.contains(reason) {
        command = "invalidate \(tips[tip].name) \(reason)"
      } else {
        note = "its reason \(reason ?? "?") is computed"
      }
    case .resetDatastore:
      if !launching {
        note = "Tips.resetDatastore() after Tips.configure throws in the app (rule 34)"
      } else if let condition = conditions.first(where: { $0.kind == .holds || $0.kind == .loop }) {
        // A debug menu's "reset on next launch", a migration: the app decides when.
        note = "it runs only when `\(condition.text)`, which the app decides"
      } else {
        command = "reset"
      }
    case .testingOverride:
      note = "a testing override (add `testing …` to a scenario to simulate it)"
    default:
      return nil
    }
    if let notRun, site.conflictingBranches == nil || site.deferred != nil || site.flag != nil {
      command = nil
      note = notRun
    }
    return ReactionStep(command: command, os: os, swift: swiftText(site), position: site.position, note: note)
  }

  /// The Swift a site stands for, in a comment.
  func swiftText(_ site: Site) -> String {
    switch site.kind {
    case .donate(let event, let call, let argument, _): "\(event).\(call.dropLast(2))(\(argument ?? ""))"
    case .parameterWrite(let target, let op, let value): "\(target) \(op) \(value)"
    case .toggle(let target): "\(target).toggle()"
    case .invalidate(let tip, let reason): "\(tip).invalidate(reason: .\(reason ?? "?"))"
    case .resetDatastore: "Tips.resetDatastore()"
    case .testingOverride(let call): call
    default: ""
    }
  }

  // MARK: Donations

  /// `donate EVENT field=value`: each field the call gives as a literal; the others are
  /// computed from app state, and said.
  private func donation(of event: Int, argument: String?, fields: [Site.DonatedField]?) -> (String?, String?) {
    var command = "donate \(events[event].name)"
    guard let argument, !argument.isEmpty else { return (command, nil) }
    guard let fields else { return (command, "its info \(argument) is computed from app state: donated without its fields") }
    var computed: [String] = []
    for field in fields {
      let name = contractName(field.label)
      if let literal = field.literal, literal != "nil", events[event].fields.contains(name) {
        command += " \(name)=\(literal)"
      } else {
        computed.append("\(field.label) = \(field.text)")
      }
    }
    let note = computed.isEmpty ? nil : "not given, computed from app state: \(computed.joined(separator: ", "))"
    return (command, note)
  }

  // MARK: Parameter writes

  /// What a parameter write becomes: `set P VALUE`, `set P += 1`, `set P Q + 1 atMost 99`,
  /// `set P not Q`; or a note when its value is computed from app state.
  private func write(_ parameter: Int, op: String, value: String, at index: Int) -> (String?, String?) {
    let name = parameters[parameter].name
    let type = scenarioType(of: parameter)
    let computed = "a value computed from app state (\(value))"
    switch op {
    case "+=", "-=":
      guard type.isNumber, let number = AppModel.number(AppModel.expression(value)), type == "Double" || !number.contains(".") else {
        return (nil, computed)
      }
      return ("set \(name) \(op) \(number)", nil)
    case "=":
      guard let form = valueForm(value, at: index, depth: 0) else { return (nil, computed) }
      switch form {
      case .literal(let literal):
        guard fits(literal, type) else { return (nil, "\(value) does not fit \(name)'s type") }
        return ("set \(name) \(literal)", nil)
      case .update(let source, let negates, let offset, let atMost, let atLeast):
        let sourceType = scenarioType(of: source)
        let other = parameters[source].name
        if negates {
          guard type == "Bool", sourceType == "Bool" else { return (nil, computed) }
          return (source == parameter ? "toggle \(name)" : "set \(name) not \(other)", nil)
        }
        if offset == nil && atMost == nil && atLeast == nil {
          guard sourceType == type || sourceType == "Int" && type == "Double" else { return (nil, computed) }
          return ("set \(name) \(other)", nil)
        }
        guard type.isNumber, sourceType.isNumber,
          type == "Double" || ![offset, atMost, atLeast].contains(where: { $0?.contains(".") == true })
        else { return (nil, computed) }
        var text = "set \(name) \(other)"
        if let offset { text += offset.hasPrefix("-") ? " - \(offset.dropFirst())" : " + \(offset)" }
        if let atMost { text += " atMost \(atMost)" }
        if let atLeast { text += " atLeast \(atLeast)" }
        return (text, nil)
      }
    default:
      return (nil, computed)
    }
  }

  /// A written value the language can say.
  enum ValueForm {
    case literal(String)
    /// From a parameter: negated, plus an offset, capped.
    case update(source: Int, negates: Bool, offset: String?, atMost: String?, atLeast: String?)
  }

  /// What `text`, written at site `index`, is: a literal; a parameter, negated, plus or minus
  /// a number, capped by `min`/`max`; through the routine's locals (`let next = …`).
  func valueForm(_ text: String, at index: Int, depth: Int) -> ValueForm? {
    guard depth < 4 else { return nil }
    let expression = AppModel.expression(text)
    if let literal = RuleTranslator.literal(expression) { return .literal(literal) }
    if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first {
      return valueForm(inner.expression.trimmedDescription, at: index, depth: depth + 1)
    }
    let site = sites[index].site
    if let reference = expression.as(DeclReferenceExprSyntax.self), let routine = siteRoutines[index],
      let local = routines[routine].routine.locals[reference.baseName.text]
    {
      return valueForm(local, at: index, depth: depth + 1)
    }
    if expression.is(MemberAccessExprSyntax.self) || expression.is(DeclReferenceExprSyntax.self) {
      return parameterIndex(named: text, in: site).map { .update(source: $0, negates: false, offset: nil, atMost: nil, atLeast: nil) }
    }
    if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!",
      case .update(let source, false, nil, nil, nil)? = valueForm(prefix.expression.trimmedDescription, at: index, depth: depth + 1)
    {
      return .update(source: source, negates: true, offset: nil, atMost: nil, atLeast: nil)
    }
    if let sequence = expression.as(SequenceExprSyntax.self) {
      let elements = Array(sequence.elements)
      guard elements.count == 3, let op = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text, op == "+" || op == "-" else {
        return nil
      }
      let (left, right) = (elements[0], elements[2])
      if let number = AppModel.number(right),
        case .update(let source, false, nil, nil, nil)? = valueForm(left.trimmedDescription, at: index, depth: depth + 1)
      {
        return .update(source: source, negates: false, offset: op == "-" ? "-" + number : number, atMost: nil, atLeast: nil)
      }
      if op == "+", let number = AppModel.number(left),
        case .update(let source, false, nil, nil, nil)? = valueForm(right.trimmedDescription, at: index, depth: depth + 1)
      {
        return .update(source: source, negates: false, offset: number, atMost: nil, atLeast: nil)
      }
      return nil
    }
    // `min(X.p + 1, 99)`, `max(0, X.p - 1)`: a cap.
    if let call = expression.as(FunctionCallExprSyntax.self),
      let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
      name == "min" || name == "max", call.arguments.count == 2
    {
      let arguments = call.arguments.map(\.expression)
      let (numberAt, other) = AppModel.number(arguments[1]) != nil ? (1, 0) : (0, 1)
      guard let cap = AppModel.number(arguments[numberAt]),
        case .update(let source, false, let offset, let atMost, let atLeast)? = valueForm(
          arguments[other].trimmedDescription, at: index, depth: depth + 1)
      else { return nil }
      return name == "min"
        ? .update(source: source, negates: false, offset: offset, atMost: cap, atLeast: atLeast)
        : .update(source: source, negates: false, offset: offset, atMost: atMost, atLeast: cap)
    }
    return nil
  }

  /// A number literal's text (`1`, `-2`, `0.5`), or nil.
  static func number(_ expression: ExprSyntax) -> String? {
    guard let literal = RuleTranslator.literal(expression), let first = literal.first, first.isNumber || first == "-" else { return nil }
    return literal
  }

  /// A parameter's type in the language: `Bool`, `Int`, `Double`, `String`, or `nil?` for
  /// an optional of another type.
  func scenarioType(of parameter: Int) -> String {
    if let declared = parameters[parameter].declaredType { return String(declared.dropLast()) + "?" }
    let value = parameters[parameter].value
    if value == "true" || value == "false" { return "Bool" }
    if value.hasPrefix("\"") { return "String" }
    return value.contains(".") ? "Double" : "Int"
  }

  /// Whether a literal can be written to a parameter of `type`.
  private func fits(_ literal: String, _ type: String) -> Bool {
    let optional = type.hasSuffix("?")
    let base = optional ? String(type.dropLast()) : type
    if literal == "nil" { return optional }
    if literal == "true" || literal == "false" { return base == "Bool" }
    if literal.hasPrefix("\"") { return base == "String" }
    return base == "Double" || base == "Int" && !literal.contains(".")
  }
}

extension String {
  /// `Int`, `Double` (the language's numbers).
  fileprivate var isNumber: Bool { self == "Int" || self == "Double" }
}
