import Simulation
import TipEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns scenario text into statements. Syntax only: names are checked against the world's
/// definitions when each statement runs (see `Resolver`).
public struct Parser {
  /// The lines of the source, for diagnostics.
  public let lines: [String]
  let firstLine: Int
  /// How `include FILE` reads its file.
  public var includes = IncludeReader.none
  /// The files being included, outermost first: the one parsed is the last.
  var includeChain: [IncludeReader.File] = []

  /// `firstLine` numbers the first line (the shell parses one entry at a time).
  public init(source: String, firstLine: Int = 1) {
    var source = source
    self = source.withUTF8 { Parser(utf8: $0, firstLine: firstLine) }
  }

  /// The same, from the source's UTF-8 (valid: a piece of a `String`, cut at a line feed).
  init(utf8 bytes: UnsafeBufferPointer<UInt8>, firstLine: Int) {
    // Split on the byte "\n" (a line feed is always a Character of its own, or ends "\r\n"),
    // then drop a "\r" before it: the same lines as splitting Characters, without grapheme
    // breaking the whole file. A last line left empty is no line. The bytes are read in place.
    var lines: [String] = []
    var start = 0
    while let feed = Parser.lineFeed(in: bytes, from: start) {
      lines.append(Parser.lineText(bytes, start, feed))
      start = feed + 1
    }
    if start < bytes.count, case let last = Parser.lineText(bytes, start, bytes.count), !last.isEmpty { lines.append(last) }
    self.lines = lines
    self.firstLine = firstLine
  }

  /// Line `number` (from 1) of `source`, as `Parser(source:).lines` has it, without
  /// splitting the others; nil when there is no such line. For a diagnostic of a long
  /// script, whose lines are not kept.
  public static func line(_ number: Int, of source: String) -> String? {
    guard number >= 1 else { return nil }
    var source = source
    return source.withUTF8 { bytes in
      var start = 0
      var line = 1
      while line < number {
        guard let feed = lineFeed(in: bytes, from: start) else { return nil }
        start = feed + 1
        line += 1
      }
      let feed = lineFeed(in: bytes, from: start)
      let text = lineText(bytes, start, feed ?? bytes.count)
      // As `init`: a last line left empty is no line.
      return feed == nil && text.isEmpty ? nil : text
    }
  }

  /// Where the first line feed at or after `start` is in `bytes`, found with `memchr` (each
  /// part is read twice: its end, its lines).
  static func lineFeed(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard start < bytes.count, let base = bytes.baseAddress, let found = memchr(base + start, 10, bytes.count - start) else { return nil }
    return UnsafeRawPointer(base).distance(to: found)
  }

  /// The line in `bytes[start..<end]`, its line feed excluded: a "\r" before the end is
  /// dropped.
  private static func lineText(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
    let end = end > start && bytes[end - 1] == 13 ? end - 1 : end
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
  }

  /// The commands whose indented lines that follow belong to them: `tip` and `cohort`. A
  /// list, not a set: every line of a script is checked, and comparing two short names is
  /// cheaper than hashing one.
  public static let blockCommands = ["tip", "cohort"]

  /// The block command a line opens (`tip` or `cohort`), if it is not indented and starts
  /// with one.
  public static func blockCommand(of line: String) -> String? {
    guard !isIndented(line), let first = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first else { return nil }
    return blockCommands.contains(String(first)) ? String(first) : nil
  }

  /// Whether a line continues a `tip` or `cohort` block: indented by at least two spaces or a tab.
  public static func isIndented(_ line: String) -> Bool {
    // By its first bytes (asked of every line; `hasPrefix` compared Characters): a tab, or two
    // spaces, unless a byte beyond ASCII follows them, which can join the second space into
    // one Character (a combining mark), as `hasPrefix` would see.
    let bytes = line.utf8
    guard let first = bytes.first, first == 0x20 || first == 0x09 else { return false }
    if first == 0x09 { return true }
    let second = bytes.index(after: bytes.startIndex)
    guard second < bytes.endIndex, bytes[second] == 0x20 else { return false }
    let third = bytes.index(after: second)
    return third == bytes.endIndex || bytes[third] < 0x80 || line.hasPrefix("  ")
  }

