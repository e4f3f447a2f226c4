import Simulation
import TipEngine

extension Parser {
  /// `target …`, `tune …`, `plan`. Nil for another word.
  func parsePlan(_ word: String, _ c: inout Cursor, references refs: inout [NameReference]) throws(Diagnostic) -> Statement.Action? {
    switch word {
    case "target": return .target(try parseTarget(&c, references: &refs))
    case "tune": return .tune(try parseTune(&c, references: &refs))
    case "plan":
      try c.finish("plan")
      return .plan
    default: return nil
    }
  }

  /// `target TIP|load MEASURE [STAT] OP BOUND [per DURATION] [by day N] [in COHORT]`.
  func parseTarget(_ c: inout Cursor, references refs: inout [NameReference]) throws(Diagnostic) -> PlanTarget {
    let first = try c.name("a tip name, or `load`")
    let isLoad = first.value == "load" && (c.peek?.isName("distinctTips") == true || c.peek?.isName("displays") == true)
    let subject: PlanTarget.Subject = isLoad ? .load : .tip(first.value)
    if !isLoad { refs.append(NameReference(.tip, first)) }
    let measures = isLoad ? ["distinctTips", "displays"] : ["reach", "firstDisplay", "displays"]
    let measureWord = try c.word(oneOf: measures, what: isLoad ? "load measure" : "tip measure")
    let measure = PlanTarget.Measure(rawValue: measureWord.value) ?? .reach
    var statistic: PlanTarget.Statistic?
    switch measure {
    case .reach: break
    case .firstDisplay:
      statistic = PlanTarget.Statistic(rawValue: try c.word(oneOf: ["median", "p90"], what: "statistic of the first display").value)
    case .displays, .distinctTips:
      statistic = PlanTarget.Statistic(rawValue: try c.word(oneOf: PlanTarget.Statistic.allCases.map(\.rawValue), what: "statistic").value)
    }
    let op = try comparison(&c)
    let bound: Double
    switch measure {
    case .reach:
      let start = c.peek
      bound = try planNumber(&c, "a share such as 80%")
      try c.symbol("%")
      guard (0...100).contains(bound) else { throw c.error("a share is between 0% and 100%", at: start) }
    case .firstDisplay:
      guard c.take(word: "day") else { throw c.expected("`day N`, e.g. firstDisplay median <= day 10") }
      bound = Double(try dayNumber(&c).value)
    case .displays, .distinctTips:
      bound = try planNumber(&c, "a number")
    }
    var target = PlanTarget(
      subject: subject, measure: measure, statistic: statistic, op: op, bound: measure == .reach ? bound / 100 : bound)
    if isLoad {
      guard c.take(word: "per") else { throw c.expected("`per DURATION` (the window a user's load is read in), e.g. per 7d") }
      let window = try c.duration("a window such as 7d")
      guard window.value.seconds >= 3600 else { throw Diagnostic("a window is at least 1h", at: window.location, length: window.length) }
      target.window = window.value
    }
    if c.peek?.isName("by") == true {
      guard measure != .firstDisplay else {
        throw c.error("a first display's bound is its day: no `by day` (write firstDisplay median <= day 10)")
      }
      c.index += 1
      guard c.take(word: "day") else { throw c.expected("`day N`") }
      target.byDay = try dayNumber(&c).value
    }
    if c.take(word: "in") {
      let cohort = try c.name("a cohort name")
      refs.append(NameReference(.cohort, cohort))
      target.cohort = cohort.value
    }
    try c.finish("the target")
    return target
  }

