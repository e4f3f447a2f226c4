import Foundation
import Simulation
import TipEngine

/// Splits one line of a scenario into tokens; `#` outside a string starts a comment.
public enum Lexer {
  /// The longest line the language accepts, so a runaway line is an error, not a hang.
  public static let maximumLineLength = 10_000

  public static func tokenize(_ line: String, lineNumber: Int) throws(Diagnostic) -> [Token] {
    // An ASCII line (nearly every line) is lexed as bytes, in place: a byte is a Character
    // there, so columns are the same, without breaking the line into Characters (or copying
    // its bytes: that was a twelfth of the parse).
    var line = line
    let ascii = line.withUTF8 { bytes -> Result<[Token], Diagnostic>? in
      var seen: UInt8 = 0
      for byte in bytes { seen |= byte }
      guard seen < 0x80 else { return nil }
      return bytes.withMemoryRebound(to: ASCIIByte.self) { units in
        Result { () throws(Diagnostic) in try tokenize(units, lineNumber: lineNumber) }
      }
    }
    if let ascii { return try ascii.get() }
    return try tokenize(Array(line), lineNumber: lineNumber)
  }

  private static func tokenize<Units: RandomAccessCollection>(_ chars: Units, lineNumber: Int) throws(Diagnostic) -> [Token]
  where Units.Index == Int, Units.Element: LexUnit {
    typealias Unit = Units.Element
    guard chars.count <= maximumLineLength else {
      throw Diagnostic("line is longer than \(maximumLineLength) characters", at: SourceLocation(line: lineNumber, column: 1))
    }
    var tokens: [Token] = []
    // Room for a typical line's tokens at once: growing from one token reallocated twice a line.
    tokens.reserveCapacity(min(chars.count, 8))
    var i = 0
    func location(_ index: Int) -> SourceLocation { SourceLocation(line: lineNumber, column: index + 1) }
    func add(_ kind: Token.Kind, from start: Int) { tokens.append(Token(kind: kind, location: location(start), length: i - start)) }

    while i < chars.count {
      let c = chars[i]
      let start = i
      if c == " " || c == "\t" || c == "\r" {
        i += 1
      } else if c == "#" {
        break
      } else if c == "\"" {
        i += 1
        var text = ""
        var closed = false
        while i < chars.count {
          let d = chars[i]
          if d == "\"" {
            closed = true
            i += 1
            break
          }
          if d == "\\" {
            guard i + 1 < chars.count else { break }
            switch chars[i + 1] {
            case "\"": text.append("\"")
            case "\\": text.append("\\")
            case "n": text.append("\n")
            case "t": text.append("\t")
            default:
              throw Diagnostic("unknown escape \\\(chars[i + 1].character) in string (use \\\" or \\\\)", at: location(i), length: 2)
            }
            i += 2
            continue
          }
          text.append(d.character)
          i += 1
        }
        guard closed else { throw Diagnostic("unterminated string", at: location(start), length: chars.count - start) }
        add(.string(text), from: start)
      } else if c.isLexLetter || c == "_" {
        i = endOfName(chars, from: start)
        add(.name(Unit.name(chars[start..<i])), from: start)
      } else if c.isASCII && c.isLexNumber || (c == "-" && i + 1 < chars.count && chars[i + 1].isASCII && chars[i + 1].isLexNumber) {
        tokens.append(try number(chars, &i, location: location))
      } else {
        if let two = i + 1 < chars.count ? Lexer.pairSymbol(c, chars[i + 1]) : nil {
          i += 2
          add(.symbol(two), from: start)
        } else if let one = Lexer.symbol(c) {
          i += 1
          add(.symbol(one), from: start)
        } else {
          throw Diagnostic("unexpected character '\(c.character)'", at: location(i))
        }
      }
    }
    return tokens
  }

  /// `== != <= >= += -= && ||`, if `first` and `second` make one.
  private static func pairSymbol<Unit: LexUnit>(_ first: Unit, _ second: Unit) -> String? {
    if second == "=" {
      if first == "=" { return "==" }
      if first == "!" { return "!=" }
      if first == "<" { return "<=" }
      if first == ">" { return ">=" }
      if first == "+" { return "+=" }
      if first == "-" { return "-=" }
      return nil
    }
    if first == "&" && second == "&" { return "&&" }
    if first == "|" && second == "|" { return "||" }
    return nil
  }

