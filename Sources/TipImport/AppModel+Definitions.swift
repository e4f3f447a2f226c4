import ScenarioLanguage
import SwiftParser
import SwiftSyntax
import TipEngine

/// Parameters, events and tips, with their rules and options, named by the contract.
extension AppModel {
  // MARK: Parameters

  mutating func readParameters() {
    // TipKit keys a parameter by its type's name and its property: two types of one name (an
    // iOS and a macOS folder) declare one parameter.
    var owners: [String: Set<String>] = [:]
    for type in types {
      for parameter in type.fragment.parameters { owners[parameter.name, default: []].insert(type.underscoredName) }
    }
    var byKey: [String: Int] = [:]
    for (index, type) in types.enumerated() {
      for site in type.fragment.parameters {
        let key = type.underscoredName + "." + site.name
        if let existing = byKey[key] {
          parameterByMember[AppModel.memberKey(index, site.name)] = existing
          parameters[existing].comments.append(
            "also declared at \(site.position.fileLine) by a type of the same name: one parameter (TipKit keys it by type and property)")
          continue
        }
        let shared = (owners[site.name]?.count ?? 0) > 1
        var parameter = ImportedParameter(
          name: contractName(shared ? type.underscoredName + "_" + site.name : site.name), type: index, member: site.name, value: "false",
          transient: site.transient, position: site.position)
        let (value, declared, note) = AppModel.parameterValue(type: site.typeName, initializer: site.initializer)
        parameter.value = value
        parameter.declaredType = declared
        parameter.comments.append("@Parameter \(type.qualifiedName).\(site.name) at \(site.position.fileLine)")
        if let note { parameter.comments.append(note) }
        if !site.conditions.isEmpty { parameter.comments.append("declared under #if \(site.conditions.joined(separator: ", "))") }
        if shared {
          parameter.comments.append("named after its type: \(owners[site.name]?.count ?? 0) types declare a parameter \(site.name)")
        }
        byKey[key] = parameters.count
        parameterByMember[AppModel.memberKey(index, site.name)] = parameters.count
        parameters.append(parameter)
      }
    }
  }

  /// The scenario literal of a parameter's default, the type to declare (`String?` for an
  /// optional, nil when the literal says it), and a note when it had to be guessed.
  static func parameterValue(type: String?, initializer: String?) -> (value: String, declared: String?, note: String?) {
    var type = type.map { $0.hasPrefix("Swift.") ? String($0.dropFirst(6)) : $0 }
    // `String?` and `Optional<String>`: an optional (rule 13).
    var optional = false
    if let text = type, text.hasSuffix("?") || text.hasPrefix("Optional<") {
      optional = true
      type = text.hasSuffix("?") ? String(text.dropLast()) : String(text.dropFirst(9).dropLast())
    }
    let defaults = ["Bool": "false", "Int": "0", "Double": "0.0", "Float": "0.0", "CGFloat": "0.0", "String": "\"\""]
    let scenarioTypes = ["Bool": "Bool", "Int": "Int", "Double": "Double", "Float": "Double", "CGFloat": "Double", "String": "String"]
    if optional {
      // An optional of another type (a date, an enum) reads as a `String?`: its rules compare it with nil.
      let declared = (type.flatMap { scenarioTypes[$0] } ?? "String") + "?"
      let note =
        type.flatMap { scenarioTypes[$0] } == nil ? "its type \(type ?? "?")? is not Bool, Int, Double or String: a String? stands in" : nil
      guard let initializer, initializer != "nil" else { return ("nil", declared, note) }
      let parsed = AppModel.expression(initializer)
      if let literal = RuleTranslator.literal(parsed), note == nil || parsed.is(MemberAccessExprSyntax.self) {
        return (
          declared == "Double?" && !literal.contains(".") && literal.first?.isNumber == true ? literal + ".0" : literal, declared, note
        )
      }
      return ("nil", declared, "its default \(initializer) is computed: nil stands in")
    }
    if let initializer {
      let parsed = AppModel.expression(initializer)
      if let literal = RuleTranslator.literal(parsed) {
        if parsed.is(MemberAccessExprSyntax.self) {
          return (literal, nil, "\(type ?? "its type") is not Bool, Int, Double or String: its cases read as strings")
        }
        if type == "Double" || type == "Float" || type == "CGFloat", !literal.contains("."), literal.first?.isNumber == true {
          return (literal + ".0", nil, nil)
        }
        return (literal, nil, nil)
      }
    }
    if let type, let value = defaults[type] {
      return (value, nil, initializer.map { "its default \($0) is computed: \(value) stands in" })
    }
    return ("false", nil, "its type \(type ?? "?") and default \(initializer ?? "?") are not read: false stands in")
  }

