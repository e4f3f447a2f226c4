import Simulation
import TipEngine

/// Reads the tokens of one line, with errors that point at the offending token.
struct Cursor {
  let tokens: [Token]
  var index = 0
  /// The line's number, and its text or the column after its end.
  private let line: Int
  private let text: String
  private let endColumn: Int?

  /// Where the line ends, for "expected … at end of line": found from the text only then (a
  /// line's width cost every parsed line a copy and a pass over its bytes).
  var end: SourceLocation { SourceLocation(line: line, column: endColumn ?? text.columnCount + 1) }

  init(_ tokens: [Token], end: SourceLocation) {
    self.tokens = tokens
    line = end.line
    text = ""
    endColumn = end.column
  }

  /// A cursor over the tokens of `text`, line `line` of the script.
  init(_ tokens: [Token], line: Int, text: String) {
    self.tokens = tokens
    self.line = line
    self.text = text
    endColumn = nil
  }

  var atEnd: Bool { index >= tokens.count }
  var peek: Token? { index < tokens.count ? tokens[index] : nil }
  var location: SourceLocation { peek?.location ?? end }

  mutating func next() -> Token? {
    defer { index += 1 }
    return peek
  }

  func error(_ message: String, at token: Token? = nil) -> Diagnostic {
    let token = token ?? peek
    return Diagnostic(message, at: token?.location ?? end, length: token?.length ?? 1)
  }

  /// "expected X, found Y".
  func expected(_ what: String) -> Diagnostic {
    guard let token = peek else { return error("expected \(what) at end of line") }
    return error("expected \(what), found '\(token.display)'", at: token)
  }

