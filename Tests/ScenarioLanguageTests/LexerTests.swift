import ScenarioLanguage
import Testing
import TipEngine

@Suite struct LexerTests {
  @Test(arguments: [
    ("30s", Int64(30)), ("15m", 900), ("2h", 7200), ("5d", 432_000), ("1w", 604_800), ("1d12h", 129_600), ("1h30m15s", 5415),
  ])
  func durationsConcatenate(text: String, seconds: Int64) throws {
    let tokens = try Lexer.tokenize(text, lineNumber: 1)
    #expect(tokens.map(\.kind) == [.duration(TimeSpan(seconds: seconds))])
  }

  @Test func instantsWithAndWithoutSeconds() throws {
    let tokens = try Lexer.tokenize("2026-11-01T09:00 2026-11-01T09:00:30", lineNumber: 1)
    guard case .instant(let a) = tokens[0].kind, case .instant(let b) = tokens[1].kind else {
      Issue.record("not instants: \(tokens)")
      return
    }
    #expect(a.iso == "2026-11-01T09:00")
    #expect(b.iso == "2026-11-01T09:00:30")
  }

  @Test func aDateAloneIsItsMidnight() throws {
    let tokens = try Lexer.tokenize("2026-11-03 2026-11-03T00:00", lineNumber: 1)
    #expect(tokens.count == 2)
    #expect(tokens[0].kind == tokens[1].kind)
    #expect(throws: Diagnostic.self) { try Lexer.tokenize("2026-11-03x", lineNumber: 1) }
    #expect(throws: Diagnostic.self) { try Lexer.tokenize("2026-02-30", lineNumber: 1) }
    let report = try #require(try? Parser(source: "advance to 2026-11-03").parse())
    #expect(report.count == 1)
  }

  @Test func stringsKeepUTF8AndEscapes() throws {
    let tokens = try Lexer.tokenize(#"title "Eightを利用している\"同僚\" \\ ok" # comment"#, lineNumber: 3)
    #expect(tokens.map(\.kind) == [.name("title"), .string(#"Eightを利用している"同僚" \ ok"#)])
    #expect(tokens[1].location == SourceLocation(line: 3, column: 7))
  }

  @Test(arguments: [
    ("title \"open", "unterminated string", 7),
    ("advance 5y", "unknown duration unit 'y'", 9),
    ("start 2026-13-01T09:00", "is not a valid date", 7),
    ("set x 99999999999999999999999", "number is too large", 7),
    ("set x @", "unexpected character '@'", 7),
    ("advance 99999999999999w", "duration is too large", 9),
  ])
  func badTokensPointAtTheirColumn(line: String, message: String, column: Int) {
    #expect {
      _ = try Lexer.tokenize(line, lineNumber: 1)
    } throws: { error in
      guard let d = error as? Diagnostic else { return false }
      return d.message.contains(message) && d.location.column == column
    }
  }

  @Test func crlfLineEndingsAreAccepted() throws {
    let statements = try Parser(source: "launch\r\nadvance 1h\r\n").parse()
    #expect(statements.count == 2)
  }

  /// Names are written in the composed form (NFC): tables compare names by their bytes.
  @Test func aNameTypedDecomposedIsTheComposedName() throws {
    let decomposed = try Lexer.tokenize("open cafe\u{301} now", lineNumber: 1)
    #expect(decomposed.map(\.kind) == [.name("open"), .name("caf\u{E9}"), .name("now")])
    #expect(decomposed[1].location.column == 6 && decomposed[1].length == 4)
  }

  @Test func anASCIILineAndTheSameLineWithANonASCIICommentLexAlike() throws {
    let line = "donate viewedBackyard backyardID=2 at 2026-11-01T09:00:30 for 1d12h (x >= -3.5) \"t\\\"\""
    let plain = try Lexer.tokenize(line, lineNumber: 4)
    let commented = try Lexer.tokenize(line + " # café", lineNumber: 4)
    #expect(plain == commented)
  }
}