  func parameterIndex(type: Int, member: String) -> Int? {
    parameterByMember[AppModel.memberKey(type, member)]
  }

  // MARK: Events

  /// Every TipKit event: declared in a tip type, spelt `Tips.Event`, or read by a `#Rule`.
  mutating func readEvents() {
    var readByRules: Set<String> = []
    // Only an event outside tip types, not spelt `Tips.Event`, needs the rules' arguments.
    let undecided = types.contains { !$0.isTip && $0.fragment.events.contains { !$0.spelledTips } }
    for type in types where type.isTip && undecided {
      for rule in type.fragment.rules {
        for text in rule.subjects {
          if let (owner, member) = resolveMember(text, from: type.path, file: type.position.file) {
            readByRules.insert("\(owner).\(member)")
          }
        }
      }
    }
    var byID: [String: Int] = [:]
    for (index, type) in types.enumerated() {
      for site in type.fragment.events where type.isTip || site.spelledTips || readByRules.contains("\(index).\(site.member)") {
        let id = resolveID(site.id, from: type.path, file: type.position.file)
        if let id, let existing = byID[id] {
          events[existing].declarations.append((index, site.member, site.position))
          eventByMember[AppModel.memberKey(index, site.member)] = existing
          events[existing].comments.append(
            "also declared as \(type.qualifiedName).\(site.member) at \(site.position.fileLine): one event (rule 14)")
          continue
        }
        var event = ImportedEvent(
          name: uniqueEventName(id.map(contractName) ?? contractName(site.member)), id: id, fields: [],
          declarations: [(index, site.member, site.position)])
        event.comments.append("Event \(type.qualifiedName).\(site.member) at \(site.position.fileLine)")
        if id == nil, case .computed(let expression) = site.id {
          event.comments.append("its id is computed at run time (\(expression)): named after the property")
        }
        if !site.conditions.isEmpty { event.comments.append("declared under #if \(site.conditions.joined(separator: ", "))") }
        if let limit = site.limit { readLimit(limit, into: &event, at: site.position) }
        if let info = site.infoType, let infoType = resolveType(info, from: type.path, file: type.position.file) {
          event.fields = types[infoType].fragment.storedFields.map(contractName)
        } else if let info = site.infoType {
          event.comments.append("its donation info \(info) is not among the files read: fields come from the rules")
        }
        if let id { byID[id] = events.count }
        eventByMember[AppModel.memberKey(index, site.member)] = events.count
        eventNames.insert(event.name)
        events.append(event)
      }
    }
  }

