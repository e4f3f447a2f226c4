import Simulation
import TipEngine

/// The lines a long script repeats — `open NAME`, `close NAME`, `set NAME VALUE`,
/// `advance DURATION` and `donate EVENT FIELD=VALUE…` — read straight from their bytes, with
/// no token array and no strings but the names: the general path (`Lexer`, then `parseLine`)
/// is several times slower, and the parse shares two cores with the run.
///
/// A line is read here only when it is plainly one of these: ASCII, its words and numbers
/// separated by spaces, nothing the general path would read differently or refuse (a
/// comment, a string, a decimal, a dash, a duration unit it does not know, a number too long
/// to be sure of). Anything else is nil, and goes the general way. What is read here is the
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

/// One line's bytes, read word by word.
private struct QuickLine {
  let bytes: UnsafeBufferPointer<UInt8>
  let number: Int
  var index = 0

  init(bytes: UnsafeBufferPointer<UInt8>, number: Int) {
    self.bytes = bytes
    self.number = number
  }

  /// Where a word starts and ends in the line, as the general path would read its token.
  struct Word {
    var start: Int
    var end: Int
    var length: Int { end - start }
  }

  mutating func statement(text: String, recentFields: inout Parser.RecentFields) -> Statement? {
    guard let command = word() else { return nil }
    // The keyword's text is the literal it matched, not its bytes decoded again.
    let keywordText: String
    var references: [NameReference] = []
    let action: Command
    switch bytes[command.start] {
    case UInt8(ascii: "o"), UInt8(ascii: "c"):
      let isOpen = matches(command, "open")
      guard isOpen || matches(command, "close"), let screen = name() else { return nil }
      keywordText = isOpen ? "open" : "close"
      references = [NameReference(.screen, screen)]
      action = isOpen ? .open(screen.value) : .close(screen.value)
    case UInt8(ascii: "s"):
      guard matches(command, "set"), let parameter = name(), let value = value() else { return nil }
      keywordText = "set"
      references = [NameReference(.parameter, parameter)]
      action = .set(parameter: parameter.value, value)
    case UInt8(ascii: "a"):
      guard matches(command, "advance"), let span = duration() else { return nil }
      keywordText = "advance"
      action = .advance(span)
    case UInt8(ascii: "d"):
      guard matches(command, "donate"), let event = name() else { return nil }
      keywordText = "donate"
      // Room for the fields at once (three words each), as the general path makes.
      var fieldCount = 0
      var probe = self
      while probe.word() != nil { fieldCount += 1 }
      fieldCount /= 3
      references.reserveCapacity(1 + fieldCount)
      references.append(NameReference(.event, event))
      var fields: [String: Value] = [:]
      if fieldCount == 1 {
        guard let field = name(), symbol(UInt8(ascii: "=")), let value = value() else { return nil }
        references.append(NameReference(.field(event: event.value), field))
        fields = recentFields.fields(field.value, value)
      } else {
        if fieldCount > 0 { fields.reserveCapacity(fieldCount) }
        while !atEnd {
          guard let field = name(), symbol(UInt8(ascii: "=")), let value = value() else { return nil }
          references.append(NameReference(.field(event: event.value), field))
          fields[field.value] = value
        }
      }
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
    while index < bytes.count, bytes[index] == 0x20 { index += 1 }
  }

  /// The next run of letters, digits and `_` (a name, a number, a duration), with a `-`
  /// before it if a digit follows, or a lone `=`, after spaces; nil at the end or at any
  /// other byte. As the general path's tokens, so that a donation's fields are counted alike.
  mutating func word() -> Word? {
    skipSpaces()
    let start = index
    guard index < bytes.count else { return nil }
    if bytes[index] == UInt8(ascii: "=") {
      index += 1
      return Word(start: start, end: index)
    }
    if bytes[index] == UInt8(ascii: "-"), index + 1 < bytes.count, bytes[index + 1].isLexNumber { index += 1 }
    while index < bytes.count, bytes[index].isLexLetter || bytes[index].isLexNumber || bytes[index] == UInt8(ascii: "_") {
      index += 1
    }
    return index > start ? Word(start: start, end: index) : nil
  }

  func matches(_ word: Word, _ text: StaticString) -> Bool {
    guard word.length == text.utf8CodeUnitCount else { return false }
    for offset in 0..<word.length where bytes[word.start + offset] != text.utf8Start[offset] { return false }
    return true
  }

  func string(_ word: Word) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[word.start..<word.end]), as: UTF8.self) }

  func located(_ word: Word) -> Located<String> { located(word, as: string(word)) }

  /// The word at its place, with `text` as its value (a keyword, the literal it matched).
  func located(_ word: Word, as text: String) -> Located<String> {
    Located(text, at: SourceLocation(line: number, column: word.start + 1), length: word.length)
  }

  /// Whether the word just read ends where the general path's token would: at a space, the
  /// end, or (after a name) an `=`.
  func endsToken(allowingEquals: Bool = false) -> Bool {
    index == bytes.count || bytes[index] == 0x20 || (allowingEquals && bytes[index] == UInt8(ascii: "="))
  }

  /// A name: a letter or `_`, then letters, digits and `_`.
  mutating func name() -> Located<String>? {
    guard let word = word(), bytes[word.start].isLexLetter || bytes[word.start] == UInt8(ascii: "_"),
      endsToken(allowingEquals: true)
    else { return nil }
    return located(word)
  }

  mutating func symbol(_ symbol: UInt8) -> Bool {
    skipSpaces()
    guard index < bytes.count, bytes[index] == symbol else { return false }
    index += 1
    return true
  }

  /// `true`, `false`, or an integer of at most 18 digits, with a `-` before it or not.
  mutating func value() -> Value? {
    guard let word = word(), endsToken() else { return nil }
    let negative = bytes[word.start] == UInt8(ascii: "-")
    let digits = negative ? word.start + 1 : word.start
    if digits < word.end, bytes[digits].isLexNumber {
      guard word.end - digits <= 18 else { return nil }
      var value = 0
      for offset in digits..<word.end {
        guard bytes[offset].isLexNumber else { return nil }
        value = value * 10 + Int(bytes[offset] &- UInt8(ascii: "0"))
      }
      return .int(negative ? -value : value)
    }
    if matches(word, "true") { return .bool(true) }
    if matches(word, "false") { return .bool(false) }
    return nil
  }

  /// A duration: amounts of at most nine digits, each with a unit of `s`, `m`, `h`, `d` or
  /// `w`, in one word (`1d12h`).
  mutating func duration() -> TimeSpan? {
    guard let word = word(), endsToken(), bytes[word.start].isLexNumber else { return nil }
    var total: Int64 = 0
    var offset = word.start
    while offset < word.end {
      var amount: Int64 = 0
      let digitsStart = offset
      while offset < word.end, bytes[offset].isLexNumber {
        guard offset - digitsStart < 9 else { return nil }
        amount = amount * 10 + Int64(bytes[offset] &- UInt8(ascii: "0"))
        offset += 1
      }
      guard offset > digitsStart, offset < word.end, bytes[offset].isLexLetter else { return nil }
      // One letter, then a digit or the end: a longer unit is the general path's error.
      let unit = bytes[offset]
      offset += 1
      guard offset == word.end || bytes[offset].isLexNumber else { return nil }
      let size: Int64
      switch unit {
      case UInt8(ascii: "s"): size = 1
      case UInt8(ascii: "m"): size = 60
      case UInt8(ascii: "h"): size = 3600
      case UInt8(ascii: "d"): size = 86_400
      case UInt8(ascii: "w"): size = 604_800
      default: return nil
      }
      total += amount * size
      guard total < 1 << 50 else { return nil }
    }
    return TimeSpan(seconds: total)
  }
}
