import Simulation
import TipEngine

/// The lines read raw, not through the lexer (`timezone`, `include`, `save-state`,
/// `load-state`), and a line's text between two tokens.
extension Parser {
  /// `timezone ZONE`: read raw, since zone names contain `/`, `-` and `+`.
  func parseTimeZone(_ text: String, line: Int) throws(Diagnostic) -> Statement {
    let keyword = Located("timezone", at: SourceLocation(line: line, column: 1), length: 8)
    let rest = text.dropFirst(8)
    let leading = rest.prefix { $0 == " " || $0 == "\t" }.count
    let identifier = rest.trimmingSpaces()
    let location = SourceLocation(line: line, column: 9 + leading)
    guard !identifier.isEmpty else {
      throw Diagnostic("expected a time zone such as Asia/Tokyo at end of line", at: location)
    }
    guard let zone = SimTimeZone(identifier: identifier) else {
      throw Diagnostic(
        "unknown time zone '\(identifier)'", at: location, length: identifier.count,
        note: "use an IANA name such as UTC, Asia/Tokyo or America/New_York")
    }
    return Statement(
      action: .command(.setTimeZone(zone)), keyword: keyword, references: [], expressionLocations: [:], text: text, lines: line...line)
  }

  /// The text of a line from one token to another. Token columns always refer to the whole
  /// source line, so sub-statements (`on DEVICE: …`, `repeat …: …; …`) slice that line.
  func source(of line: Int, from first: Token, to last: Token) -> String {
    let characters = Array(lines[safe: line - firstLine] ?? "")
    let start = min(max(0, first.location.column - 1), characters.count)
    let end = min(max(start, last.location.column - 1 + last.length), characters.count)
    return String(characters[start..<end])
  }

  /// `include FILE`: the statements of another scenario file, read now (relative to the
  /// including file's folder), each tagged with that file. A syntax error in it stops the
  /// parse at its place in it.
  func parseInclude(_ text: String, line: Int) throws(Diagnostic) -> [Statement] {
    let rest = text.dropFirst(7)
    let column = 8 + rest.prefix { $0 == " " || $0 == "\t" }.count
    var path = rest.trimmingSpaces()
    if path.hasPrefix("\""), path.hasSuffix("\""), path.count >= 2 { path = String(path.dropFirst().dropLast()) }
    let place = SourceLocation(line: line, column: column)
    guard !path.isEmpty else { throw Diagnostic("expected a file name after include", at: place) }
    let file: IncludeReader.File
    switch includes.read(path, includeChain.last) {
    case .failure(let problem): throw Diagnostic("\(path): \(problem.message)", at: place, length: path.count)
    case .success(let read): file = read
    }
    if includeChain.contains(where: { $0.path == file.path }) {
      let loop = (includeChain.map(\.name) + [file.name]).joined(separator: " → ")
      throw Diagnostic("\(path) includes itself: \(loop)", at: place, length: path.count)
    }
    guard includeChain.count < IncludeReader.maximumDepth else {
      throw Diagnostic("files included more than \(IncludeReader.maximumDepth) deep", at: place, length: path.count)
    }
    var included = Parser(source: file.text)
    included.includes = includes
    included.includeChain = includeChain + [file]
    do {
      var statements = try included.parse()
      for index in statements.indices where statements[index].file == nil { statements[index].file = file.name }
      return statements
    } catch {
      guard error.file == nil else { throw error }
      var located = error
      located.file = file.name
      located.sourceLine = included.lines[safe: error.location.line - 1]
      throw located
    }
  }

  /// `save-state FILE` / `load-state FILE`: the path is read raw.
  func parseStateLine(_ text: String, line: Int) throws(Diagnostic) -> Statement {
    let word = String(text.prefix(10))
    var path = String(text.dropFirst(11)).trimmingCharacters(in: [" ", "\t"])
    if path.hasPrefix("\""), path.hasSuffix("\""), path.count >= 2 { path = String(path.dropFirst().dropLast()) }
    guard !path.isEmpty else {
      throw Diagnostic("expected a file name after \(word)", at: SourceLocation(line: line, column: text.count + 1))
    }
    let keyword = Located(word, at: SourceLocation(line: line, column: 1), length: 10)
    let action: Statement.Action = word == "save-state" ? .saveState(path) : .loadState(path)
    return Statement(action: action, keyword: keyword, references: [], expressionLocations: [:], text: text, lines: line...line)
  }
}
