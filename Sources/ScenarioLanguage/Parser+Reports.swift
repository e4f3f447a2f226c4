import Simulation
import TipEngine

extension Parser {
  /// A line that observes or checks: `status`, `why`, `expect`, `timeline`, `whatif`, `matrix`, `lint`, `population`, `help`. Nil for another word.
  func parseReport(
    _ word: String, first: Token, _ c: inout Cursor, references refs: inout [NameReference], tokens: [Token], line: Int, text: String
  ) throws(Diagnostic) -> Statement.Action? {
    let action: Statement.Action
    switch word {
    case "matrix":
      guard c.take(word: "os") else { throw c.expected("`os` and the versions, e.g. matrix os 17.0 18.5 18.6") }
      var versions: [OSVersion] = []
      while !c.atEnd { versions.append(try version(&c, text: text).value) }
      guard !versions.isEmpty else { throw c.expected("at least one OS version") }
      action = .matrix(versions)
    case "lint":
      try c.finish("lint")
      action = .lint
    case "model":
      try c.finish("model")
      action = .model
    case "population":
      let users = try c.integer("how many users")
      guard (1...10_000_000).contains(users.value) else {
        throw Diagnostic("population takes 1 to 10000000 users", at: users.location, length: users.length)
      }
      guard c.take(word: "for") else { throw c.expected("`for DURATION`, e.g. population 10000 for 30d") }
      let span = try c.duration()
      guard span.value.seconds > 0, span.value <= .days(3650) else {
        throw Diagnostic("the span must be between 1s and 3650d", at: span.location, length: span.length)
      }
      var seed: UInt64 = 1
      if c.take(word: "seed") { seed = UInt64(max(0, try c.integer("a seed").value)) }
      try c.finish("the population")
      action = .population(users: users.value, span: span.value, seed: seed)
    case "status":
      var tips: [String] = []
      while !c.atEnd {
        let tip = try c.name("a tip name")
        refs.append(NameReference(.tip, tip))
        tips.append(tip.value)
      }
      action = .status(tips)
    case "why":
      let tip = try c.name("a tip name")
      refs.append(NameReference(.tip, tip))
      try c.finish("the tip")
      action = .why(tip.value)
    case "help":
      let topic = c.atEnd ? nil : try c.name("a command name").value
      action = .help(topic)
    case "expect":
      action = .expect(try parseExpectation(&c, references: &refs))
    case "timeline":
      action = .timeline(try parseTimelineArguments(&c, references: &refs, svg: nil))
    case "whatif":
      action = .whatIf(try parseWhatIf(&c, references: &refs))
    default: return nil
    }
    return action
  }

