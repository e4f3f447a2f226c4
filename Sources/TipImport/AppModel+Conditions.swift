import Foundation
import Simulation

/// An app condition the import names: state of the app's own that its code tests and the
/// importer cannot decide (`if onboardingDone`, `if !queue.isEmpty`, a `switch` on app state),
/// with its value on a fresh install.
struct ImportedCondition {
  var name: String
  /// Nil: the code read does not tell (the audit tries it both ways).
  var initial: Bool?
  /// The Swift tested, for comments and assumptions.
  var swift: String
  var position: SwiftPosition
  /// Why it starts as it does.
  var why: String

  /// Its `condition` line.
  var definition: String { "condition \(name) = \(initial.map { $0 ? "true" : "false" } ?? "unknown")" }
}

/// What the importer makes of a condition around code.
enum DecidedCondition {
  /// Always true, or always false (a literal, a `static let` constant of the code read).
  case always(Bool)
  /// Tests of app conditions, all of which must hold.
  case tests([ConditionTest])
}

extension AppModel {
  /// What a condition around code is: decided, or tests of named app conditions (defined as
  /// they are first met). Nil for those the simulation decides itself (`#available`) or that
  /// are part of displaying a tip.
  mutating func decide(_ condition: CodeCondition, type: [String]?, at position: SwiftPosition) -> DecidedCondition? {
    switch condition.kind {
    case .available, .unavailable, .inherent, .tipInvalidated: return nil
    case .decided(let value): return .always(value)
    case .holds: return decide(text: condition.text, type: type, at: position)
    case .otherwise: return negated(decide(text: condition.text, type: type, at: position), of: condition.text, at: position)
    case .loop:
      // A loop's body runs when its sequence has an element (`for x in items` → not
      // items.isEmpty); a `while` when its condition holds.
      if condition.text.hasPrefix("for "), let range = condition.text.range(of: " in ") {
        let sequence = String(condition.text[range.upperBound...])
        return negated(decide(text: sequence + ".isEmpty", type: type, at: position), of: sequence + ".isEmpty", at: position)
      }
      return decide(text: String(condition.text.dropFirst(condition.text.hasPrefix("while ") ? 6 : 0)), type: type, at: position)
    }
  }

  /// `a, b` and `a && b`: each part (unless `whole`: one condition for all of it); `!a`: a,
  /// negated; a literal or a `static let` constant: decided; anything else: an app condition
  /// named after what it tests.
  mutating func decide(text: String, type: [String]?, at position: SwiftPosition, whole: Bool = false) -> DecidedCondition {
    let parts = whole ? [AppModel.stripped(text)] : AppModel.conjuncts(AppModel.stripped(text))
    if parts.count > 1 {
      var tests: [ConditionTest] = []
      for part in parts {
        switch decide(text: part, type: type, at: position) {
        case .always(false): return .always(false)
        case .always(true): continue
        case .tests(let more): tests += more
        }
      }
      return tests.isEmpty ? .always(true) : .tests(tests)
    }
    var body = AppModel.stripped(text)
    var negates = false
    while body.hasPrefix("!") {
      negates.toggle()
      body = AppModel.stripped(String(body.dropFirst()))
    }
    // `!(a && b)`: the whole of `a && b`, negated.
    if negates, AppModel.conjuncts(body).count > 1 {
      return negated(decide(text: body, type: type, at: position), of: body, at: position)
    }
    if body.hasPrefix("self.") { body.removeFirst(5) }
    // `let user = session.user`: that it is not nil.
    if body.hasPrefix("let ") || body.hasPrefix("var "), let equals = body.firstIndex(of: "=") {
      body = body[body.index(after: equals)...].trimmingCharacters(in: .whitespaces) + " != nil"
    }
    if body == "true" || body == "false" { return .always((body == "true") != negates) }
    if let constant = boolConstant(body, type: type, file: position.file) { return .always(constant != negates) }
    let condition = namedCondition(body, type: type, at: position)
    return .tests([ConditionTest(condition, negated: negates)])
  }

