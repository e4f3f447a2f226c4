import HostOS
import ScenarioLanguage
import Simulation
import Testing
import TipEngine

@Suite struct ParserTests {
  func parse(_ source: String) throws -> [Statement] { try Parser(source: source).parse() }

  func diagnostic(_ source: String) -> Diagnostic? { Self.diagnostic(of: source) }

  static func diagnostic(of source: String) -> Diagnostic? {
    do {
      _ = try Parser(source: source).parse()
      return nil
    } catch {
      return error
    }
  }

  @Test func blankAndCommentLinesAreSkippedAndTheirLookalikesAreNot() throws {
    // Blank: spaces, tabs, a lone carriage return, a comment after indentation.
    #expect(try parse("\n   \n\t\n \r\n  # note\n#\nlaunch\n").count == 1)
    // A `#` that a combining mark joins is not a comment sign but one unexpected Character.
    #expect(diagnostic("#\u{301} x\n")?.location.column == 1)
    // A line's end column counts Characters, in ASCII and beyond.
    #expect(diagnostic("open\n")?.location.column == 5)
    #expect(diagnostic("param e\u{301} =\n")?.location.column == 10)
  }

  @Test func aLineIsIndentedByATabOrTwoSpacesAsItsCharactersRead() {
    // Read by bytes, as its Characters say: two spaces then a combining mark are a space and
    // a space with an accent, which is not two spaces.
    let lines = [
      "  open s", "\topen s", "\t\u{301}x", "  ", " ", "", " open", "open", " \t", "  \u{301}x", "  é", " \u{301} x", "\u{A0}\u{A0}x",
    ]
    for line in lines {
      #expect(Parser.isIndented(line) == (line.hasPrefix("  ") || line.hasPrefix("\t")), "\(line.debugDescription)")
    }
    #expect(!Parser.isIndented("  \u{301}x") && Parser.isIndented("  é"))
  }

  @Test func aTipBlockEndsAtTheFirstLineThatIsNotIndented() throws {
    let statements = try parse(
      """
      tip colleaguesAppeal
        title "Eightを利用している同僚がわかるようになりました"
        message "..."                      # optional
        anchor contacts.colleaguesTab      # popover (default); `inline` after it for an inline tip
        rule isLoggedIn == true            # any number; all must hold
        maxDisplayCount 1
        maxDisplayDuration 2m
        ignoresDisplayFrequency
        action learnMore "Learn more"
        id ColleaguesAppealTip             # optional persisted id (default: the tip's name)
      launch
      """)
    #expect(statements.count == 2)
    guard case .command(.defineTip(let tip, let placement)) = statements[0].action else {
      Issue.record("not a tip: \(statements[0].action)")
      return
    }
    #expect(tip.id == "ColleaguesAppealTip")
    #expect(tip.title == "Eightを利用している同僚がわかるようになりました")
    #expect(tip.options == TipOptions(maxDisplayCount: 1, ignoresDisplayFrequency: true, maxDisplayDuration: .minutes(2)))
    #expect(tip.actions == [TipAction(id: "learnMore", title: "Learn more")])
    #expect(placement == Placement(screen: "contacts", anchor: "colleaguesTab", style: .popover))
    #expect(tip.rules == [.comparison(.parameter("isLoggedIn"), .equal, .literal(.bool(true)))])
    #expect(statements[0].lines == 1...10)
  }

  @Test func rule8_anActionWithoutAnIDGetsItsIndex() throws {
    let statements = try parse("tip t\n  title \"T\"\n  action \"First\"\n  action \"Second\"")
    guard case .command(.defineTip(let tip, _)) = statements[0].action else { return }
    #expect(tip.actions.map(\.id) == ["0", "1"])
  }

  @Test(arguments: [
    (
      "viewedBackyard.count >= 3",
      Expression.comparison(.aggregate(EventAggregate(event: "viewedBackyard")), .greaterOrEqual, .literal(.int(3)))
    ),
    (
      "viewedBackyard.count(within: 5d) > 2",
      .comparison(.aggregate(EventAggregate(event: "viewedBackyard", within: .days(5))), .greater, .literal(.int(2)))
    ),
    (
      "viewedBackyard.count(within: 5d, where: backyardID == 2) >= 1",
      .comparison(
        .aggregate(EventAggregate(event: "viewedBackyard", within: .days(5), filter: .comparison(field: "backyardID", .equal, .int(2)))),
        .greaterOrEqual, .literal(.int(1)))
    ),
    (
      "viewedBackyard.largestSubset(by: backyardID, within: 5d) >= 3",
      .comparison(
        .aggregate(EventAggregate(event: "viewedBackyard", kind: .largestSubset(by: "backyardID"), within: .days(5))), .greaterOrEqual,
        .literal(.int(3)))
    ),
    (
      "not a || b && (c == 1)",
      .or(.not(.parameter("a")), .and(.parameter("b"), .comparison(.parameter("c"), .equal, .literal(.int(1)))))
    ),
    ("a and not b or c", .or(.and(.parameter("a"), .not(.parameter("b"))), .parameter("c"))),
  ])
  func ruleExpressions(text: String, expected: Expression) throws {
    let statements = try parse("tip t\n  title \"T\"\n  rule \(text)")
    guard case .command(.defineTip(let tip, _)) = statements[0].action else { return }
    #expect(tip.rules == [expected])
  }