  static func isBlank(_ line: String) -> Bool {
    // A line of code is nearly always told by its first visible byte: an ASCII one other than
    // `#` and `\r` starts a Character that is neither, whatever follows it.
    for byte in line.utf8 where byte != 0x20 && byte != 0x09 {
      if byte < 0x80 && byte != UInt8(ascii: "#") && byte != 0x0D { return false }
      break
    }
    let trimmed = line.drop { $0 == " " || $0 == "\t" }
    return trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed == "\r"
  }

  /// Parses every statement; the first error stops parsing.
  public func parse() throws(Diagnostic) -> [Statement] { try parse(lines.indices) }

  /// Parses `source` in order, part by part, handing each part's statements and lines to
  /// `deliver` as soon as they are read; the first error stops. A part is about `size` lines,
  /// ending before a line that starts with neither a space nor a tab, so no `tip` or `cohort`
  /// block goes on past it. A part's lines are split only when the parts before it are
  /// delivered: a runner can run the first statements after reading only their lines.
  public static func parse(
    _ source: String, inPartsOf size: Int, includes: IncludeReader = .none,
    deliver: (_ statements: [Statement], _ lines: [String]) -> Void
  ) throws(Diagnostic) {
    var source = source
    let failure: Diagnostic? = source.withUTF8 { bytes in
      var start = 0
      var firstLine = 1
      while start < bytes.count {
        let end = partEnd(in: bytes, from: start, lines: max(1, size))
        var parser = Parser(utf8: UnsafeBufferPointer(rebasing: bytes[start..<end]), firstLine: firstLine)
        parser.includes = includes
        do throws(Diagnostic) { deliver(try parser.parse(), parser.lines) } catch { return error }
        firstLine += parser.lines.count
        start = end
      }
      return nil
    }
    if let failure { throw failure }
  }