  func parseExpectation(_ c: inout Cursor, references refs: inout [NameReference]) throws(Diagnostic) -> Expectation {
    let kind = try c.word(
      oneOf: ["shown", "hidden", "visible", "rendering", "status", "displays", "suppressed", "next", "first"], what: "expectation")
    if kind.value == "first", !c.take(word: "display") { throw c.expected("`display TIP at INSTANT`") }
    let tip = try c.name("a tip name")
    refs.append(NameReference(.tip, tip))
    let expectation: Expectation
    switch kind.value {
    case "shown": expectation = .shown(tip.value)
    case "visible": expectation = .visible(tip.value)
    case "rendering":
      let word = try c.word(oneOf: ["rendered", "notRendered", "styleFallback", "arrowColor"], what: "rendering")
      expectation = .rendering(tip.value, word.value)
    case "hidden": expectation = .hidden(tip.value)
    case "status":
      let status = try c.word(oneOf: ["pending", "available", "invalidated"], what: "status")
      var pattern = StatusPattern.pending
      switch status.value {
      case "available": pattern = .available
      case "invalidated":
        var reason: InvalidationReason?
        if c.take(symbol: "(") {
          let word = try c.word(oneOf: InvalidationReason.allCases.map(\.rawValue), what: "invalidation reason")
          reason = InvalidationReason(rawValue: word.value)
          try c.symbol(")")
        }
        pattern = .invalidated(reason)
      default: break
      }
      expectation = .status(tip.value, pattern)
    case "displays" where c.take(word: "at"):
      let bound = try c.word(oneOf: ["least", "most"], what: "`least` or `most`")
      let n = try c.integer("a display count")
      expectation = bound.value == "least" ? .displaysAtLeast(tip.value, n.value) : .displaysAtMost(tip.value, n.value)
    case "displays":
      let n = try c.integer("a display count")
      if c.take(word: "between") {
        let from = try c.instant()
        guard c.take(word: "and") else { throw c.expected("`and INSTANT`") }
        let to = try c.instant()
        guard !to.value.isComparable(with: from.value) || to.value >= from.value else {
          throw Diagnostic("the second instant is before the first", at: to.location, length: to.length)
        }
        expectation = .displaysBetween(tip.value, n.value, from: from.value, to: to.value)
      } else {
        expectation = .displays(tip.value, n.value)
      }
    case "next":
      if c.take(word: "never") {
        expectation = .nextNever(tip.value)
      } else {
        guard c.take(word: "at") else { throw c.expected("`at INSTANT` or `never`") }
        expectation = .nextAt(tip.value, try c.instant().value)
      }
    case "first":
      guard c.take(word: "at") else { throw c.expected("`at INSTANT`") }
      expectation = .firstDisplayAt(tip.value, try c.instant().value)
    default:
      guard c.take(word: "by") else { throw c.expected("`by REASON`") }
      let reason = try c.word(oneOf: Suppression.allWords, what: "reason")
      expectation = .suppressed(tip.value, by: reason.value)
    }
    try c.finish("the expectation")
    return expectation
  }

  /// `report FILE [--title TEXT] [--whatif CHANGE]`: the path and the title are read raw, each
  /// up to the next option (the title may be quoted).
  func parseReportLine(_ text: String, line: Int) throws(Diagnostic) -> Statement {
    let keyword = Located("report", at: SourceLocation(line: line, column: 1), length: 6)
    let option = text.range(of: " --whatif")
    let titled = text.range(of: " --title")
    func unquoted(_ raw: Substring) -> String {
      let trimmed = raw.trimmingCharacters(in: [" ", "\t"])
      let quoted = trimmed.hasPrefix("\"") && trimmed.hasSuffix("\"") && trimmed.count >= 2
      return quoted ? String(trimmed.dropFirst().dropLast()) : trimmed
    }
    let firstOption = [option?.lowerBound, titled?.lowerBound].compactMap { $0 }.min() ?? text.endIndex
    let path = unquoted(text[text.index(text.startIndex, offsetBy: 6)..<firstOption])
    guard !path.isEmpty else {
      throw Diagnostic(
        "expected a file name after report (report.html, or report.md for Markdown)", at: SourceLocation(line: line, column: text.count + 1)
      )
    }
    var title: String?
    if let titled {
      let end = option.map { $0.lowerBound > titled.lowerBound ? $0.lowerBound : text.endIndex } ?? text.endIndex
      title = unquoted(text[titled.upperBound..<end])
      guard title?.isEmpty == false else {
        let column = text.distance(from: text.startIndex, to: titled.upperBound) + 1
        throw Diagnostic("expected the page's title after --title", at: SourceLocation(line: line, column: column), length: 1)
      }
    }
    var request = ReportRequest(path: path, title: title)
    var refs: [NameReference] = []
    if let option {
      // The change's tokens keep their columns: the text before them is blanked, not cut.
      let end = titled.map { $0.lowerBound > option.lowerBound ? $0.lowerBound : text.endIndex } ?? text.endIndex
      let blanked =
        String(repeating: " ", count: text.distance(from: text.startIndex, to: option.upperBound)) + text[option.upperBound..<end]
      let tokens = try Lexer.tokenize(blanked, lineNumber: line)
      var c = Cursor(tokens, end: SourceLocation(line: line, column: text.count + 1))
      guard !c.atEnd else { throw c.expected("a change after --whatif, e.g. frequency weekly") }
      request.whatIf = try parseWhatIf(&c, references: &refs)
    }
    return Statement(action: .report(request), keyword: keyword, references: refs, expressionLocations: [:], text: text, lines: line...line)
  }
}