  /// `tune SETTING ALTERNATIVE, …`: the setting as `whatif` writes it, then its values, commas
  /// between them; `N...M` stands for every whole number from N to M.
  func parseTune(_ c: inout Cursor, references refs: inout [NameReference]) throws(Diagnostic) -> PlanTune {
    let tokens = Array(c.tokens[c.index...])
    let headLength = try tuneSettingLength(tokens, &c)
    let head = Array(tokens[..<headLength])
    // Each alternative's tokens, and the comma after it.
    var groups: [(tokens: [Token], comma: Token?)] = [([], nil)]
    for token in tokens[headLength...] {
      if token.isSymbol(",") {
        groups[groups.count - 1].comma = token
        groups.append(([], nil))
      } else {
        groups[groups.count - 1].tokens.append(token)
      }
    }
    var alternatives: [WhatIfChange] = []
    var values: [String] = []
    for (group, comma) in groups {
      guard let last = group.last else {
        guard let comma = comma ?? tokens.last(where: { $0.isSymbol(",") }) else {
          c.index = c.tokens.count
          throw c.expected("the values the setting may take, e.g. daily, weekly")
        }
        throw c.error("expected a value before this comma (the alternatives are written `a, b, c`)", at: comma)
      }
      let end = SourceLocation(line: last.location.line, column: last.location.column + last.length)
      let range = try expandedRange(group)
      for value in range {
        var alternative = Cursor(head + value, end: end)
        let change = try parseWhatIf(&alternative, references: &refs)
        guard !alternatives.contains(change) else { continue }
        alternatives.append(change)
        values.append(range.count == 1 ? written(group) : value.map(\.display).joined())
      }
    }
    c.index = c.tokens.count
    return PlanTune(setting: written(head), alternatives: alternatives, values: values)
  }

  /// The tokens' text as the line writes it (`e.count(within: 7d) >=`, not its tokens'
  /// spellings), its runs of blanks made one space.
  private func written(_ tokens: [Token]) -> String {
    guard let first = tokens.first, let last = tokens.last else { return "" }
    return source(of: first.location.line, from: first, to: last).split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
  }

  /// How many tokens name the setting: `frequency`; `policy|condition|group NAME`;
  /// `TIP.OPTION`; `TIP.rule LEFT OP`.
  private func tuneSettingLength(_ tokens: [Token], _ c: inout Cursor) throws(Diagnostic) -> Int {
    guard let first = tokens.first, let name = first.name else {
      throw c.expected("a setting: frequency, policy, condition, group, TIP.OPTION or TIP.rule")
    }
    if name == "frequency" { return 1 }
    if ["policy", "condition", "group"].contains(name), tokens.count > 1, tokens[1].name != nil { return 2 }
    guard tokens.count > 2, tokens[1].isSymbol(".") else { return min(3, tokens.count) }
    guard tokens[2].isName("rule") else { return 3 }
    let comparisons = Set(ComparisonOperator.allCases.map(\.rawValue))
    guard let op = tokens.firstIndex(where: { if case .symbol(let s) = $0.kind { comparisons.contains(s) } else { false } }) else {
      throw c.error("a tuned rule is `TIP.rule LEFT OP VALUES`, e.g. tune planTip.rule saved.count >= 1...4", at: tokens.last)
    }
    return op + 1
  }

  /// A value, or `N...M` as each whole number from N to M.
  private func expandedRange(_ group: [Token]) throws(Diagnostic) -> [[Token]] {
    guard group.count == 5, case .integer(let low) = group[0].kind, case .integer(let high) = group[4].kind,
      group[1...3].allSatisfy({ $0.isSymbol(".") })
    else { return [group] }
    guard low <= high, high - low < 1000 else {
      throw Diagnostic(
        "a range N...M runs up, with at most 1000 values", at: group[0].location,
        length: group[4].location.column + group[4].length - group[0].location.column)
    }
    return (low...high).map { value in [Token(kind: .integer(value), location: group[0].location, length: group[0].length)] }
  }

  private func comparison(_ c: inout Cursor) throws(Diagnostic) -> ComparisonOperator {
    for op in [ComparisonOperator.greaterOrEqual, .lessOrEqual, .greater, .less] where c.take(symbol: op.rawValue) { return op }
    throw c.expected("a comparison (>=, <=, > or <)")
  }

  private func dayNumber(_ c: inout Cursor) throws(Diagnostic) -> Located<Int> {
    let day = try c.integer("a day number (day 1 is the first 24 hours)")
    guard (1...3650).contains(day.value) else { throw Diagnostic("a day is between 1 and 3650", at: day.location, length: day.length) }
    return day
  }

  private func planNumber(_ c: inout Cursor, _ what: String) throws(Diagnostic) -> Double {
    guard let token = c.peek else { throw c.expected(what) }
    switch token.kind {
    case .integer(let i) where i >= 0:
      c.index += 1
      return Double(i)
    case .decimal(let d) where d >= 0:
      c.index += 1
      return d
    default: throw c.expected(what)
    }
  }
}