  @Test func expressionsRenderBackAsTheySourceReads() throws {
    let text = "viewedBackyard.count(within: 5d, where: backyardID == 2) >= 1 and (a or not b)"
    let statements = try parse("tip t\n  title \"T\"\n  rule \(text)")
    guard case .command(.defineTip(let tip, _)) = statements[0].action else { return }
    #expect(tip.rules.first?.description == text)
  }

  @Test(arguments: [
    ("opn contacts", "unknown command 'opn'", "did you mean 'open'?", 1, 1),
    ("frequency dayly", "unknown frequency 'dayly'", "did you mean 'daily'?", 1, 11),
    ("policy countPolicy perScreen", "unknown value of countPolicy 'perScreen'", "did you mean 'perScreenOpen'?", 1, 20),
    ("expect suppressed t by frequncy", "unknown reason 'frequncy'", "did you mean 'frequency'?", 1, 24),
    ("  title \"x\"", "indented line outside a tip or cohort block", "only the lines of a `tip` or `cohort` block are indented", 1, 3),
    ("tip t\n  titel \"x\"", "unknown tip property 'titel'", "did you mean 'title'?", 2, 3),
    ("advance", "expected a duration such as 23h or 1d12h, or `to INSTANT` at end of line", nil, 1, 8),
    ("launch now", "unexpected 'now' after launch", nil, 1, 8),
    ("tip t\n  title \"T\"\n  rule ((((a", "expected ')' at end of line", nil, 3, 13),
  ])
  func invalidInputGetsAPreciseDiagnostic(source: String, message: String, note: String?, line: Int, column: Int) throws {
    let d = try #require(diagnostic(source))
    #expect(d.message == message)
    #expect(d.note == note)
    #expect(d.location == SourceLocation(line: line, column: column))
  }

  /// On a thread with the stack a Mac gives every thread but the main one, as a library's
  /// caller may parse: 500 `(`, 200 `not`, 500 `(` in a donation filter are refused, and the
  /// deepest rules allowed parse, in a debug build too.
  @Test func deepNestingIsAnErrorNotACrashOnAMacsThreadStack() throws {
    let deep = String(repeating: "(", count: 500) + "a" + String(repeating: ")", count: 500)
    let filter = "e.count(where: " + String(repeating: "(", count: 500) + "k == 1" + String(repeating: ")", count: 500) + ") > 0"
    let refused = [deep, String(repeating: "not ", count: 200) + "a", filter, String(repeating: "a and (", count: 33) + "a"]
    let allowed = [
      String(repeating: "(", count: 32) + "a" + String(repeating: ")", count: 32), String(repeating: "not ", count: 32) + "a",
      String(repeating: "a and (", count: 31) + "a" + String(repeating: ")", count: 31),
    ]
    let answers = HostOS.onThread(stackSize: HostOS.secondaryThreadStack) {
      (refused + allowed).map { rule in Self.diagnostic(of: "tip t\n  title \"T\"\n  rule \(rule)")?.message }
    }
    for message in answers.prefix(refused.count) {
      #expect(message == "expression is nested more than 32 levels deep")
    }
    #expect(Array(answers.dropFirst(refused.count)) == [nil, nil, nil])
  }