  /// `. : , ( ) ; = < > ! % ? + -`, if `unit` is one.
  private static func symbol<Unit: LexUnit>(_ unit: Unit) -> String? {
    guard let code = unit.asciiValue else { return nil }
    return singleSymbols[Int(code)]
  }

  /// The one-character symbols, by ASCII code.
  private static let singleSymbols: [String?] = (0..<128).map { code in
    let character = Character(Unicode.Scalar(UInt8(code)))
    return ".:,();=<>!%?+-".contains(character) ? String(character) : nil
  }

  /// Where the name that starts at `start` (a letter or `_`) ends. A dash between letters
  /// joins a command word (`dismiss-sheet`); names never hold one.
  static func endOfName<Units: RandomAccessCollection>(_ chars: Units, from start: Int) -> Int
  where Units.Index == Int, Units.Element: LexUnit {
    var i = start
    while i < chars.count,
      chars[i].isLexLetter || chars[i].isLexNumber || chars[i] == "_"
        || (chars[i] == "-" && i + 1 < chars.count && chars[i + 1].isLexLetter)
    {
      i += 1
    }
    return i
  }

  /// A number, a duration (`1d12h`) or an instant (`2026-11-01`, `2026-11-01T09:00[:30]`),
  /// from `i` (a digit, or a dash and a digit) to the end of the token.
  static func number<Units: RandomAccessCollection>(
    _ chars: Units, _ i: inout Int, location: (Int) -> SourceLocation
  ) throws(Diagnostic) -> Token where Units.Index == Int, Units.Element: LexUnit {
    typealias Unit = Units.Element
    let start = i
    func digits() -> String {
      let from = i
      while i < chars.count, chars[i].isASCII, chars[i].isLexNumber { i += 1 }
      return Unit.string(chars[from..<i])
    }
    func fail(_ message: String) -> Diagnostic {
      var end = i
      while end < chars.count, !chars[end].isWhitespace { end += 1 }
      return Diagnostic(message, at: location(start), length: max(1, end - start))
    }
    let negative = chars[i] == "-"
    if negative { i += 1 }
    let whole = digits()
    // An instant: four digits and a dash.
    if !negative, whole.count == 4, i < chars.count, chars[i] == "-" {
      var fields: [Int64] = [Int64(whole) ?? 0]
      for separator in ["-", "-", "T", ":", ":"] as [Unit] {
        guard i < chars.count, chars[i] == separator else {
          if separator == ":" && fields.count == 5 { break }
          // A date alone means its midnight.
          if separator == "T" && fields.count == 3 && (i == chars.count || chars[i].isWhitespace) {
            fields += [0, 0]
            break
          }
          throw fail("malformed instant: write 2026-11-01, 2026-11-01T09:00 or 2026-11-01T09:00:30")
        }
        i += 1
        let part = digits()
        guard part.count == 2 else { throw fail("malformed instant: write 2026-11-01, 2026-11-01T09:00 or 2026-11-01T09:00:30") }
        fields.append(Int64(part) ?? 0)
      }
      let civil = CivilTime(
        year: fields[0], month: fields[1], day: fields[2], hour: fields[3], minute: fields[4], second: fields.count > 5 ? fields[5] : 0)
      guard civil.isValid else { throw fail("\(Unit.string(chars[start..<i])) is not a valid date and time") }
      return Token(kind: .instant(civil), location: location(start), length: i - start)
    }
    // A duration: number-unit pairs.
    if i < chars.count, chars[i].isLexLetter {
      var total: Int64 = 0
      var amount = whole
      while true {
        let unitStart = i
        while i < chars.count, chars[i].isLexLetter { i += 1 }
        let unit = Unit.string(chars[unitStart..<i])
        let size: Int64
        switch unit {
        case "s": size = 1
        case "m": size = 60
        case "h": size = 3600
        case "d": size = 86_400
        case "w": size = 604_800
        // `4pm`: a time of day on a 12-hour clock, which the language writes 16:00.
        case _ where total == 0 && !negative && ["am", "pm"].contains(unit.lowercased()):
          throw fail(TimeOfDayText.twelveHour(hour: Int(whole) ?? 0, minute: 0, unit))
        default: throw fail("unknown duration unit '\(unit)' (use s, m, h, d or w, as in 1d12h)")
        }
        guard let n = Int64(amount) else { throw fail("duration is too large") }
        let (product, overflow) = n.multipliedReportingOverflow(by: size)
        let (sum, overflow2) = total.addingReportingOverflow(product)
        guard !overflow, !overflow2, sum < 1 << 50 else { throw fail("duration is too large") }
        total = sum
        guard i < chars.count, chars[i].isASCII, chars[i].isLexNumber else { break }
        amount = digits()
      }
      if negative { throw fail("a duration cannot be negative") }
      return Token(kind: .duration(TimeSpan(seconds: total)), location: location(start), length: i - start)
    }
    if i + 1 < chars.count, chars[i] == ".", chars[i + 1].isASCII, chars[i + 1].isLexNumber {
      i += 1
      let fraction = digits()
      guard let value = Double((negative ? "-" : "") + whole + "." + fraction), value.isFinite else { throw fail("number is too large") }
      return Token(kind: .decimal(value), location: location(start), length: i - start)
    }
    guard let value = Int((negative ? "-" : "") + whole) else { throw fail("number is too large") }
    return Token(kind: .integer(value), location: location(start), length: i - start)
  }
}