  /// `decided`, which `text` gave, negated.
  private mutating func negated(_ decided: DecidedCondition, of text: String, at position: SwiftPosition) -> DecidedCondition {
    switch decided {
    case .always(let value): return .always(!value)
    case .tests(let tests) where tests.count == 1: return .tests([ConditionTest(tests[0].name, negated: !tests[0].negated)])
    case .tests(let tests): return .tests([ConditionTest(negation(of: tests, text: text, at: position))])
    }
  }

  /// `!(a && b)` is no test the language writes (its tests are joined by `and`): an app
  /// condition of its own, defined from its parts. The import writes no app condition, so its
  /// fresh-install value is theirs for good: false when all hold, true when one does not.
  private mutating func negation(of tests: [ConditionTest], text: String, at position: SwiftPosition) -> String {
    var name = "not_" + tests.map { ($0.negated ? "not_" : "") + $0.name }.joined(separator: "_and_")
    if parameters.contains(where: { $0.name == name }) { name += "_condition" }
    guard !conditions.contains(where: { $0.name == name }) else { return name }
    let values = tests.map { test in conditions.first { $0.name == test.name }?.initial.map(test.holds(whenItIs:)) }
    let initial: Bool? = values.contains(false) ? true : values.allSatisfy { $0 == true } ? false : nil
    let starts = zip(tests, values).map { test, value in "\(test) is \(value.map(String.init) ?? "unknown")" }
    let why = "true unless all of \(tests.map(\.description).joined(separator: ", ")) hold; on a fresh install " + starts.joined(separator: ", ")
    conditions.append(ImportedCondition(name: name, initial: initial, swift: "!(\(AppModel.stripped(text)))", position: position, why: why))
    return name
  }

  /// The name of the app condition `body` tests, defining it the first time.
  private mutating func namedCondition(_ body: String, type: [String]?, at position: SwiftPosition) -> String {
    var name: String
    var initial: Bool?
    var why: String
    if let (key, value) = storedSetting(body, type: type, file: position.file) {
      name = AppModel.conditionName(key)
      initial = value.flatMap { $0 == "true" ? true : $0 == "false" ? false : nil }
      why =
        initial == nil
        ? "@AppStorage(\"\(key)\"), whose value the code read does not give" : "@AppStorage(\"\(key)\") starts \(value ?? "")"
    } else if let (declared, value) = initialBool(body, type: type, file: position.file) {
      name = (type.map { screenName(type: $0, file: position.file) + "_" } ?? "") + AppModel.conditionName(body)
      initial = value
      why = "\(declared) starts \(value)"
    } else if body.hasSuffix(".isEmpty"), let declared = startsEmpty(String(body.dropLast(8)), type: type, file: position.file) {
      name = (type.map { screenName(type: $0, file: position.file) + "_" } ?? "") + AppModel.conditionName(body)
      initial = true
      why = "\(declared) starts empty"
    } else if let key = AppModel.defaultsKey(body) ?? defaultsKey(returnedBy: body, type: type, file: position.file) {
      name = AppModel.conditionName(key)
      initial = false
      why = "UserDefaults has no value for \"\(key)\" on a fresh install"
    } else {
      let owner = type.map { screenName(type: $0, file: position.file) }
      // A name the code qualifies by a type (`Store.shared.isPro`) is the app's everywhere;
      // an instance's (`items.isEmpty`) is its type's.
      let qualified = body.first?.isUppercase == true
      name = (qualified ? "" : owner.map { $0 + "_" } ?? "") + AppModel.conditionName(body)
      let lower = body.lowercased()
      if AppModel.offForUsers.contains(where: lower.contains) {
        initial = false
        why = "a launch argument, test or demo mode, off in the app its users run"
      } else {
        why = "the code read does not tell its value on a fresh install"
      }
    }
    if parameters.contains(where: { $0.name == name }) { name += "_condition" }
    if !conditions.contains(where: { $0.name == name }) {
      conditions.append(ImportedCondition(name: name, initial: initial, swift: body, position: position, why: why))
    }
    return name
  }