  /// `donationLimit: .init(maximumCount: 100, maximumAge: .days(30))` → `limit 100 maxAge 30d`
  /// (rule 18); what is not a literal stays a comment.
  mutating func readLimit(_ limit: EventLimit, into event: inout ImportedEvent, at position: SwiftPosition) {
    var words: [String] = []
    var read = true
    if let count = limit.maximumCount {
      if let number = AppModel.expression(count).as(IntegerLiteralExprSyntax.self).flatMap({
        Int($0.literal.text.replacingOccurrences(of: "_", with: ""))
      }),
        number >= 1
      {
        words.append("limit \(number)")
      } else {
        read = false
      }
    }
    if let age = limit.maximumAge, age != "nil" {
      if let window = RuleTranslator.window(AppModel.expression(age)) { words.append("maxAge \(window)") } else { read = false }
    }
    if limit.maximumCount == nil && limit.maximumAge == nil { read = false }
    event.limit = words.isEmpty ? nil : words.joined(separator: " ")
    event.comments.append(
      "donationLimit: \(ScenarioText.comment(limit.text))\(read ? "" : " (not all of it is a literal: what is not stays as TipKit's default)")"
    )
    if !read { untranslated.append(Note(position: position, text: "donationLimit \(ScenarioText.comment(limit.text)) not fully read")) }
  }

  func uniqueEventName(_ name: String) -> String { AppModel.unique(name) { eventNames.contains($0) } }

  /// `name`, or `name_2`, `name_3`… for the first that is not `taken`.
  static func unique(_ name: String, taken: (String) -> Bool) -> String {
    var candidate = name
    var number = 2
    while taken(candidate) {
      candidate = "\(name)_\(number)"
      number += 1
    }
    return candidate
  }

  /// An id's string: a literal, or a string constant declared in the sources read.
  func resolveID(_ source: IDSource, from context: [String], file: String) -> String? {
    switch source {
    case .literal(let text): return text
    case .computed: return nil
    case .constant(let type, let name):
      if let type {
        guard let owner = resolveType(type, from: context, file: file) else { return nil }
        return types[owner].fragment.constants[name]
      }
      var scope = context
      while !scope.isEmpty {
        if let owner = resolveType(scope.joined(separator: "."), from: nil, file: file), let value = types[owner].fragment.constants[name] {
          return value
        }
        scope.removeLast()
      }
      return firstConstant[name]
    }
  }

  func eventIndex(type: Int, member: String) -> Int? {
    eventByMember[AppModel.memberKey(type, member)]
  }

  // MARK: Tips

  mutating func readTips() {
    let tipTypes = types.indices.filter { types[$0].isTip }
    var byName: [String: [Int]] = [:]
    for index in tipTypes { byName[types[index].underscoredName, default: []].append(index) }
    for index in tipTypes {
      let type = types[index]
      let sameName = byName[type.underscoredName] ?? []
      let ids = sameName.map { tipID(of: $0) ?? types[$0].qualifiedName }
      var name = contractName(type.underscoredName)
      if sameName.count > 1 {
        if Set(ids).count == 1 {
          guard sameName.first == index else {
            if let firstType = sameName.first, let first = tipByType[firstType] {
              tips[first].types.append(index)
              tipByType[index] = first
              tips[first].comments.append("also declared at \(type.position.fileLine) with the same id: one tip (rule 1)")
            }
            continue
          }
        } else {
          name = contractName(type.folder + "_" + type.underscoredName)
        }
      }
      var tip = ImportedTip(name: name, types: [index], title: type.fragment.title ?? name, position: type.position)
      tip.comments.append("\(type.qualifiedName) at \(type.position.fileLine)")
      if !type.conditions.isEmpty { tip.comments.append("declared under #if \(type.conditions.joined(separator: ", "))") }
      if let source = type.fragment.id {
        if let id = resolveID(source, from: type.path, file: type.position.file) {
          tip.id = id
        } else if case .computed(let expression) = source {
          tip.comments.append("its id is computed at run time (\(expression)): the tip's name stands in")
        } else {
          tip.comments.append("its id names a constant not among the files read: the tip's name stands in")
        }
      }
      if type.fragment.title == nil {
        tip.comments.append(
          type.fragment.textFromInstance
            ? "its title is read from the instance: the name stands in" : "no Text(\"…\") title: the name stands in")
      }
      tip.message = type.fragment.message
      tip.image = type.fragment.image
      for note in type.fragment.notes { tip.comments.append("\(note.text) (\(note.position.fileLine))") }
      for note in type.fragment.textChoices {
        tip.comments.append("\(note.text) (\(note.position.fileLine))")
        untranslated.append(note)
      }
      readOptions(type.fragment.options, into: &tip)
      for action in type.fragment.actions {
        tip.actions.append((action.id.map(contractName), action.title ?? action.id ?? "Action"))
      }
      tipByType[index] = tips.count
      tips.append(tip)
    }
    readRules()
  }

  /// Every tip's `#Rule`s, translated as their files were scanned, with their arguments
  /// named; the events learn which fields the rules read.
  mutating func readRules() {
    for tip in tips.indices {
      let type = types[tips[tip].types[0]]
      for site in type.fragment.rules {
        var result: Result<String, RuleTranslator.Untranslated>
        switch site.translation {
        case .failure(let why): result = .failure(why)
        case .success(let translated):
          var names: [String] = []
          var events: [Int: Int] = [:]
          for (position, text) in site.subjects.enumerated() {
            switch subject(text, from: type.path, file: type.position.file) {
            case .parameter(let name)?: names.append(name)
            case .event(let name, let event)?:
              names.append(name)
              events[position] = event
            case nil: names.append("")
            }
          }
          if let missing = names.firstIndex(of: "") {
            result = .failure(RuleTranslator.Untranslated(reason: "\(site.subjects[missing]) is not a parameter or event read here"))
          } else if let wrong = translated.eventsRead.first(where: { events[$0] == nil }) {
            result = .failure(RuleTranslator.Untranslated(reason: "\(site.subjects[wrong]) is not an event read here"))
          } else {
            result = .success(translated.text(naming: names))
            for (position, fields) in translated.fieldsRead.sorted(by: { $0.key < $1.key }) {
              guard let event = events[position] else { continue }
              for field in fields where !self.events[event].fields.contains(field) { self.events[event].fields.append(field) }
            }
            for position in translated.eventsRead { if let event = events[position] { self.events[event].isRead = true } }
          }
        }
        tips[tip].rules.append(ImportedRule(position: site.position, swift: site.text, result: result))
      }
    }
    // Each rule as the language reads it, once every event has the fields rules read.
    // Rules are checked on every core: each alone, and parsing them was most of this step.
    let checker = RuleChecker(parameters: parameters, events: events)
    var translated: [(tip: Int, rule: Int, text: String)] = []
    for tip in tips.indices {
      for rule in tips[tip].rules.indices {
        if case .success(let text) = tips[tip].rules[rule].result { translated.append((tip, rule, text)) }
      }
    }
    for (index, checked) in checker.checkEach(translated.map(\.text)).enumerated() {
      let (tip, rule, text) = translated[index]
      switch checked {
      case .success(let expression): tips[tip].rules[rule].expression = expression
      case .failure(let refusal):
        tips[tip].rules[rule].result = .failure(
          RuleTranslator.Untranslated(reason: "the language refuses `\(text)` (\(refusal.message))"))
      }
    }
  }

  /// The tip's id string, for comparing two types of one name: literal or constant.
  func tipID(of type: Int) -> String? {
    types[type].fragment.id.flatMap { resolveID($0, from: types[type].path, file: types[type].position.file) }
  }

  /// A `#Rule` argument resolved: a parameter's name, or an event's name and index.
  enum NamedSubject {
    case parameter(String)
    case event(name: String, index: Int)
  }

  /// What a `#Rule` argument of the type at `path` names.
  func subject(_ argument: String, from path: [String], file: String) -> NamedSubject? {
    var text = argument
    let isParameter = text.contains("$")
    text.removeAll { $0 == "$" }
    guard let (type, member) = resolveMember(text, from: path, file: file) else { return nil }
    if isParameter {
      return parameterIndex(type: type, member: member).map { .parameter(parameters[$0].name) }
    }
    return eventIndex(type: type, member: member).map { .event(name: events[$0].name, index: $0) }
  }

  mutating func readOptions(_ options: [OptionSite], into tip: inout ImportedTip) {
    for option in options {
      if let known = TipOption.all.first(where: { $0.swiftName == option.name }),
        let value = AppModel.optionValue(option.argument.map(AppModel.expression), kind: known.kind)
      {
        known.write(&tip.options, value)
        continue
      }
      tip.comments.append("option not translated: \(ScenarioText.comment(option.text)) (\(option.position.fileLine))")
      untranslated.append(Note(position: option.position, text: "option \(option.name) not translated"))
    }
  }

  /// An option's argument as the language's value: a count of at least 1, a literal `true`
  /// or `false`, a duration of at least a second (rounded); nil when it is none of these.
  static func optionValue(_ argument: ExprSyntax?, kind: TipOption.Kind) -> TipOption.Value? {
    guard let argument else { return nil }
    switch kind {
    case .count:
      guard let count = argument.as(IntegerLiteralExprSyntax.self).flatMap({ Int($0.literal.text) }), count >= 1 else { return nil }
      return .count(count)
    case .flag:
      return argument.as(BooleanLiteralExprSyntax.self).map { .flag($0.literal.text == "true") }
    case .duration:
      // Past a hundred years a duration is not a limit anyone meant.
      guard let seconds = AppModel.seconds(argument), seconds > 0, seconds < 3.2e9 else { return nil }
      return .duration(.seconds(max(1, Int64(seconds.rounded()))))
    }
  }

  /// A `TimeInterval` written as a literal or a product of literals (`5 * 60`).
  static func seconds(_ expression: ExprSyntax) -> Double? {
    if let integer = expression.as(IntegerLiteralExprSyntax.self) {
      return Double(integer.literal.text.replacingOccurrences(of: "_", with: ""))
    }
    if let float = expression.as(FloatLiteralExprSyntax.self) { return Double(float.literal.text.replacingOccurrences(of: "_", with: "")) }
    if let sequence = expression.as(SequenceExprSyntax.self) {
      let elements = Array(sequence.elements)
      guard elements.count % 2 == 1, var product = seconds(elements[0]) else { return nil }
      for index in stride(from: 1, to: elements.count, by: 2) {
        guard elements[index].as(BinaryOperatorExprSyntax.self)?.operator.text == "*", let factor = seconds(elements[index + 1]) else {
          return nil
        }
        product *= factor
      }
      return product
    }
    return nil
  }

  /// Text the scanner kept, parsed again as an expression; a plain number or word (most
  /// option arguments and defaults) is built without a parser.
  static func expression(_ text: String) -> ExprSyntax {
    if !text.isEmpty, text.allSatisfy(\.isNumber) { return ExprSyntax(IntegerLiteralExprSyntax(literal: .integerLiteral(text))) }
    if text == "true" || text == "false" {
      return ExprSyntax(BooleanLiteralExprSyntax(literal: text == "true" ? .keyword(.true) : .keyword(.false)))
    }
    var parser = Parser(text)
    return ExprSyntax.parse(from: &parser)
  }
}
