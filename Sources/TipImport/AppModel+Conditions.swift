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
    // A loop's elements say when its body runs: `!items.isEmpty` for `for x in items`.
    case .holds, .loop: return decide(condition.elements, type: type, at: position)
    case .otherwise:
      // The `else` of `if (a && b)` is written `!(a && b)`, not `!((a && b))`.
      let text: String
      if condition.elements.count == 1, case .expression(let only) = condition.elements[0] {
        text = only.withoutParentheses.text
      } else {
        text = condition.text
      }
      return negated(decide(condition.elements, type: type, at: position), of: text, at: position)
    }
  }

  /// A condition list: all of its elements must hold.
  private mutating func decide(_ elements: [ConditionElement], type: [String]?, at position: SwiftPosition) -> DecidedCondition {
    var tests: [ConditionTest] = []
    for element in elements {
      let decided: DecidedCondition
      switch element {
      case .expression(let tested): decided = decide(tested, type: type, at: position)
      case .binding(let value):
        // `let user = session.user`: that it is not nil. Named as written: `self.user != nil`
        // keeps its `self`, as it always has.
        let test = SourcedExpr(expr: .infix(value.expr, "!=", .literal("nil")), text: value.text + " != nil")
        decided = leaf(test, negates: false, ownMember: false, type: type, at: position)
      case .pattern(let text):
        // Matched as written; a `switch self.mode`'s cases are the type's `mode`'s.
        let own = text.hasPrefix("self.") ? String(text.dropFirst(5)) : text
        decided = .tests([ConditionTest(namedCondition(SourcedExpr(expr: .other(own), text: own), type: type, at: position))])
      }
      switch decided {
      case .always(false): return .always(false)
      case .always(true): continue
      case .tests(let more): tests += more
      }
    }
    return tests.isEmpty ? .always(true) : .tests(tests)
  }

  /// `a && b`: each part (unless `whole`: one condition for all of it); `!a`: a, negated;
  /// `(a)`: a; a literal or a `static let` constant: decided; anything else (`a || b`): an
  /// app condition named after what it tests.
  mutating func decide(_ tested: SourcedExpr, type: [String]?, at position: SwiftPosition, whole: Bool = false) -> DecidedCondition {
    var body = tested.withoutParentheses
    if !whole, let (left, right) = body.conjuncts { return decide([.expression(left), .expression(right)], type: type, at: position) }
    var negates = false
    while let (operand, flips) = body.negation {
      negates = negates != flips
      body = operand.withoutParentheses
    }
    // `!(a && b)`: the whole of `a && b`, negated.
    if body.conjuncts != nil, negates || !whole {
      let decided = decide(body, type: type, at: position)
      return negates ? negated(decided, of: body.text, at: position) : decided
    }
    return leaf(body, negates: negates, type: type, at: position)
  }

  /// One test: decided by a literal or a constant, or an app condition; `self.x` is the
  /// type's own `x` unless `ownMember` is false.
  private mutating func leaf(_ tested: SourcedExpr, negates: Bool, ownMember: Bool = true, type: [String]?, at position: SwiftPosition)
    -> DecidedCondition
  {
    let body = ownMember ? tested.withoutSelf : tested
    if case .literal(let literal) = body.expr, literal == "true" || literal == "false" { return .always((literal == "true") != negates) }
    if let constant = boolConstant(body.expr, type: type, file: position.file) { return .always(constant != negates) }
    return .tests([ConditionTest(namedCondition(body, type: type, at: position), negated: negates)])
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
    let why =
      "true unless all of \(tests.map(\.description).joined(separator: ", ")) hold; on a fresh install " + starts.joined(separator: ", ")
    conditions.append(ImportedCondition(name: name, initial: initial, swift: "!(\(text))", position: position, why: why))
    return name
  }

  /// The name of the app condition `body` tests, defining it the first time.
  private mutating func namedCondition(_ body: SourcedExpr, type: [String]?, at position: SwiftPosition) -> String {
    let text = body.text
    var name: String
    var initial: Bool?
    var why: String
    if let (key, value) = storedSetting(body.expr, type: type, file: position.file) {
      name = AppModel.conditionName(key)
      initial = value.flatMap { $0 == "true" ? true : $0 == "false" ? false : nil }
      why =
        initial == nil
        ? "@AppStorage(\"\(key)\"), whose value the code read does not give" : "@AppStorage(\"\(key)\") starts \(value ?? "")"
    } else if let (declared, value) = initialBool(body.expr, type: type, file: position.file) {
      name = (type.map { screenName(type: $0, file: position.file) + "_" } ?? "") + AppModel.conditionName(text)
      initial = value
      why = "\(declared) starts \(value)"
    } else if let declared = startsEmpty(body.expr, type: type, file: position.file) {
      name = (type.map { screenName(type: $0, file: position.file) + "_" } ?? "") + AppModel.conditionName(text)
      initial = true
      why = "\(declared) starts empty"
    } else if let key = defaultsKey(read: body.expr) ?? defaultsKey(returnedBy: body.expr, type: type, file: position.file) {
      name = AppModel.conditionName(key)
      initial = false
      why = "UserDefaults has no value for \"\(key)\" on a fresh install"
    } else {
      let owner = type.map { screenName(type: $0, file: position.file) }
      // A name the code qualifies by a type (`Store.shared.isPro`) is the app's everywhere;
      // an instance's (`items.isEmpty`) is its type's.
      let qualified = text.first?.isUppercase == true
      name = (qualified ? "" : owner.map { $0 + "_" } ?? "") + AppModel.conditionName(text)
      let lower = text.lowercased()
      if AppModel.offForUsers.contains(where: lower.contains) {
        initial = false
        why = "a launch argument, test or demo mode, off in the app its users run"
      } else {
        why = "the code read does not tell its value on a fresh install"
      }
    }
    if parameters.contains(where: { $0.name == name }) { name += "_condition" }
    if !conditions.contains(where: { $0.name == name }) {
      conditions.append(ImportedCondition(name: name, initial: initial, swift: text, position: position, why: why))
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
}