  /// The app condition of a display that the code shows only after something it does not
  /// decide (a button's action presents a sheet whose content shows the tip): false on a
  /// fresh install.
  mutating func condition(shownAfter deferral: Deferral, on screen: String) -> ConditionTest {
    var name = screen + "_" + AppModel.conditionName(deferral.name)
    if parameters.contains(where: { $0.name == name }) { name += "_condition" }
    if !conditions.contains(where: { $0.name == name }) {
      conditions.append(
        ImportedCondition(
          name: name, initial: false, swift: deferral.words, position: deferral.position, why: "it has not happened on a fresh install"))
    }
    return ConditionTest(name)
  }

  /// What the app tests that its users never have on: launch arguments, test, demo and
  /// screenshot modes.
  static let offForUsers = [
    "screenshot", "snapshot", "demo", "uitest", "ui_test", "ui-test", "isrunningtests", "xctest", "fastlane", "launchargument",
    "processinfo", "commandline.arguments", "preview",
  ]

  /// The key a small function of the app's reads and returns (`static func started() -> Bool
  /// { UserDefaults.standard.bool(forKey: key) }`, called as `Onboarding.started()`), its
  /// key a literal or a string constant of the code read.
  private func defaultsKey(returnedBy text: String, type: [String]?, file: String) -> String? {
    guard text.hasSuffix("()"), let name = text.dropLast(2).split(separator: ".").last.map(String.init),
      let candidates = routinesByName[name]
    else { return nil }
    let owner = text.dropLast(2).split(separator: ".").dropLast().joined(separator: ".")
    let ownerType = owner.isEmpty ? nil : resolveType(owner, from: type, file: file).map { types[$0].path }
    let routine = candidates.first { ownerType == nil || routines[$0].routine.type == ownerType }
    guard case .call(.member(.member(.name("UserDefaults")?, "standard")?, "bool"), let arguments)? = routine.flatMap({
      routines[$0].routine.returns
    }),
      let key = arguments.first(where: { $0.label == "forKey" })?.value
    else { return nil }
    switch key {
    case .literal(let quoted) where quoted.hasPrefix("\""): return String(quoted.dropFirst().dropLast())
    default: return key.chain?.last.flatMap { firstConstant[$0] }
    }
  }

  /// `key` of `UserDefaults.standard.bool(forKey: "key")`.
  static func defaultsKey(_ text: String) -> String? {
    guard text.hasPrefix("UserDefaults."), text.contains(".bool(forKey:"), let open = text.firstIndex(of: "\""),
      let close = text.lastIndex(of: "\""), open < close
    else { return nil }
    return String(text[text.index(after: open)..<close])
  }

