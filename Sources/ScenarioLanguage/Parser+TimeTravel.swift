import Simulation
import TipEngine

extension Parser {
  /// `repeat N every DURATION: CMD; CMD; ...`: the commands run N times, each iteration at its
  /// own instant.
  func parseRepeat(_ c: inout Cursor, line: Int, text: String) throws(Diagnostic) -> Statement.Action {
    let count = try c.integer("how many times")
    guard (1...100_000).contains(count.value) else {
      throw Diagnostic("repeat takes 1 to 100000 iterations", at: count.location, length: count.length)
    }
    guard c.take(word: "every") else { throw c.expected("`every DURATION`") }
    let every = try c.duration()
    guard every.value.seconds > 0 else { throw Diagnostic("the interval must be longer than 0s", at: every.location, length: every.length) }
    try c.symbol(":")
    let body = try parseCommands(&c, line: line) { word, first in
      Parser.repeatable(word)
        ? nil
        : Diagnostic(
          "`\(word)` cannot be repeated", at: first.location, length: first.length,
          note: "repeat runs actions, expectations and observations")
    }
    return .repeat(count: count.value, every: every.value, body: body)
  }

  /// The rest of the line as commands separated by `;` (`repeat`, `when`); `refusal` answers
  /// why a command word cannot be one of them, or nil.
  /// `conditional`: the app's code (a reaction's or an action's), where a command may run
  /// under `if COND:`.
  func parseCommands(_ c: inout Cursor, line: Int, conditional: Bool = false, refusal: (String, Token) -> Diagnostic?) throws(Diagnostic)
    -> [Statement]
  {
    var parts: [[Token]] = [[]]
    while let token = c.next() {
      if token.isSymbol(";") { parts.append([]) } else { parts[parts.count - 1].append(token) }
    }
    var body: [Statement] = []
    for var part in parts {
      guard part.first != nil else { throw Diagnostic("expected a command between `;`", at: c.end) }
      var os: Reaction.OSCondition?
      var tests: [ConditionTest] = []
      var testReferences: [NameReference] = []
      if conditional, part[0].isName("if") {
        var cursor = Cursor(part, end: c.end)
        cursor.index = 1
        (os, tests) = try osAndConditionTests(
          &cursor, references: &testReferences, text: source(of: line, from: part[0], to: part[part.count - 1]))
        try cursor.symbol(":")
        part = Array(part[cursor.index...])
      }
      guard let first = part.first, let last = part.last else { throw Diagnostic("expected a command after `:`", at: c.end) }
      if let word = first.name, let refused = refusal(word, first) { throw refused }
      var statement = try parseLine(part, line: line, text: source(of: line, from: first, to: last))
      if !tests.isEmpty, case .command(let command) = statement.action {
        statement.action = .command(.onlyIf(tests, command))
        statement.references = testReferences + statement.references
      }
      if let os, case .command(let command) = statement.action { statement.action = .command(.onlyOnOS(os, command)) }
      body.append(statement)
    }
    return body
  }

  static func repeatable(_ word: String) -> Bool {
    !["tip", "repeat", "checkpoint", "restore", "checkpoints", "undo", "timeline", "whatif", "report", "timezone", "start"].contains(word)
  }

  /// A `timeline` line with `--svg FILE`: the path is read raw, since it may hold `/` or `-`.
  func parseTimeline(_ text: String, line: Int, svgAt range: Range<String.Index>) throws(Diagnostic) -> Statement {
    let head = String(text[..<range.lowerBound])
    var path = String(text[range.upperBound...]).trimmingCharacters(in: [" ", "\t"])
    if path.hasPrefix("\""), path.hasSuffix("\""), path.count >= 2 { path = String(path.dropFirst().dropLast()) }
    let tokens = try Lexer.tokenize(head, lineNumber: line)
    guard !path.isEmpty else {
      throw Diagnostic("expected a file name after --svg", at: SourceLocation(line: line, column: text.count + 1))
    }
    var c = Cursor(tokens, end: SourceLocation(line: line, column: head.count + 1))
    c.index = 1
    var refs: [NameReference] = []
    let request = try parseTimelineArguments(&c, references: &refs, svg: path)
    let keyword = Located("timeline", at: SourceLocation(line: line, column: 1), length: 8)
    return Statement(
      action: .timeline(request), keyword: keyword, references: refs, expressionLocations: [:], text: text, lines: line...line)
  }