/// What the lexer reads a line as: Characters, or bytes for an ASCII line.
protocol LexUnit: Equatable, ExpressibleByUnicodeScalarLiteral {
  var isLexLetter: Bool { get }
  var isLexNumber: Bool { get }
  var isASCII: Bool { get }
  /// The unit's ASCII code, if it is ASCII.
  var asciiValue: UInt8? { get }
  var isWhitespace: Bool { get }
  var character: Character { get }
  static func string(_ units: some Collection<Self>) -> String
  /// A name, in Unicode's composed form (NFC): `é` typed as `e` + U+0301 names the same
  /// tip as `é`, and every table compares names by their bytes (`NameMap`).
  static func name(_ units: some Collection<Self>) -> String
}

extension Character: LexUnit {
  /// `isLetter`, without a Unicode property lookup for ASCII (most scenario text).
  var isLexLetter: Bool {
    guard let byte = asciiValue else { return isLetter }
    return byte.isLexLetter
  }

  /// `isNumber`, without a Unicode property lookup for ASCII.
  var isLexNumber: Bool {
    guard let byte = asciiValue else { return isNumber }
    return byte.isLexNumber
  }

  var character: Character { self }
  static func string(_ units: some Collection<Character>) -> String { String(units) }
  static func name(_ units: some Collection<Character>) -> String { String(units).precomposedStringWithCanonicalMapping }
}

/// A byte of an ASCII line (laid out as the byte: a line's UTF-8 is read as these in place).
struct ASCIIByte: LexUnit {
  var value: UInt8

  init(_ value: UInt8) { self.value = value }
  init(unicodeScalarLiteral scalar: Unicode.Scalar) { value = UInt8(ascii: scalar) }
  var isLexLetter: Bool { value.isLexLetter }
  var isLexNumber: Bool { value.isLexNumber }
  var isASCII: Bool { true }
  var asciiValue: UInt8? { value }
  var isWhitespace: Bool { value == 0x20 || (0x09...0x0D).contains(value) }
  var character: Character { Character(Unicode.Scalar(value)) }
  static func string(_ units: some Collection<ASCIIByte>) -> String {
    // Copied byte by byte: decoding a lazy map went through the generic, non-contiguous path.
    String(unsafeUninitializedCapacity: units.count) { buffer in
      for (offset, unit) in units.enumerated() { buffer[offset] = unit.value }
      return units.count
    }
  }
  static func name(_ units: some Collection<ASCIIByte>) -> String { string(units) }
}

extension UInt8 {
  /// An ASCII letter, as the lexer reads names and duration units (the quick parse path too).
  var isLexLetter: Bool { (65...90).contains(self) || (97...122).contains(self) }
  /// An ASCII digit.
  var isLexNumber: Bool { (48...57).contains(self) }
}