  @Test func theCaretSitsUnderTheColumnCountingWideCharacters() {
    let d = Diagnostic("unknown tip 'xyz'", at: SourceLocation(line: 4, column: 10), length: 3, note: "did you mean 'xy'?")
    let rendered = d.rendered(file: "a.scenario", source: "set 名前 = xyz")
    #expect(
      rendered == """
        a.scenario:4:10: error: unknown tip 'xyz'
        set 名前 = xyz
                   ^~~
        note: did you mean 'xy'?
        """)
  }

  /// A script of `statements` statements: `tip` blocks of 1 to 40 lines between plain lines,
  /// so that some block spans wherever a part would ideally start.
  func longScript(statements: Int) -> [String] {
    var lines: [String] = ["screen s: a", "param flag = false"]
    for i in 0..<statements {
      if i % 7 == 0 {
        lines.append("tip t\(i)")
        lines.append("  title \"T\"")
        lines.append("  anchor s.a")
        for _ in 0..<(i % 40) { lines.append("  rule flag == true") }
      } else {
        lines.append(i % 3 == 0 ? "" : "advance \(1 + i % 50)m")
      }
    }
    return lines
  }

  /// The statements and lines of `Parser.parse(_:inPartsOf:deliver:)`, part by part, or its
  /// error with the parts delivered before it.
  func parts(_ source: String, size: Int) -> (parts: [[Statement]], lines: [[String]], error: Diagnostic?) {
    var parts: [[Statement]] = []
    var lines: [[String]] = []
    do {
      try Parser.parse(source, inPartsOf: size) {
        parts.append($0)
        lines.append($1)
      }
      return (parts, lines, nil)
    } catch {
      return (parts, lines, error)
    }
  }

  @Test func aLongScriptParsedInPartsGivesTheStatementsAndLinesOfOnePass() throws {
    // CRLF line ends, blank lines and tip blocks of up to forty lines; with and without a
    // last line feed.
    let script = longScript(statements: 3000)
    for source in [script.joined(separator: "\n") + "\n", script.joined(separator: "\r\n"), script.joined(separator: "\n") + "\n\n"] {
      let whole = try parse(source)
      let wholeLines = Parser(source: source).lines
      #expect(whole.count > 2000)
      // One line found in the source is the same line.
      for number in [0, 1, 2, wholeLines.count / 2, wholeLines.count, wholeLines.count + 1, wholeLines.count + 2] {
        #expect(
          Parser.line(number, of: source) == (wholeLines.indices.contains(number - 1) ? wholeLines[number - 1] : nil), "line \(number)")
      }
      for size in [100_000, 4096, 1000, 333, 7, 1] {
        let (parts, lines, error) = parts(source, size: size)
        #expect(error == nil)
        #expect(parts.flatMap { $0 } == whole, "\(size) lines per part")
        #expect(lines.flatMap { $0 } == wholeLines, "\(size) lines per part")
        // Each part has its lines, at least `size` of them but the last, and starts at a line
        // that is not indented.
        #expect(lines.dropLast().allSatisfy { $0.count >= size }, "\(size) lines per part")
        #expect(lines.allSatisfy { !Parser.isIndented($0.first ?? "") }, "\(size) lines per part")
        let expected = (wholeLines.count + size - 1) / size
        #expect(parts.count <= expected && (size < 100 || parts.count + 3 >= expected), "\(size): \(parts.count) parts")
      }
    }
    #expect(parts("", size: 10).parts.isEmpty)
    // A last line with nothing but a "\r" is no line, found on its own or among the others.
    #expect(Parser(source: "a\n\r").lines == ["a"])
    #expect(Parser.line(1, of: "a\n\r") == "a" && Parser.line(2, of: "a\n\r") == nil)
  }

  @Test func aLongScriptParsedInPartsStopsAtItsFirstError() throws {
    let original = longScript(statements: 3000)
    var lines = original
    lines[lines.count - 10] = "advance soon"
    // An indented line after a plain one: at a part's start it is still outside any block.
    lines[100] = "advance 1m"
    lines[101] = "  rule flag == true"
    let source = lines.joined(separator: "\n")
    let whole = diagnostic(source)
    #expect(whole?.message == "indented line outside a tip or cohort block")
    #expect(whole?.location.line == 102)
    // Without the errors, the statements of lines 1 to 100.
    var fixed = original
    fixed[100] = "advance 1m"
    var index = 101
    while fixed[index].hasPrefix("  ") {
      fixed[index] = "advance 2m"
      index += 1
    }
    let before = try parse(fixed.joined(separator: "\n")).filter { $0.lines.upperBound <= 100 }
    for size in [1000, 101, 40, 1] {
      let (parts, _, error) = parts(source, size: size)
      #expect(error == whole)
      // The parts before the error's are delivered, whole; none after it. A part of one line
      // ends at line 100, since line 101 goes on into the indented line 102.
      #expect(parts.flatMap { $0 }.allSatisfy { $0.lines.upperBound < 102 }, "\(size) lines per part")
      if size == 1 { #expect(parts.flatMap { $0 } == before) }
      if size > 101 { #expect(parts.isEmpty) }
    }
  }
}