  /// Where the part that starts at byte `start` ends: after its `count`th line feed, or after
  /// a later one if the line after it starts with a space or a tab; or at the end.
  static func partEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, lines count: Int) -> Int {
    var seen = 0
    var index = start
    while let feed = lineFeed(in: bytes, from: index) {
      seen += 1
      let next = feed + 1
      if seen >= count, next == bytes.count || (bytes[next] != 0x20 && bytes[next] != 0x09) { return next }
      index = next
    }
    return bytes.count
  }

  /// Parses the statements that start in `range`; a `tip` block may read on past its end.
  func parse(_ range: Range<Int>) throws(Diagnostic) -> [Statement] {
    // A statement to a line at most: grown from empty, the array of a long part was copied
    // a dozen times over.
    var statements: [Statement] = []
    statements.reserveCapacity(range.count)
    var recentFields = RecentFields()
    // Comment lines wait for the statement after them (`save` writes them back before it).
    var comments: [String] = []
    var commentsBefore = 0
    var i = range.lowerBound
    while i < range.upperBound {
      let number = firstLine + i
      let line = lines[i]
      if !comments.isEmpty, statements.count > commentsBefore {
        statements[commentsBefore].comments = comments
        comments = []
      }
      if Parser.isBlank(line) {
        if line.utf8.contains(UInt8(ascii: "#")) {
          if comments.isEmpty { commentsBefore = statements.count }
          comments.append(line)
        }
        i += 1
        continue
      }
      if Parser.isIndented(line) {
        let column = line.prefix { $0 == " " || $0 == "\t" }.count + 1
        throw Diagnostic(
          "indented line outside a tip or cohort block", at: SourceLocation(line: number, column: column), length: line.count - column + 1,
          note: "only the lines of a `tip` or `cohort` block are indented")
      }
      // The lines read raw start with `t`, `s` or `l`; the first byte rules the others out.
      let initial = line.utf8.first ?? 0
      if initial == UInt8(ascii: "t"), line.hasPrefix("timeline"), let range = line.range(of: " --svg") {
        statements.append(try parseTimeline(line, line: number, svgAt: range))
        i += 1
        continue
      }
      if initial == UInt8(ascii: "r"), line == "report" || line.hasPrefix("report ") || line.hasPrefix("report\t") {
        statements.append(try parseReportLine(line, line: number))
        i += 1
        continue
      }
      if initial == UInt8(ascii: "s") || initial == UInt8(ascii: "l"), line.hasPrefix("save-state ") || line.hasPrefix("load-state ") {
        statements.append(try parseStateLine(line, line: number))
        i += 1
        continue
      }
      if initial == UInt8(ascii: "i"), line == "include" || line.hasPrefix("include ") || line.hasPrefix("include\t") {
        statements += try parseInclude(line, line: number)
        i += 1
        continue
      }
      if initial == UInt8(ascii: "t"), line == "timezone" || line.hasPrefix("timezone ") || line.hasPrefix("timezone\t") {
        statements.append(try parseTimeZone(line, line: number))
        i += 1
        continue
      }
      if let statement = Parser.quickStatement(line, number: number, recentFields: &recentFields) {
        statements.append(statement)
        i += 1
        continue
      }
      let tokens = try Lexer.tokenize(line, lineNumber: number)
      if case .name(let command)? = tokens.first?.kind, Parser.blockCommands.contains(command) {
        var block: [(Int, String)] = []
        var j = i + 1
        while j < lines.count, Parser.isIndented(lines[j]) {
          block.append((firstLine + j, lines[j]))
          j += 1
        }
        if command == "cohort" {
          statements.append(try parseCohort(header: tokens, line: number, block: block))
        } else {
          statements.append(try parseTip(header: tokens, line: number, block: block))
        }
        i = j
      } else {
        statements.append(try parseLine(tokens, line: number, text: line))
        i += 1
      }
    }
    if !comments.isEmpty, statements.count > commentsBefore {
      statements[commentsBefore].comments = comments
    } else if !comments.isEmpty, !statements.isEmpty {
      statements[statements.count - 1].trailingComments = comments
    }
    return statements
  }

  /// A cursor over the tokens of line `number` of the script.
  func cursor(_ tokens: [Token], line number: Int) -> Cursor { Cursor(tokens, line: number, text: lines[safe: number - firstLine] ?? "") }

  /// One non-block statement.
  func parseLine(_ tokens: [Token], line: Int, text: String) throws(Diagnostic) -> Statement {
    var c = cursor(tokens, line: line)
    guard let first = c.peek, case .name(let word) = first.kind else { throw c.expected("a command") }
    guard let runsInScripts = CommandTable.nameSet[word] else {
      let hint = suggestion(for: word, among: CommandTable.names).map { "did you mean '\($0)'?" } ?? "type `help` for the list of commands"
      throw Diagnostic("unknown command '\(word)'", at: first.location, length: first.length, note: hint)
    }
    if !runsInScripts {
      throw Diagnostic("`\(word)` works only in the interactive shell", at: first.location, length: first.length)
    }
    c.index += 1
    let keyword = Located(word, at: first.location, length: first.length)
    var refs: [NameReference] = []
    let action: Statement.Action
    switch word {
    // The commands a long script repeats come first: a case is found by comparing the word
    // with each case before it.
    case "advance":
      if c.take(word: "to") {
        let instant = try c.instant()
        try c.finish("the instant")
        action = .command(.advanceTo(instant.value))
      } else {
        let span = try c.duration("a duration such as 23h or 1d12h, or `to INSTANT`")
        try c.finish("the duration")
        action = .command(.advance(span.value))
      }
    case "donate":
      let event = try c.name("an event name")
      // Sized for the fields the line can hold (`FIELD = VALUE`, three tokens each): grown
      // from empty, the two collections were reallocated for nearly every donation.
      let fieldCount = (tokens.count - c.index) / 3
      refs.reserveCapacity(1 + fieldCount)
      refs.append(NameReference(.event, event))
      var fields: [String: Value] = fieldCount == 0 ? [:] : Dictionary(minimumCapacity: fieldCount)
      // `FIELD=INPUT` in an action: the value it is performed with.
      var given: [String: String] = [:]
      while !c.atEnd {
        let field = try c.name("FIELD=VALUE")
        refs.append(NameReference(.field(event: event.value), field))
        try c.symbol("=")
        if let token = c.peek, case .name(let word) = token.kind, !["true", "false", "nil"].contains(word) {
          let input = try c.name("a value")
          refs.append(NameReference(.input, input))
          given[field.value] = input.value
        } else {
          fields[field.value] = try c.value().value
        }
      }
      action = .command(
        given.isEmpty ? .donate(event: event.value, fields: fields) : .donateGiven(event: event.value, fields: fields, given: given))
    case "open", "close":
      let screen = try c.name("a screen name")
      refs.append(NameReference(.screen, screen))
      try c.finish("the screen")
      action = .command(word == "open" ? .open(screen.value) : .close(screen.value))
    case "set":
      action = .command(try parseSet(&c, references: &refs))
    default:
      // The other commands, by family.
      if let parsed = try parseDefinition(word, first: first, &c, references: &refs, tokens: tokens, line: line, text: text) {
        action = parsed
      } else if let parsed = try parseAction(word, first: first, &c, references: &refs, tokens: tokens, line: line, text: text) {
        action = parsed
      } else if let parsed = try parseReport(word, first: first, &c, references: &refs, tokens: tokens, line: line, text: text) {
        action = parsed
      } else if let parsed = try parseTimeTravel(word, first: first, &c, references: &refs, tokens: tokens, line: line, text: text) {
        action = parsed
      } else if let parsed = try parsePlan(word, &c, references: &refs) {
        action = parsed
      } else {
        throw Diagnostic("`\(word)` cannot be used here", at: first.location, length: first.length)
      }
    }
    return Statement(action: action, keyword: keyword, references: refs, expressionLocations: [:], text: text, lines: line...line)
  }

}

