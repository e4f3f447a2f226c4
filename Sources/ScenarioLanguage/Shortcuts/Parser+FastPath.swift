import Simulation
import TipEngine

/// The lines a long script repeats — `open NAME`, `close NAME`, `set NAME VALUE`,
/// `advance DURATION` and `donate EVENT FIELD=VALUE…` — read in place from their bytes with
/// the lexer's own scanners, without a token array: the general path (`Lexer`, then
/// `parseLine`) is slower, and the parse shares two cores with the run (BENCHMARKS.md).
///
/// A line is read here only when it is plainly one of these: ASCII, its names, `=` and
/// numbers separated by spaces, each number an integer or a duration. Anything else is nil,
/// and goes the general way, which also reports every error. What is read here is the
/// statement the general path makes, equal in every field (a test compares the two on every
/// line of the stories, the fuzz fixtures and thousands of variants).
extension Parser {
  static func quickStatement(_ line: String, number: Int) -> Statement? {
    var recentFields = RecentFields()
    return quickStatement(line, number: number, recentFields: &recentFields)
  }

  /// The same, sharing the fields of a one-field donation with the lines before it that
  /// donated the same field and value (`recentFields`).
  static func quickStatement(_ line: String, number: Int, recentFields: inout RecentFields) -> Statement? {
    guard line.utf8.count <= 512 else { return nil }
    var line = line
    let text = line
    return line.withUTF8 { bytes in
      var reader = QuickLine(bytes: bytes, number: number)
      return reader.statement(text: text, recentFields: &recentFields)
    }
  }

  /// The fields of the last one-field donations read (`donate EVENT FIELD=VALUE`), by field
  /// and value. A long script donates the same few over and over; an equal dictionary is
  /// shared instead of one made, filled and freed for each (a dictionary is a value: no
  /// statement sees another's).
  struct RecentFields {
    private var entries: [(field: String, value: Value, fields: [String: Value])] = []
    private var next = 0
    private static let capacity = 8

    mutating func fields(_ field: String, _ value: Value) -> [String: Value] {
      for index in entries.indices where entries[index].field == field && entries[index].value == value { return entries[index].fields }
      let fields = [field: value]
      if entries.count < Self.capacity {
        entries.append((field, value, fields))
      } else {
        entries[next] = (field, value, fields)
        next = (next + 1) % Self.capacity
      }
      return fields
    }
  }
}

/// One ASCII line, read token by token with the lexer's scanners.
private struct QuickLine {
  let bytes: UnsafeBufferPointer<ASCIIByte>
  let number: Int
  var index = 0

  init(bytes: UnsafeBufferPointer<UInt8>, number: Int) {
    self.bytes = UnsafeBufferPointer(
      start: UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: ASCIIByte.self), count: bytes.count)
    self.number = number
  }

  mutating func statement(text: String, recentFields: inout Parser.RecentFields) -> Statement? {
    guard let command = name() else { return nil }
    // The keyword's text is the literal it matched, not its bytes decoded again.
    let keywordText: String
    var references: [NameReference] = []
    let action: Command
    switch bytes[command.lowerBound] {
    case "o", "c":
      let isOpen = matches(command, "open")
      guard isOpen || matches(command, "close"), let screen = name() else { return nil }
      keywordText = isOpen ? "open" : "close"
      references = [NameReference(.screen, located(screen))]
      action = isOpen ? .open(string(screen)) : .close(string(screen))
    case "s":
      guard matches(command, "set"), let name = name(), let value = value() else { return nil }
      keywordText = "set"
      let parameter = located(name)
      references = [NameReference(.settable, parameter)]
      action = .set(parameter: parameter.value, value)
    case "a":
      guard matches(command, "advance"), case .duration(let span)? = numberToken() else { return nil }
      keywordText = "advance"
      action = .advance(span)
    case "d":
      guard matches(command, "donate"), let eventName = name() else { return nil }
      let event = located(eventName)
      keywordText = "donate"
      // Room for the fields at once (one `=` each), as the general path makes.
      let fieldCount = bytes[index...].count { $0 == "=" }
      references.reserveCapacity(1 + fieldCount)
      references.append(NameReference(.event, event))
      var fields: [String: Value] = [:]
      if fieldCount > 1 { fields.reserveCapacity(fieldCount) }
      while !atEnd {
        guard let fieldName = name(), symbol("="), let value = value() else { return nil }
        let field = located(fieldName)
        references.append(NameReference(.field(event: event.value), field))
        fields[field.value] = value
      }
      if fieldCount == 1, let (field, value) = fields.first { fields = recentFields.fields(field, value) }
      action = .donate(event: event.value, fields: fields)
    default:
      return nil
    }
    guard atEnd else { return nil }
    return Statement(
      action: .command(action), keyword: located(command, as: keywordText), references: references, expressionLocations: [:], text: text,
      lines: number...number)
  }

  var atEnd: Bool {
    mutating get {
      skipSpaces()
      return index == bytes.count
    }
  }

  mutating func skipSpaces() {
    while index < bytes.count, bytes[index] == " " { index += 1 }
  }

  /// Whether a token ending at `end` ends where the lexer's would: at a space, the end of the
  /// line, or an `=`.
  func isTokenEnd(_ end: Int) -> Bool { end == bytes.count || bytes[end] == " " || bytes[end] == "=" }

  /// A name token (the lexer's scanner), as a range of the line; nil for anything else, and
  /// for a name holding a dash (only command words do: the general path says which).
  mutating func name() -> Range<Int>? {
    skipSpaces()
    guard index < bytes.count, bytes[index].isLexLetter || bytes[index] == "_" else { return nil }
    let start = index
    let end = Lexer.endOfName(bytes, from: start)
    guard isTokenEnd(end), !bytes[start..<end].contains("-") else { return nil }
    index = end
    return start..<end
  }

  /// A number token (the lexer's scanner); nil for anything else, or one the lexer refuses.
  mutating func numberToken() -> Token.Kind? {
    skipSpaces()
    guard index < bytes.count, bytes[index].isLexNumber || (bytes[index] == "-" && index + 1 < bytes.count && bytes[index + 1].isLexNumber)
    else { return nil }
    let line = number
    guard let token = try? Lexer.number(bytes, &index, location: { SourceLocation(line: line, column: $0 + 1) }), isTokenEnd(index)
    else { return nil }
    return token.kind
  }

  /// `true`, `false` or an integer.
  mutating func value() -> Value? {
    if let word = name() {
      if matches(word, "true") { return .bool(true) }
      if matches(word, "false") { return .bool(false) }
      return nil
    }
    guard case .integer(let value)? = numberToken() else { return nil }
    return .int(value)
  }

  mutating func symbol(_ symbol: ASCIIByte) -> Bool {
    skipSpaces()
    guard index < bytes.count, bytes[index] == symbol else { return false }
    index += 1
    return true
  }

  func matches(_ word: Range<Int>, _ text: StaticString) -> Bool {
    guard word.count == text.utf8CodeUnitCount else { return false }
    for offset in 0..<word.count where bytes[word.lowerBound + offset].value != text.utf8Start[offset] { return false }
    return true
  }

  func string(_ word: Range<Int>) -> String { ASCIIByte.string(bytes[word]) }

  func located(_ word: Range<Int>) -> Located<String> { located(word, as: string(word)) }

  /// The word at its place, with `text` as its value (a keyword, the literal it matched).
  func located(_ word: Range<Int>, as text: String) -> Located<String> {
    Located(text, at: SourceLocation(line: number, column: word.lowerBound + 1), length: word.count)
  }
}