  /// The `@AppStorage` key and initial value of a property the text names (`onboardingDone`,
  /// `Settings.onboardingDone`).
  private func storedSetting(_ text: String, type: [String]?, file: String) -> (String, String?)? {
    guard text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }),
      let (owner, member) = resolveMember(text, from: type, file: file), let setting = types[owner].fragment.storage[member]
    else { return nil }
    return (setting.key, setting.initial)
  }

  /// The owner and the value of an instance's `Bool` property the text names, which it
  /// declares with a literal (`@State private var showsList = false`).
  private func initialBool(_ text: String, type: [String]?, file: String) -> (String, Bool)? {
    guard text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), let (owner, member) = resolveMember(text, from: type, file: file),
      let value = types[owner].fragment.boolInitials[member]
    else { return nil }
    return ("\(types[owner].path.joined(separator: ".")).\(member)", value)
  }

  /// The owner and name of an instance's property the text names that it declares empty
  /// (`@State private var queue: [Item] = []`).
  private func startsEmpty(_ text: String, type: [String]?, file: String) -> String? {
    guard text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), let (owner, member) = resolveMember(text, from: type, file: file),
      types[owner].fragment.emptyInitials.contains(member)
    else { return nil }
    return "\(types[owner].path.joined(separator: ".")).\(member)"
  }

  /// The value of a `static let` Bool constant the text names (`Build.isBeta`, `isBeta`).
  private func boolConstant(_ text: String, type: [String]?, file: String) -> Bool? {
    guard text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }),
      let (owner, member) = resolveMember(text, from: type, file: file)
    else { return nil }
    return types[owner].fragment.boolConstants[member]
  }

  /// A condition's name from what it tests: `queue.isEmpty` → `queue_isEmpty`, `count > 0`
  /// → `count_gt_0`; operators are words, so two tests never share a name.
  static func conditionName(_ text: String) -> String {
    // One pass (a large app names a condition or an action per closure): two-character
    // operators first, then one-character ones, anything else not a name's becomes `_`.
    // A plain name (ASCII, no `_` to fold) is its own condition name.
    if !text.isEmpty, text.utf8.allSatisfy({ isNameByte($0) && $0 != UInt8(ascii: "_") }) { return contractName(text) }
    let characters = Array(text)
    var name = ""
    func append(_ piece: String) {
      for character in piece {
        if character == "_" && (name.isEmpty || name.last == "_") { continue }
        name.append(character)
      }
    }
    var index = 0
    while index < characters.count {
      let character = characters[index]
      let pair = index + 1 < characters.count ? String([character, characters[index + 1]]) : ""
      if let word = AppModel.operatorWords[pair] {
        append(word)
        index += 2
        continue
      }
      if let word = AppModel.operatorWords[String(character)] {
        append(word)
      } else if character.isLetter || character.isNumber || character == "_" {
        append(String(character))
      } else {
        append("_")
      }
      index += 1
    }
    while name.hasSuffix("_") { name.removeLast() }
    return contractName(name)
  }

  /// The words operators become in a condition's name.
  private static let operatorWords: [String: String] = [
    "==": "_eq_", "!=": "_ne_", ">=": "_ge_", "<=": "_le_", "&&": "_and_", "||": "_or_", ">": "_gt_", "<": "_lt_", "!": "not_",
  ]

  /// The text without the parentheses around all of it.
  static func stripped(_ text: String) -> String {
    var body = text.trimmingCharacters(in: .whitespacesAndNewlines)
    while body.hasPrefix("("), body.hasSuffix(")"), AppModel.closes(body, at: body.index(before: body.endIndex)) {
      body = String(body.dropFirst().dropLast()).trimmingCharacters(in: .whitespacesAndNewlines)
    }
    return body
  }

  /// Whether the `)` at `end` closes the `(` at the start.
  private static func closes(_ text: String, at end: String.Index) -> Bool {
    var depth = 0
    for index in text.indices {
      if text[index] == "(" { depth += 1 }
      if text[index] == ")" {
        depth -= 1
        if depth == 0 { return index == end }
      }
    }
    return false
  }

  /// `a, b` and `a && b` split at the top level (not inside brackets or a string).
  static func conjuncts(_ text: String) -> [String] {
    var parts: [String] = []
    var current = ""
    var depth = 0
    var quoted = false
    var characters = Array(text)[...]
    while let character = characters.popFirst() {
      if character == "\"" { quoted.toggle() }
      if !quoted {
        if "([{".contains(character) { depth += 1 }
        if ")]}".contains(character) { depth -= 1 }
        if depth == 0 && (character == "," || character == "&" && characters.first == "&") {
          if character == "&" { characters.removeFirst() }
          parts.append(current.trimmingCharacters(in: .whitespacesAndNewlines))
          current = ""
          continue
        }
      }
      current.append(character)
    }
    parts.append(current.trimmingCharacters(in: .whitespacesAndNewlines))
    return parts.filter { !$0.isEmpty }
  }
}
