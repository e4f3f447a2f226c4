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

  mutating func instant() throws(Diagnostic) -> Located<CivilTime> {
    guard let token = peek, case .instant(let c) = token.kind else { throw expected("an instant such as 2026-11-01T09:00 or 2026-11-01") }
    index += 1
    return Located(c, at: token.location, length: token.length)
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