extension Parser {
  /// An OS version such as `18.5` or `18.6.1`, read from the line's text.
  func version(_ c: inout Cursor, text: String) throws(Diagnostic) -> Located<OSVersion> {
    guard let first = c.peek else { throw c.expected("an OS version such as 18.5") }
    var end = first.location.column - 1
    let start = end
    while let token = c.peek, token.location.column - 1 == end {
      let isPart =
        switch token.kind {
        case .integer, .decimal, .symbol("."): true
        default: false
        }
      // `18:` (a reaction's `if os < 18:`): what follows the version is the caller's.
      if !isPart && end > start { break }
      guard isPart else { throw c.expected("an OS version such as 18.5") }
      end += token.length
      c.index += 1
    }
    let characters = Array(lines[safe: first.location.line - firstLine] ?? "")
    let raw = String(characters[min(start, characters.count)..<min(max(start, end), characters.count)])
    guard let version = OSVersion(raw) else {
      throw Diagnostic("'\(raw)' is not an OS version (write it like 17.2 or 18.6.1)", at: first.location, length: max(1, end - start))
    }
    return Located(version, at: first.location, length: end - start)
  }
}

/// An instant as the parser leaves it, for the resolver to place in the simulation's time
/// zone and after its start: a civil time read as UTC, or day N at a time of day, kept before
/// year 1, where no written date can be.
extension Instant {
  static let lastWrittenDay = 1_000_000
  private static let firstWrittenDay: Int64 = -(1 << 50)

  /// A civil time read as UTC.
  static func civil(_ civil: CivilTime) -> Instant { SimTimeZone.utc.instant(of: civil) }

  /// Day `n` (1 is the start's date), `seconds` after its midnight.
  static func day(_ n: Int, at seconds: Int) -> Instant {
    Instant(seconds: firstWrittenDay + Int64(n - 1) * 86_400 + Int64(seconds))
  }

  /// The day and time of day of an instant written as `day N HH:MM`; nil for a civil one.
  var writtenDay: (day: Int, seconds: Int)? {
    let offset = seconds - Instant.firstWrittenDay
    guard offset >= 0, offset < Int64(Instant.lastWrittenDay) * 86_400 else { return nil }
    return (Int(offset / 86_400) + 1, Int(offset % 86_400))
  }

  /// Whether two written instants can be ordered before they are placed (both civil or both days).
  func isComparable(with other: Instant) -> Bool { (writtenDay == nil) == (other.writtenDay == nil) }
}

extension Array {
  subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

extension Substring {
  func trimmingSpaces() -> String {
    var s = self
    if let hash = s.firstIndex(of: "#") { s = s[..<hash] }
    return String(s.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
  }
}