  /// Whether a name holds a dash (only command words do), read off its bytes in place
  /// rather than through the UTF-8 view's generic search.
  private static func hasDash(_ name: String) -> Bool {
    name.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "-")) } ?? name.utf8.contains(UInt8(ascii: "-"))
  }

  mutating func name(_ what: String) throws(Diagnostic) -> Located<String> {
    // A byte search: `String.contains(String)` is Foundation's, and costly on every name.
    guard let token = peek, case .name(let n) = token.kind, !Cursor.hasDash(n) else { throw expected(what) }
    index += 1
    return Located(n, at: token.location, length: token.length)
  }

  mutating func symbol(_ s: String) throws(Diagnostic) {
    guard peek?.isSymbol(s) == true else { throw expected("'\(s)'") }
    index += 1
  }

  mutating func take(symbol s: String) -> Bool {
    guard peek?.isSymbol(s) == true else { return false }
    index += 1
    return true
  }

  mutating func take(word: String) -> Bool {
    guard peek?.isName(word) == true else { return false }
    index += 1
    return true
  }

  /// One of a fixed set of words, with "did you mean" when misspelt.
  mutating func word(oneOf choices: [String], what: String) throws(Diagnostic) -> Located<String> {
    guard let token = peek, case .name(let n) = token.kind else {
      throw expected("\(what) (\(choices.joined(separator: ", ")))")
    }
    guard choices.contains(n) else {
      var d = error("unknown \(what) '\(n)'", at: token)
      d.note = suggestion(for: n, among: choices).map { "did you mean '\($0)'?" } ?? "expected one of: \(choices.joined(separator: ", "))"
      throw d
    }
    index += 1
    return Located(n, at: token.location, length: token.length)
  }

  mutating func string(_ what: String) throws(Diagnostic) -> Located<String> {
    guard let token = peek, case .string(let s) = token.kind else { throw expected(what) }
    index += 1
    return Located(s, at: token.location, length: token.length)
  }

  mutating func integer(_ what: String) throws(Diagnostic) -> Located<Int> {
    guard let token = peek, case .integer(let i) = token.kind else { throw expected(what) }
    index += 1
    return Located(i, at: token.location, length: token.length)
  }

  mutating func duration(_ what: String = "a duration such as 5d or 1d12h") throws(Diagnostic) -> Located<TimeSpan> {
    guard let token = peek, case .duration(let d) = token.kind else { throw expected(what) }
    index += 1
    return Located(d, at: token.location, length: token.length)
  }

  /// A calendar instant, as `start` takes it.
  mutating func civilInstant() throws(Diagnostic) -> Located<CivilTime> {
    guard let token = peek, case .instant(let c) = token.kind else { throw expected("an instant such as 2026-11-01T09:00 or 2026-11-01") }
    index += 1
    return Located(c, at: token.location, length: token.length)
  }

  /// An instant as written — `2026-11-05T08:00`, or `day 5 08:00` (day 1 is the start's
  /// date; midnight without a time) — for the resolver to place (`Instant.civil`, `Instant.day`).
  mutating func instant() throws(Diagnostic) -> Located<Instant> {
    let what = "an instant such as 2026-11-01T09:00, 2026-11-01 or day 3 08:00"
    guard let first = peek else { throw expected(what) }
    if case .instant = first.kind {
      let civil = try civilInstant()
      return Located(.civil(civil.value), at: civil.location, length: civil.length)
    }
    guard take(word: "day") else { throw expected(what) }
    let day = try integer("a day number (day 1 is the start's date)")
    guard (1...Instant.lastWrittenDay).contains(day.value) else {
      throw Diagnostic("day \(day.value) is out of range: day 1 is the start's date", at: day.location, length: day.length)
    }
    let seconds = try timeOfDay() ?? 0
    let last = tokens[index - 1]
    return Located(.day(day.value, at: seconds), at: first.location, length: last.location.column + last.length - first.location.column)
  }

  /// `08:00` or `08:00:30` as seconds after midnight; nil when no number follows.
  mutating func timeOfDay() throws(Diagnostic) -> Int? {
    guard let hour = peek, case .integer = hour.kind else { return nil }
    // Underlines from the hour through `last`.
    func malformed(through last: Token) -> Diagnostic {
      Diagnostic(
        "malformed time of day: write 08:00 or 08:00:30", at: hour.location,
        length: max(1, last.location.column + last.length - hour.location.column))
    }
    var parts: [Int] = []
    repeat {
      // Two digits each, but the hour may have one.
      guard let token = peek, case .integer(let value) = token.kind, token.length == 2 || (parts.isEmpty && token.length == 1) else {
        throw malformed(through: peek ?? tokens[index - 1])
      }
      parts.append(value)
      index += 1
    } while parts.count < 3 && take(symbol: ":")
    guard parts.count >= 2, parts[0] < 24, parts[1] < 60, (parts[safe: 2] ?? 0) < 60 else { throw malformed(through: tokens[index - 1]) }
    return parts[0] * 3600 + parts[1] * 60 + (parts[safe: 2] ?? 0)
  }

  /// A literal value: `true`, `false`, a number or a string; `nil` too where an optional
  /// parameter's value is written.
  mutating func value(orNil: Bool = false) throws(Diagnostic) -> Located<Value> {
    let what = orNil ? "a value (true, false, a number, a string or nil)" : "a value (true, false, a number or a string)"
    guard let token = peek else { throw expected(what) }
    let value: Value
    switch token.kind {
    case .name("true"): value = .bool(true)
    case .name("false"): value = .bool(false)
    case .name("nil") where orNil: value = .null
    case .integer(let i): value = .int(i)
    case .decimal(let d): value = .double(d)
    case .string(let s): value = .string(s)
    default: throw expected(what)
    }
    index += 1
    return Located(value, at: token.location, length: token.length)
  }

  /// `screen.anchor` or `store.key`.
  mutating func dotted(_ what: String) throws(Diagnostic) -> (Located<String>, Located<String>) {
    let first = try name(what)
    guard take(symbol: ".") else { throw expected("'.' in \(what)") }
    let second = try name(what)
    return (first, second)
  }

  /// Refuses anything left on the line.
  func finish(_ after: String) throws(Diagnostic) {
    if let token = peek { throw error("unexpected '\(token.display)' after \(after)", at: token) }
  }
}
