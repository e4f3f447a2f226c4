import Simulation
import SwiftSyntax

/// What each thing the app's code does becomes in a reaction: a command, or a comment when
/// the simulation cannot do it as the app does (a value computed from app state, code under a
/// flag or in a branch not taken, a testing override).
extension AppModel {
  /// How a step's code runs: by itself, in a reaction (before `Tips.configure` when
  /// `launching`), or when something outside the code read calls it, in an action, whose
  /// inputs are the values the code computes.
  enum StepMode: Equatable {
    case reaction(launching: Bool)
    /// `closure`: where the closure the action stands for starts (nil for a function): code
    /// in another closure that runs later is another action's.
    case action(closure: SwiftPosition?)

    var isAction: Bool { if case .action = self { true } else { false } }

    /// Whether code in this closure that runs later (nil: none) runs as part of it.
    func runs(_ deferral: Deferral?) -> Bool {
      guard let deferral else { return true }
      if case .action(let closure) = self { return closure == deferral.position }
      return false
    }
  }

  /// The steps of a reaction or an action, from what its code does in order.
  mutating func steps(of occurrences: [Occurrence], mode: StepMode) -> [ReactionStep] {
    var steps: [ReactionStep] = []
    // `let next = min(A.p + 1, 99); A.p = next; B.p = next`: every write of one local writes
    // the value computed before the first, so the write of the parameter it reads goes last.
    var sharedLocal: [(key: String, source: Int?, target: Int?)] = []
    for case .effect(let index, let conditions) in occurrences {
      let site = sites[index].site
      for step in self.steps(for: index, mode: mode, conditions: conditions) {
        // Code that runs later is not run here, but it is translated: an action's step.
        if step.command == nil, let note = step.note, mode.runs(site.deferred) {
          untranslated.append(Note(position: site.position, text: "\(ScenarioText.comment(step.swift)): \(note)"))
        }
        steps.append(step)
        sharedLocal.append(localWrite(at: index))
      }
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
    guard case .parameterWrite(let text, "=", let written) = site.kind, case .name(let local) = written.expr,
      let routine = siteRoutines[index],
      routines[routine].routine.locals[local] != nil, case .update(let source, _, _, _, _)? = valueForm(written.expr, at: index, depth: 0)
    else { return ("", nil, nil) }
    return ("\(routine).\(local)", source, parameterIndex(named: text, in: site))
  }

  /// One site's steps (two for a `Bool` a reaction computes: one under the condition it
  /// computes, one under its negation); none for code that is not about TipKit.
  mutating func steps(for index: Int, mode: StepMode, conditions: [CodeCondition]) -> [ReactionStep] {
    let site = sites[index].site
    var os: String?
    var guards: [ConditionTest] = []
    var notRun: String?
    for condition in conditions {
      switch condition.kind {
      case .available(let version): os = "if os >= \(version)"
      case .unavailable(let version): os = "if os < \(version)"
      default:
        switch decide(condition, type: site.type, at: site.position) {
        case .always(false)?: notRun = notRun ?? "its branch never runs: `\(condition.text)` is decided by a constant of the code read"
        case .tests(let tests)?: guards += tests.filter { !guards.contains($0) }
        case .always(true)?, nil: break
        }
      }
    }
    if let flag = site.flag { notRun = "under #if \(flag), which the app its users run does not set" }
    if let deferred = site.deferred, !mode.runs(deferred) { notRun = "it runs later, \(deferred.words): an action of the app's" }
    var step = ReactionStep(command: nil, os: os, guards: guards, swift: swiftText(site), position: site.position)
    switch site.kind {
    case .donate(let text, _, let argument, let fields):
      // A base that holds one of several events (a parameter): each possible, none a step.
      let donated = donatedEvents(named: text, at: site)
      guard let event = donated.first else { return [] }
      guard donated.count == 1 else {
        step.note = "it donates \(text), which holds one of \(donated.map { events[$0].name }.joined(separator: ", "))"
        return [step]
      }
      (step.command, step.note, step.input) = donation(of: event, argument: argument, fields: fields, inputs: mode.isAction)
      step.moves = (events[event].name, nil)
    case .parameterWrite(let text, let op, let written):
      let (expression, value) = (written.expr, written.text)
      guard let parameter = parameterIndex(named: text, in: site) else { return [] }
      (step.command, step.note) = write(parameter, op: op, value: expression, text: value, at: index)
      var from: String?
      if op == "=", case .update(let source, _, _, _, _)? = valueForm(expression, at: index, depth: 0) { from = parameters[source].name }
      step.moves = (parameters[parameter].name, from)
      if step.command == nil && notRun == nil {
        // A value the app computes: an input of an action, or in code that runs by itself, a
        // `Bool` under the condition it tests.
        let name = parameters[parameter].name
        let type = scenarioType(of: parameter)
        if mode.isAction || type != "Bool" {
          step.command = "set \(name) \(name)"
          step.input = (name, type.hasSuffix("?") ? "String" : type)
          step.note = "\(value) is computed: the value is an input"
        } else if op == "=" {
          switch decide(written, type: site.type, at: site.position, whole: true) {
          case .always(let holds):
            step.command = "set \(name) \(holds)"
            step.note = nil
          case .tests(let tests):
            var whenTrue = step
            whenTrue.note = nil
            whenTrue.guards += tests
            whenTrue.command = "set \(name) true"
            var whenFalse = whenTrue
            whenFalse.guards = step.guards + tests.map { ConditionTest($0.name, negated: !$0.negated) }
            whenFalse.command = "set \(name) false"
            return notRun == nil ? [whenTrue, whenFalse] : []
          }
        }
      }
    case .toggle(let text):
      guard let parameter = parameterIndex(named: text, in: site) else { return [] }
      step.moves = (parameters[parameter].name, nil)
      if parameters[parameter].value == "true" || parameters[parameter].value == "false" {
        step.command = "toggle \(parameters[parameter].name)"
      } else {
        step.note = "\(parameters[parameter].name) is not a Bool"
      }
    case .invalidate(let expression, _, let reason):
      guard let tip = tipIndex(displayedBy: expression, in: site) else { return [] }
      let reasons = ["actionPerformed", "tipClosed", "displayCountExceeded", "displayDurationExceeded"]
      if let reason, reasons.contains(reason) {
        step.command = "invalidate \(tips[tip].name) \(reason)"
      } else {
        // Which reason it gives does not change that the tip ends.
        step.command = "invalidate \(tips[tip].name) actionPerformed"
        step.note = "its reason \(reason ?? "?") is computed: written as actionPerformed"
      }
    case .resetDatastore:
      if mode != .reaction(launching: true) {
        step.note = "Tips.resetDatastore() after Tips.configure throws in the app (rule 34)"
      } else {
        step.command = "reset"
      }
    case .testingOverride:
      step.note = "a testing override (add `testing …` to a scenario to simulate it)"
    default:
      return []
    }
    if let notRun {
      step.command = nil
      step.input = nil
      step.note = notRun
    }
    return [step]
  }

  /// The Swift a site stands for, in a comment.
  func swiftText(_ site: Site) -> String {
    switch site.kind {
    case .donate(let event, let call, let argument, _): "\(event).\(call.dropLast(2))(\(argument ?? ""))"
    case .parameterWrite(let target, let op, let value): "\(target) \(op) \(value.text)"
    case .toggle(let target): "\(target).toggle()"
    case .invalidate(_, let tip, let reason): "\(tip).invalidate(reason: .\(reason ?? "?"))"
    case .resetDatastore: "Tips.resetDatastore()"
    case .testingOverride(let call): call
    default: ""
    }
  }

  // MARK: Donations

  /// `donate EVENT field=value`: each field the call gives as a literal; the others are
  /// computed from app state: in an action, an input each (`field=INPUT`), else said.
  private func donation(of event: Int, argument: String?, fields: [Site.DonatedField]?, inputs: Bool) -> (
    String?, String?, (name: String, type: String)?
  ) {
    var command = "donate \(events[event].name)"
    guard let argument, !argument.isEmpty else { return (command, nil, nil) }
    guard let fields else { return (command, "its info \(argument) is computed from app state: donated without its fields", nil) }
    var computed: [String] = []
    var input: (name: String, type: String)?
    for field in fields {
      let name = contractName(field.label)
      if let literal = field.literal, literal != "nil", events[event].fields.contains(name) {
        command += " \(name)=\(literal)"
      } else if inputs || readsField(event: events[event].name, field: name), input == nil, events[event].fields.contains(name) {
        // In code that runs by itself, only a field a rule groups or filters by: the
        // donation then moves to the trigger's values action; one that no rule reads is
        // donated without it, and still counts.
        command += " \(name)=\(name)"
        input = (name, fieldType(of: event, field: field.label))
      } else {
        computed.append("\(field.label) = \(field.text)")
      }
    }
    let note =
      computed.isEmpty
      ? input.map { "\($0.name) is computed: the value is an input" }
      : "not given, computed from app state: \(computed.joined(separator: ", "))"
    return (command, note, input)
  }

  /// Whether a rule groups or filters the event's donations by the field.
  private func readsField(event: String, field: String) -> Bool {
    tips.flatMap(\.rules).compactMap(\.expression).contains { rule in
      rule.aggregates.contains { aggregate in
        guard aggregate.event == event else { return false }
        switch aggregate.kind {
        case .largestSubset(let by), .smallestSubset(let by): if by == field { return true }
        case .count: break
        }
        return aggregate.filter.map { "\($0)".contains(field) } ?? false
      }
    }
  }

  /// The language's type of a donation field, from its info type's declaration (`String`
  /// when the code read does not say).
  private func fieldType(of event: Int, field: String) -> String {
    for declaration in events[event].declarations {
      for site in types[declaration.type].fragment.events where site.member == declaration.member {
        guard let info = site.infoType, let type = resolveType(info, from: types[declaration.type].path, file: declaration.position.file),
          let declared = types[type].fragment.propertyTypes[field]
        else { continue }
        switch declared {
        case "Int", "Bool", "Double", "String": return declared
        case "Float", "CGFloat": return "Double"
        default: return "String"
        }
      }
    }
    return "String"
  }

  // MARK: Parameter writes

  /// What a parameter write becomes: `set P VALUE`, `set P += 1`, `set P Q + 1 atMost 99`,
  /// `set P not Q`; or a note when its value is computed from app state.
  private func write(_ parameter: Int, op: String, value expression: SwiftExpr, text value: String, at index: Int) -> (String?, String?) {
    let name = parameters[parameter].name
    let type = scenarioType(of: parameter)
    let computed = "a value computed from app state (\(value))"
    switch op {
    case "+=", "-=":
      guard type.isNumber, let number = AppModel.number(expression), type == "Double" || !number.contains(".") else {
        return (nil, computed)
      }
      return ("set \(name) \(op) \(number)", nil)
    case "=":
      guard let form = valueForm(expression, at: index, depth: 0) else { return (nil, computed) }
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

  /// What a value written at site `index` is: a literal; a parameter, negated, plus or minus
  /// a number, capped by `min`/`max`; through the routine's locals (`let next = …`).
  func valueForm(_ value: SwiftExpr, at index: Int, depth: Int) -> ValueForm? {
    guard depth < 4 else { return nil }
    let next = depth + 1
    switch value {
    case .literal(let literal): return .literal(literal)
    // `(x)`: parentheses (an array of one, which no parameter's value is, reads alike).
    case .collection(let elements) where elements.count == 1: return valueForm(elements[0], at: index, depth: next)
    case .name, .member:
      if case .name(let name) = value, let routine = siteRoutines[index], let local = routines[routine].routine.locals[name] {
        return valueForm(local, at: index, depth: next)
      }
      guard let chain = value.chain else { return nil }
      return parameterIndex(named: chain.joined(separator: "."), in: sites[index].site).map {
        .update(source: $0, negates: false, offset: nil, atMost: nil, atLeast: nil)
      }
    case .prefix("!", let operand):
      guard case .update(let source, false, nil, nil, nil)? = valueForm(operand, at: index, depth: next) else { return nil }
      return .update(source: source, negates: true, offset: nil, atMost: nil, atLeast: nil)
    case .infix(let left, let op, let right) where op == "+" || op == "-":
      if let number = AppModel.number(right), case .update(let source, false, nil, nil, nil)? = valueForm(left, at: index, depth: next) {
        return .update(source: source, negates: false, offset: op == "-" ? "-" + number : number, atMost: nil, atLeast: nil)
      }
      if op == "+", let number = AppModel.number(left),
        case .update(let source, false, nil, nil, nil)? = valueForm(right, at: index, depth: next)
      {
        return .update(source: source, negates: false, offset: number, atMost: nil, atLeast: nil)
      }
      return nil
    // `min(X.p + 1, 99)`, `max(0, X.p - 1)`: a cap.
    case .call(.name(let name), let arguments) where (name == "min" || name == "max") && arguments.count == 2:
      let (numberAt, other) = AppModel.number(arguments[1].value) != nil ? (1, 0) : (0, 1)
      guard let cap = AppModel.number(arguments[numberAt].value),
        case .update(let source, false, let offset, let atMost, let atLeast)? = valueForm(arguments[other].value, at: index, depth: next)
      else { return nil }
      return name == "min"
        ? .update(source: source, negates: false, offset: offset, atMost: cap, atLeast: atLeast)
        : .update(source: source, negates: false, offset: offset, atMost: atMost, atLeast: cap)
    default: return nil
    }
  }

  /// A number literal's text (`1`, `-2`, `0.5`), or nil.
  static func number(_ value: SwiftExpr) -> String? {
    guard case .literal(let literal) = value, let first = literal.first, first.isNumber || first == "-" else { return nil }
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