  func parseTimelineArguments(_ c: inout Cursor, references refs: inout [NameReference], svg: String?) throws(Diagnostic) -> TimelineRequest
  {
    var request = TimelineRequest(svg: svg)
    while !c.atEnd {
      if c.take(word: "from") {
        request.from = try c.instant().value
      } else if c.take(word: "to") {
        request.to = try c.instant().value
      } else {
        let tip = try c.name("a tip name, `from INSTANT`, `to INSTANT` or `--svg FILE`")
        refs.append(NameReference(.tip, tip))
        request.tips.append(tip.value)
      }
    }
    if let from = request.from, let to = request.to, to.isComparable(with: from), to <= from {
      throw c.error("`to` must come after `from`")
    }
    return request
  }

  /// `whatif frequency weekly`, `whatif policy NAME VALUE`, `whatif TIP.OPTION VALUE`
  /// (`whatif welcome.maxDisplayCount 3`; `TipOption` lists the options), `whatif TIP.rule
  /// RULE` (the rule with its left side replaced), `whatif group NAME ordered|firstAvailable|none`.
  func parseWhatIf(_ c: inout Cursor, references refs: inout [NameReference]) throws(Diagnostic) -> WhatIfChange {
    let first = try c.name("frequency, policy, condition, group, TIP.OPTION or TIP.rule")
    switch first.value {
    case "group" where c.peek?.name != nil:
      let name = try c.name("a group name")
      refs.append(NameReference(.group, name))
      let priority = try c.word(oneOf: TipGroup.Priority.allCases.map(\.rawValue) + ["none"], what: "group priority, or none")
      try c.finish("the priority")
      return .group(name: name.value, TipGroup.Priority(rawValue: priority.value))
    case "condition" where c.peek?.name != nil:
      let name = try c.name("an app condition")
      refs.append(NameReference(.condition, name))
      let value = try c.word(oneOf: ["true", "false", "unknown"], what: "fresh-install value")
      try c.finish("the value")
      return .condition(AppCondition(name: name.value, initial: value.value == "unknown" ? nil : value.value == "true"))
    case "frequency":
      let f = try c.word(oneOf: DisplayFrequency.allCases.map(\.rawValue), what: "frequency")
      try c.finish("the frequency")
      return .frequency(DisplayFrequency(rawValue: f.value) ?? .immediate)
    case "policy":
      let name = try c.word(oneOf: Policies.names, what: "policy")
      let value: PolicyValue =
        Policies.takesDuration(name.value)
        ? .duration(try c.duration().value)
        : .word(try c.word(oneOf: Policies.choices(of: name.value), what: "value of \(name.value)").value)
      try c.finish("the policy value")
      return .policy(name: name.value, value: value)
    default:
      refs.append(NameReference(.tip, first))
      guard c.take(symbol: ".") else {
        throw c.expected("'.' and a tip option (\(TipOption.words.joined(separator: ", ")))")
      }
      if c.take(word: "rule") {
        var expressionParser = ExpressionParser(cursor: c)
        let rule = try expressionParser.parseRule()
        c = expressionParser.cursor
        refs += expressionParser.references
        guard case .comparison = rule else {
          throw Diagnostic(
            "a what-if rule is one comparison (LEFT OP RIGHT): it replaces the tip's rule with that left side", at: first.location,
            length: first.length)
        }
        try c.finish("the rule")
        return .rule(tip: first.value, rule)
      }
      let word = try c.word(oneOf: TipOption.words + ["rule"], what: "tip option")
      guard let option = TipOption.named(word.value) else { throw c.expected("a tip option") }
      let change = WhatIfChange.tipOption(tip: first.value, option: option.word, try option.parseWhatIf(&c))
      try c.finish("the value")
      return change
    }
  }

  /// `next`, checkpoints, `undo`, `repeat`. Nil for another word.
  func parseTimeTravel(
    _ word: String, first: Token, _ c: inout Cursor, references refs: inout [NameReference], tokens: [Token], line: Int, text: String
  ) throws(Diagnostic) -> Statement.Action? {
    let action: Statement.Action
    switch word {
    case "next":
      if c.atEnd {
        action = .command(.next)
      } else {
        let tip = try c.name("a tip name")
        refs.append(NameReference(.tip, tip))
        try c.finish("the tip")
        action = .command(.nextFor(tip: tip.value))
      }
    case "checkpoint", "restore":
      let name = try c.name("a checkpoint name")
      try c.finish("the checkpoint name")
      action = word == "checkpoint" ? .checkpoint(name) : .restore(name)
    case "checkpoints", "undo":
      try c.finish(word)
      action = word == "undo" ? .undo : .checkpoints
    case "repeat":
      action = try parseRepeat(&c, line: line, text: text)
    default: return nil
    }
    return action
  }
}
