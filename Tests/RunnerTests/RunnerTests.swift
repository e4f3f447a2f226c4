import Foundation
import Reports
import ScenarioLanguage
import Sessions
import Simulation
import Testing
import Tooling

@testable import Renderers
@testable import Runner

/// The package's root, found from this file, so tests run from any directory.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

@Suite struct RunnerTests {
  let base = """
    param isLoggedIn = false
    screen contacts: colleaguesTab
    tip colleaguesAppeal
      title "Colleagues"
      anchor contacts.colleaguesTab
      rule isLoggedIn == true
    launch
    open contacts

    """

  @Test func exitZeroWhenEveryExpectationHolds() {
    let report = ScenarioRunner.run(
      source: base + "expect suppressed colleaguesAppeal by rules\nset isLoggedIn true\nexpect shown colleaguesAppeal")
    #expect(report.exitCode == 0)
    #expect(report.expectationsChecked == 2)
    #expect(report.transcript.hasSuffix("── 2 expectations held\n"))
  }

  @Test func exitOneWithFileLineExpectedFoundAndWhy() throws {
    let report = ScenarioRunner.run(
      source: base + "expect shown colleaguesAppeal\nexpect status colleaguesAppeal pending", file: "story.scenario")
    #expect(report.exitCode == 1)
    let message = report.failureMessage
    #expect(message.contains("story.scenario:9: expect shown colleaguesAppeal"))
    #expect(message.contains("found: not on screen (rules)"))
    #expect(message.contains("✗ isLoggedIn == true"))
    #expect(message.contains("isLoggedIn = false (default)"))
    #expect(message.contains("actions that could: set isLoggedIn …"))
  }

  @Test func exitTwoRunsNothingAfterTheError() {
    let report = ScenarioRunner.run(source: base + "set isLoggedIn true\nopen contcts\nexpect shown colleaguesAppeal", file: "bad.scenario")
    #expect(report.exitCode == 2)
    #expect(
      report.errors == """
        bad.scenario:10:6: error: unknown screen 'contcts'
        open contcts
             ^~~~~~~
        note: did you mean 'contacts'?

        """)
    #expect(report.expectationsChecked == 0)
    // A screen that no line of the script defines: found before anything runs.
    #expect(report.transcript.isEmpty)
  }

  @Test func displayBoundsAndTheFirstDisplayAreExpectations() {
    let story = """
      screen home: button
      tip a
        anchor home.button
      timezone Asia/Tokyo
      launch
      open home
      close home
      advance 1d
      open home

      """
    let holds = ScenarioRunner.run(
      source: story
        + "expect displays a at least 2\nexpect displays a at most 2\nexpect first display a at 2026-01-01T09:00\n")
    #expect(holds.exitCode == 0, "\(holds.errors)\(holds.failureMessage)")
    #expect(holds.expectationsChecked == 3)
    let fails = ScenarioRunner.run(
      source: story + "expect displays a at least 3\nexpect displays a at most 1\nexpect first display a at 2026-01-02T09:00\n")
    #expect(fails.failures.map(\.foundText) == ["2 displays", "2 displays", "first display at 2026-01-01T09:00"])
    #expect(fails.failures.map(\.found) == [.displays(2), .displays(2), .firstDisplay(SimTimeZone.utc.civil(of: World.defaultStart))])
    let never = ScenarioRunner.run(source: "screen home: button\ntip a\n  anchor home.button\nexpect first display a at 2026-01-01T09:00")
    #expect(never.failures.map(\.found) == [.neverDisplayed])
    let bad = ScenarioRunner.run(source: story + "expect displays a at 3\n")
    #expect(bad.errors.contains("expected `least` or `most`"))
  }

  @Test func rule16_aDonationWithoutAFieldItsRulesGroupOrFilterByIsAWarning() {
    let report = ScenarioRunner.run(
      source: """
        event viewed(backyardID, kind)
        screen s: a
        tip favorite
          anchor s.a
          rule viewed.largestSubset(by: backyardID, within: 5d) >= 2
        tip other
          anchor s.a
          rule viewed.count(where: kind == "photo") >= 1
        launch
        donate viewed
        donate viewed backyardID=2 kind="photo"
        donate viewed kind="photo"
        """)
    let warnings = report.session.records.compactMap { if case .warning(let text) = $0.event { text } else { nil } }
    #expect(
      warnings == [
        .donationMissingField(event: "viewed", field: "backyardID", tips: ["favorite"]),
        .donationMissingField(event: "viewed", field: "kind", tips: ["other"]),
        .donationMissingField(event: "viewed", field: "backyardID", tips: ["favorite"]),
      ])
  }

  @Test func backgroundEndsDisplaysAndForegroundBringsTheScreensBack() {
    let report = ScenarioRunner.run(
      source: """
        screen s: a
        screen t: b
        tip x
          anchor s.a
        launch
        open s
        open t
        background
        expect hidden x
        invalidate all tipClosed
        foreground
        expect status x invalidated(tipClosed)
        """)
    #expect(report.exitCode == 0, "\(report.errors)\(report.failureMessage)")
    #expect(report.transcript.contains("background  the app left the foreground; displays end (s, t)"))
    #expect(report.transcript.contains("hidden      x at s.a · app went to the background"))
    #expect(report.transcript.contains("foreground  the app is back in the foreground (s, t)"))
    #expect(report.session.world.openScreens.map(\.name) == ["s", "t"])
    // A second `foreground`, or `open` while in the background, says so.
    let again = ScenarioRunner.run(source: "screen s: a\nlaunch\nbackground\nbackground\nforeground\nforeground\n")
    #expect(again.transcript.contains("the app is already in the background"))
    #expect(again.transcript.contains("the app is already in the foreground"))
    #expect(ScenarioRunner.run(source: "screen s: a\nlaunch\nbackground\nopen s\n").errors.contains("`foreground` first"))
    #expect(ScenarioRunner.run(source: "background\n").errors.contains("needs a running app"))
  }

  @Test func reactionsRunTheAppsCodeWhenTheirTriggerHappens() {
    let report = ScenarioRunner.run(
      source: """
        param onboardingDone = false
        screen home: a b
        tip first
          anchor home.a
          maxDisplayCount 1
        tip second
          anchor home.b
          rule onboardingDone == true
        when first invalidated displayCountExceeded: set onboardingDone true
        when app background: invalidate all tipClosed
        launch
        open home
        close home
        open home
        expect shown second
        why second
        background
        expect status second invalidated(tipClosed)
        """, file: "story.scenario")
    #expect(report.exitCode == 0, "\(report.errors)\(report.failureMessage)")
    let lines = report.transcript.split(separator: "\n").map(String.init)
    let invalidated = lines.firstIndex { $0.contains("invalidated first · displayCountExceeded") } ?? -1
    #expect(lines[invalidated + 1].hasSuffix("reaction    when first invalidated displayCountExceeded (line 9)"))
    #expect(lines[invalidated + 2].hasSuffix("set         onboardingDone = true, was false"))
    #expect(report.transcript.contains("reaction    when app background (line 10)"))
    #expect(report.transcript.contains("onboardingDone was last set by the reaction of line 9"))
    #expect(
      report.session.world.explain("second").reactionEffects == [
        ReactionEffect(subject: "second", kind: .invalidated, place: ScenarioPlace(line: 10)),
        ReactionEffect(subject: "onboardingDone", kind: .set, place: ScenarioPlace(line: 9)),
      ])
    // Saved with the definitions.
    #expect(ScenarioWriter.scenario(of: report.session, withExpectations: false).contains("when app background: invalidate all tipClosed"))
  }

  @Test func rule24_aReactionToWhatTimeBringsRunsAtItsInstant() {
    let report = ScenarioRunner.run(
      source: """
        param next = false
        screen home: a
        tip brief
          anchor home.a
          maxDisplayDuration 1m
        when brief invalidated: set next true
        launch
        open home
        advance 10m
        """)
    #expect(report.exitCode == 0, "\(report.errors)")
    #expect(report.transcript.contains("2026-01-01 09:01:00  reaction    when brief invalidated (line 6)"))
    #expect(report.transcript.contains("2026-01-01 09:01:00  set         next = true, was false"))
  }

  @Test func aReactionIsCheckedWhenDefinedAndCannotRunForever() {
    let unknown = ScenarioRunner.run(source: "screen s: a\ntip t\n  anchor s.a\nwhen t shown: set nothing true\n")
    #expect(unknown.errors.contains("unknown parameter 'nothing'"))
    let notAnAction = ScenarioRunner.run(source: "screen s: a\ntip t\n  anchor s.a\nwhen t shown: advance 1d\n")
    #expect(notAnAction.errors.contains("`advance` cannot be a reaction"))
    let loop = ScenarioRunner.run(
      source: "screen s: a\ntip t\n  anchor s.a\nwhen t shown: close s; open s\nlaunch\nopen s\n")
    #expect(loop.exitCode == 0, "\(loop.errors)")
    #expect(loop.transcript.contains("reactions set one another off more than 100 times at one instant: stopped"))
  }

  @Test func rule5_invalidateAllInvalidatesEveryTipNotInvalidatedYet() {
    let report = ScenarioRunner.run(
      source: """
        screen s: a b
        tip t
          anchor s.a
        tip u
          anchor s.b
        launch
        open s
        invalidate u tipClosed
        invalidate all actionPerformed
        expect status t invalidated(actionPerformed)
        expect status u invalidated(tipClosed)
        expect hidden t
        """)
    #expect(report.exitCode == 0, "\(report.errors)\(report.failureMessage)")
    #expect(!report.transcript.contains("already"))
    let none = ScenarioRunner.run(source: "launch\ninvalidate all tipClosed\n")
    #expect(none.transcript.contains("no tips are defined"))
    #expect(ScenarioRunner.run(source: "tip t\ninvalidate all tipClosed\n").errors.contains("needs a running app"))
  }

  @Test func aNameNoLineDefinesStopsTheRunBeforeItStarts() {
    let report = ScenarioRunner.run(source: base + "set isLoggedIn true\nexpect shown colleaguesApeal", file: "typo.scenario")
    #expect(report.exitCode == 2)
    #expect(report.errors.hasPrefix("typo.scenario:10:14: error: unknown tip 'colleaguesApeal'\n"))
    #expect(report.errors.contains("note: did you mean 'colleaguesAppeal'?"))
    #expect(report.transcript.isEmpty)
    // Defined, but after its use: the run says so when it gets there, after the log before it.
    let late = ScenarioRunner.run(source: "launch\nexpect shown t\ntip t\n  title \"T\"\n", file: "late.scenario")
    #expect(late.exitCode == 2)
    #expect(late.transcript.contains("launch"))
    #expect(late.errors.hasPrefix("late.scenario:2:14: error: unknown tip 't'"))
  }

  @Test func aSyntaxErrorRunsNothingAtAll() {
    let report = ScenarioRunner.run(source: base + "advance 5y")
    #expect(report.exitCode == 2)
    #expect(report.transcript.isEmpty)
  }

  @Test func unreadableFilesExitTwo() {
    #expect(ScenarioRunner.run(file: "/nonexistent/x.scenario").exitCode == 2)
    #expect(ScenarioRunner.run(file: "/nonexistent/x.scenario").errors == "/nonexistent/x.scenario:1:1: error: no such file\n")
  }

  @Test func aFileLosesUpToTwoByteOrderMarksAndIsRefusedForANulOrInvalidUTF8() throws {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let launch = Array("launch\n".utf8)
    func decoded(_ bytes: [UInt8]) -> String? { try? ScenarioFile.decode(Data(bytes)).get() }
    #expect(decoded(launch) == "launch\n")
    #expect(decoded(bom + launch) == "launch\n")
    #expect(decoded(bom + bom + launch) == "launch\n")
    #expect(decoded(bom + bom + bom + launch) == "\u{FEFF}launch\n")
    #expect(decoded([]) == "")
    #expect(decoded(Array("é日本\n".utf8)) == "é日本\n")
    #expect(ScenarioFile.decode(Data(launch + [0])).failure?.message == "file contains a NUL byte; a scenario is text")
    #expect(ScenarioFile.decode(Data(bom + [0xC3, 0x28])).failure?.message == "file is not valid UTF-8 text")
    #expect(ScenarioFile.decode(Data([0xED, 0xA0, 0x80])).failure?.message == "file is not valid UTF-8 text")
  }

  @Test func aFileIsReadWholeFromADiskOrAPipeAndRefusedPastTheLimit() throws {
    // Larger than a pipe's buffer, so that the writer waits for the reader.
    let text = String(repeating: "donate opened # é\n", count: 20_000)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-read-\(UUID().uuidString).scenario").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    #expect(try ScenarioFile.read(path).get() == text)
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let input = ends[1]
    let writer = Thread {
      let bytes = Array(text.utf8)
      var written = 0
      while written < bytes.count {
        let wrote = bytes.withUnsafeBytes { write(input, $0.baseAddress! + written, $0.count - written) }
        guard wrote > 0 else { break }
        written += wrote
      }
      close(input)
    }
    writer.start()
    #expect(try ScenarioFile.read("/dev/fd/\(ends[0])").get() == text)
    close(ends[0])
    // One byte past the limit, a sparse file of NUL bytes: its size is the first thing told.
    let large = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-large-\(UUID().uuidString).scenario").path
    defer { try? FileManager.default.removeItem(atPath: large) }
    #expect(FileManager.default.createFile(atPath: large, contents: nil))
    let handle = try #require(FileHandle(forWritingAtPath: large))
    try handle.truncate(atOffset: UInt64(ScenarioFile.maximumSize + 1))
    try handle.close()
    #expect(ScenarioFile.read(large).failure?.message == "file is larger than 64 MiB")
    #expect(ScenarioFile.read(FileManager.default.temporaryDirectory.path).failure?.message == "is a directory, not a scenario file")
  }

  @Test func anEmptyFileIsAScenarioThatRunsNothing() throws {
    // Foundation reads no bytes as no data at all; that is not an unreadable file.
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-empty-\(UUID().uuidString).scenario").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    let report = ScenarioRunner.run(file: path)
    #expect(report.exitCode == 0, "\(report.errors)")
    #expect(report.errors.isEmpty)
    #expect(report.transcript == "── 0 expectations held\n")
  }

  /// The log as the runner wrote it before it rendered on a second core: each output
  /// rendered in place, with the time zone of its moment.
  func renderedInPlace(_ source: String, format: OutputFormat) throws -> String {
    var session = Session()
    session.reporter = Reporter()
    var text = ""
    for statement in try Parser(source: source).parse() {
      for output in try session.execute(statement) {
        switch (output, format) {
        case (.records(let records), .text(let style)):
          for record in records { text += TextRenderer(timeZone: session.world.timeZone, style: style).render(record) + "\n" }
        case (.records(let records), .json):
          for record in records { text += JSONRenderer(timeZone: session.world.timeZone).render(record) + "\n" }
        case (.text(let output), .text):
          if !output.isEmpty { text += output + "\n" }
        case (.text, .json):
          break
        }
      }
    }
    return text
  }

  @Test func theLogRenderedOnASecondCoreIsTheLogRenderedInPlace() throws {
    // Thousands of records; a time zone change after the first record (the clock's instant
    // stays, its civil time moves), and text outputs half-way.
    var lines = BenchmarkInputs.replayScenario(lines: 1500).split(separator: "\n").map(String.init)
    let launch = try #require(lines.firstIndex(of: "launch"))
    lines.insert(contentsOf: ["status tip3", "help advance"], at: 800)
    lines.insert("timezone Asia/Tokyo", at: launch + 1)
    let source = lines.joined(separator: "\n") + "\n"
    for format in [OutputFormat.text(.plain), .text(TextStyle(colors: true)), .json] {
      var streamed = ""
      let report = ScenarioRunner.run(source: source, format: format, keepsLog: false, out: { streamed += $0 })
      let expected = try renderedInPlace(source, format: format)
      #expect(expected.split(separator: "\n").count > 2000)
      if case .text = format { #expect(expected.contains("2026-11-01 09:00:00") && expected.contains("2026-11-01 18:")) }
      #expect(streamed.hasPrefix(expected))
      // Then the summary line, alone.
      #expect(streamed.utf8.dropFirst(expected.utf8.count).split(separator: 10).count == 1)
      #expect(report.exitCode == 0)
    }
  }

  @Test func aStatementThatFailsLateIsReportedAfterTheWholeLogBeforeIt() throws {
    let source = BenchmarkInputs.replayScenario(lines: 1500) + "hide screen0.nowhere\nadvance 1h\n"
    var events: [(stream: String, text: String)] = []
    let report = ScenarioRunner.run(
      source: source, file: "late.scenario", keepsLog: false, out: { events.append(("out", $0)) }, err: { events.append(("err", $0)) })
    #expect(report.exitCode == 2)
    #expect(events.last?.stream == "err")
    #expect(events.last?.text.hasPrefix("late.scenario:1501:14: error: unknown anchor of screen screen0 'nowhere'") == true)
    let streamed = events.dropLast().map(\.text).joined()
    #expect(events.dropLast().allSatisfy { $0.stream == "out" })
    #expect(streamed == (try renderedInPlace(BenchmarkInputs.replayScenario(lines: 1500), format: .text(.plain))))
  }

  @Test func aRunForAReportRendersNoLogButKeepsTheSessionsRecords() throws {
    // The reporting subcommands (`lint`, `timeline`, `matrix`, `population FILE`) read the
    // session the run leaves, not its log.
    let source = base + "expect hidden colleaguesAppeal\nexpect shown colleaguesAppeal\n"
    var printed = ""
    let quiet = ScenarioRunner.run(source: source, printsLog: false, out: { printed += $0 })
    let full = ScenarioRunner.run(source: source)
    #expect(printed.isEmpty && quiet.transcript.isEmpty)
    #expect(!full.transcript.isEmpty)
    #expect(quiet.exitCode == 1 && full.exitCode == 1)
    #expect(quiet.failures == full.failures)
    #expect(quiet.session.records == full.session.records && !quiet.session.records.isEmpty)
    // Invalid input still reports its diagnostic.
    var errors = ""
    let invalid = ScenarioRunner.run(source: source + "open nowhere\n", file: "q.scenario", printsLog: false, err: { errors += $0 })
    #expect(invalid.exitCode == 2 && errors.hasPrefix("q.scenario:"))
  }

  @Test func theSameScenarioGivesByteIdenticalOutput() throws {
    let path = packageRoot + "/Scenarios/backyard-birds-favorite.scenario"
    let a = ScenarioRunner.run(file: path, format: .json)
    let b = ScenarioRunner.run(file: path, format: .json)
    #expect(a.transcript == b.transcript)
    #expect(!a.transcript.isEmpty)
  }

  @Test func jsonLinesAreOneObjectPerRecordWithAKind() throws {
    let report = ScenarioRunner.run(source: base + "expect hidden colleaguesAppeal", format: .json)
    let lines = report.transcript.split(separator: "\n")
    #expect(lines.count == report.session.records.count + 1)
    for line in lines {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(object["kind"] is String)
    }
    #expect(lines[2].contains(#""kind":"suppressed","tip":"colleaguesAppeal","screen":"contacts","anchor":"colleaguesTab""#))
    #expect(lines[2].contains(#""reasons":["rules"]"#))
  }

  // Long scripts parse on a worker while their first statements run; the tests below check
  // that this is invisible.

  @Test func aSyntaxErrorAtTheEndOfALongScriptRunsNothingAndWritesNoFile() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-ahead-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    var lines = BenchmarkInputs.replayScenario(lines: 5000).split(separator: "\n").map(String.init)
    lines.insert("save-state \(path)", at: 2500)
    lines.insert("open nowhere", at: 3000)
    lines.append("advance soon")
    var printed = ""
    var errors = ""
    let report = ScenarioRunner.run(
      source: lines.joined(separator: "\n") + "\n", file: "ahead.scenario", keepsLog: false, out: { printed += $0 }, err: { errors += $0 })
    #expect(report.exitCode == 2)
    #expect(printed.isEmpty)
    #expect(errors.hasPrefix("ahead.scenario:\(lines.count):9: error: "), "\(errors)")
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(report.session.world.clock == Session().world.clock)
  }

  @Test func anInvalidStatementLateInALongScriptShowsItsOwnLine() throws {
    // Three parts: the runner has finished the first ones, which the parse thread may have
    // freed, when it reaches the error; the script's lines are not kept, and the diagnostic
    // reads its line from the source. With CRLF line ends the "\r" is not shown.
    var lines = BenchmarkInputs.replayScenario(lines: 4800).split(separator: "\n").map(String.init)
    lines.insert("hide  screen0.nowhere # late", at: 4500)
    let before = try renderedInPlace(lines[..<4500].joined(separator: "\n") + "\n", format: .text(.plain))
    for separator in ["\n", "\r\n"] {
      var printed = ""
      var errors = ""
      let source = lines.joined(separator: separator) + separator
      let report = ScenarioRunner.run(source: source, file: "late.scenario", keepsLog: false, out: { printed += $0 }, err: { errors += $0 })
      #expect(report.exitCode == 2)
      #expect(errors.hasPrefix("late.scenario:4501:15: error: unknown anchor of screen screen0 'nowhere'"), "\(errors)")
      #expect(errors.contains("\nhide  screen0.nowhere # late\n              ^~~~~~~\n"), "\(errors)")
      #expect(!errors.contains("\r"))
      // The log up to the error was printed, as a replay of the lines before it prints it.
      #expect(printed == before)
    }
  }

  @Test func aScriptThatReadsItsLogOrUndoesPrintsAsIfItWasKnownFromTheStart() throws {
    // Its statements run ahead of the parse keeping the log and history but no undo
    // snapshots; `undo` makes the run start again keeping them. A script with no word of a
    // statement that reads them keeps neither from the start: each reading statement is
    // here, one a `repeat` runs, so a word the scan misses loses records that are printed.
    let base = BenchmarkInputs.replayScenario(lines: 800)
    let endings = [
      "log\n", "undo\nstatus tip3\n", "checkpoint a\nadvance 1d\nrestore a\n", "checkpoint a\ncheckpoints\n", "lint\n",
      "timeline tip3\n", "whatif frequency immediate\n", "matrix os 17.0\n", "repeat 2 every 1h: advance 1h; log\n",
      "cohort all 100%\n  open screen0 1 per day fixed\npopulation 3 for 2d seed 1\n",
    ]
    for ending in endings {
      var printed = ""
      let report = ScenarioRunner.run(source: base + ending, keepsLog: false, out: { printed += $0 })
      #expect(report.exitCode == 0, "\(ending): \(report.errors)")
      let expected = try renderedInPlace(base + ending, format: .text(.plain))
      #expect(printed.hasPrefix(expected), "\(ending)")
      #expect(printed.utf8.count > expected.utf8.count && printed.utf8.count < expected.utf8.count + 40, "\(ending)")
    }
  }

  @Test func theCommandTableSaysWhichCommandsReadThePast() throws {
    // The flag the run's word list comes from agrees with the statements each example parses to.
    for info in CommandTable.all where !CommandTable.shellOnly.contains(info.name) {
      let statements = try Parser.examples(info.example).parse()
      let reads = statements.contains { $0.readsTheLog || $0.readsTheHistory || $0.undoes }
      #expect(reads == info.readsThePast, "\(info.name)")
    }
    let words = Set(RunPlan.readingWords.map { String(decoding: $0, as: UTF8.self) })
    #expect(words.isSuperset(of: ["log", "undo", "whatif", "timeline", "checkpoint", "restore", "population"]))
    #expect(RunPlan.mayRead("advance 1d\nlog\n") && RunPlan.mayRead("# undo\n") && !RunPlan.mayRead("open logs\ndonate e\n"))
  }

  @Test func aLongScriptThatReadsItsLogAtTheEndPrintsWhatAReplayKeepingEverythingPrints() {
    // Several parts: after the first, the parse thread looks at the script's words, and a
    // script with no reading word stops keeping its log and history. A reading word missed
    // would lose the records kept before it. `undo` runs the script again from its first
    // part, which the runner must find as the parse left it (it takes each statement out of
    // its part while the statement runs, and puts it back).
    for (lines, ending) in [(4300, "log\n"), (4300, "repeat 1 every 1h: lint\n"), (2200, "undo\nlog\n")] {
      let base = BenchmarkInputs.replayScenario(lines: lines)
      var printed = ""
      let lean = ScenarioRunner.run(source: base + ending, keepsLog: false, out: { printed += $0 })
      let kept = ScenarioRunner.run(source: base + ending)
      #expect(lean.exitCode == 0 && kept.exitCode == 0, "\(ending)")
      #expect(printed == kept.transcript, "\(ending)")
      #expect(printed.utf8.count > base.utf8.count, "\(ending)")
    }
    let base = BenchmarkInputs.replayScenario(lines: 4300)
    var printed = ""
    let lean = ScenarioRunner.run(source: base, keepsLog: false, out: { printed += $0 })
    #expect(printed == ScenarioRunner.run(source: base).transcript)
    #expect(lean.session.records.isEmpty && lean.session.history.isEmpty)
  }

  @Test func jsonStringsEscapeQuotesBackslashesAndControlsAndKeepTheRest() throws {
    // A tab and two other control characters typed raw into a string, beside a quote, a
    // backslash and text beyond ASCII.
    let value = "a\"b\\c\td\u{1}e\u{1F} é日本"
    let source =
      "param p = \"\"\nlaunch\nset p \"\(value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\"\n"
    let report = ScenarioRunner.run(source: source, format: .json)
    #expect(report.exitCode == 0, "\(report.errors)")
    let line = try #require(report.transcript.split(separator: "\n").first { $0.contains(#""kind":"set""#) })
    #expect(line.contains(#""value":"a\"b\\c\td\u0001e\u001f é日本""#))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(object["value"] as? String == value)
  }

  @Test func jsonReasonsAndDetailsAreTheTextLogsWordsAndLinesEscapedInPlace() throws {
    // A rule's string literal with a quote and a backslash, a bound-parameter reading beside
    // another failing rule, frequency, a group and an invalidated tip: several reasons a
    // record, some repeated words, lines that need escapes between lines that do not.
    let source = #"""
      frequency daily
      param p = "x"
      param q = false
      store defaults flag = false
      param bound = false bind defaults.flag
      screen home: a b c d
      tip quoted
        title "Q"
        anchor home.a
        rule p == "a\"b\\c"
        rule bound == true
        rule q == true
      tip first
        title "F"
        anchor home.b
      tip counted
        title "C"
        anchor home.c
        maxDisplayCount 1
      group g ordered: counted first
      launch
      open home
      close home
      advance 1d
      open home
      close home
      advance 1d
      open home
      """#
    let report = ScenarioRunner.run(source: source, format: .json)
    #expect(report.exitCode == 0, "\(report.errors)")
    let lines = report.transcript.split(separator: "\n")
    let records = report.session.records
    #expect(lines.count == records.count + 1)
    let text = TextRenderer(timeZone: .utc)
    var escaped = 0
    var checked = 0
    for (line, record) in zip(lines, records) {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      guard case .suppressed(_, let reasons) = record.event else { continue }
      #expect(object["reasons"] as? [String] == reasons.words)
      // The text log writes the same lines under its record's first, indented 33 columns.
      let textLines = text.render(record).split(separator: "\n").dropFirst().map { String($0.dropFirst(33)) }
      #expect(object["details"] as? [String] == textLines)
      if line.contains(#"\""#) { escaped += 1 }
      checked += 1
    }
    #expect(escaped > 0 && checked > escaped)
    #expect(
      records.contains { if case .suppressed(_, let r) = $0.event { r.count > 1 && r.words.contains("boundParameter") } else { false } })
  }

  /// The renderers keep the stamps they wrote (`StampCache`, sixteen for details). A log that
  /// repeats a few instants (found again) and cycles through more than that (pushed out), in
  /// a zone other than UTC, still writes each one's own local time, in text and in JSON.
  @Test func everyStampIsItsOwnLocalTimeWhenInstantsRepeatAndWhenMoreCycleThanTheRenderersKeep() {
    // Ten tips on each of two screens, each invalidated a minute after the one before.
    var source = "timezone Asia/Tokyo\nstart 2026-11-01T09:00\nscreen s: a\nscreen r: a\n"
    for tip in 0..<20 { source += "tip t\(tip)\n  title \"T\(tip)\"\n  anchor \(tip < 10 ? "s" : "r").a\n" }
    source += "launch\n"
    for tip in 0..<20 { source += "invalidate t\(tip) actionPerformed\nadvance 1m\n" }
    source += "open s\nclose s\nopen s\nclose s\nadvance 1h\nopen r\nopen s\nclose s\nclose r\nopen s\n"
    let minutes = (0..<20).map { "2026-11-01 09:\($0 < 10 ? "0" : "")\($0):00" }
    let onS = Array(minutes[..<10])
    let onR = Array(minutes[10...])
    // Each format: how an opening's line is told, and where its stamp starts.
    for (format, opening, stampAt, separator) in [
      (OutputFormat.text(.plain), "  open  ", 0, " "), (.json, #""kind":"open""#, 7, "T"),
    ] {
      let report = ScenarioRunner.run(source: source, format: format)
      #expect(report.exitCode == 0, "\(report.errors)")
      let lines = report.transcript.split(separator: "\n")
      let stamps = lines.compactMap { line in
        line.range(of: "actionPerformed at ").map { String(line[$0.upperBound...].prefix(19)) }
      }
      #expect(stamps == onS + onS + onR + onS + onS)
      // The records' own stamps.
      let opens = lines.filter { $0.contains(opening) }.map { String($0.dropFirst(stampAt).prefix(19)) }
      #expect(opens == ["09:20", "09:20", "10:20", "10:20", "10:20"].map { "2026-11-01\(separator)\($0):00" })
    }
  }

  /// Every example of the scenario-language contract, as written there, in one session.
  @Test func everyContractExampleWorksAsWritten() {
    let contract = """
      timezone Asia/Tokyo                  # optional; default UTC
      start 2026-11-01T09:00               # the simulated clock's first instant (default 2026-01-01T09:00)
      frequency daily                      # immediate (default) | hourly | daily | weekly | monthly
      policy countPolicy perAppearance     # the [P] policies of tipkit-semantics.md

      param isLoggedIn = false             # type inferred from the literal
      param onboardingStep = 0 transient
      store defaults                       # an external key-value store, like UserDefaults
      store defaults showMemoTip = false   # ...with a key and its initial value (declares the store too)
      param isPresentingMemoTip = false bind defaults.showMemoTip
      event viewedBackyard(backyardID)     # an event whose donations carry fields
      event opened limit 5000 maxAge 30d   # TipKit's DonationLimit (default: rules see the last 1000)

      screen contacts: acquaintancesTab colleaguesTab    # a screen and its anchors, in layout order

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

      tip tipA
        title "A"
        rule viewedBackyard.count >= 0
        rule viewedBackyard.count(within: 5d) >= 0
        rule viewedBackyard.count(where: backyardID == 2) >= 0 and viewedBackyard.count(within: 5d, where: backyardID == 2) >= 0
        rule viewedBackyard.largestSubset(by: backyardID) >= 0 or viewedBackyard.smallestSubset(by: backyardID) >= 0
        rule not (isLoggedIn && !isLoggedIn) || isPresentingMemoTip
      tip tipB
        title "B"
      tip tipC
        title "C"
      group onboarding ordered: tipA tipB tipC      # or firstAvailable

      launch                   # app launch: configure with the definitions above; transient params reset
      open contacts            # the screen appears; its anchored tips are evaluated and logged
      set isLoggedIn true      # a parameter write
      write defaults.showMemoTip true      # a write to an external store
      donate viewedBackyard backyardID=2   # one donation at the current instant
      tap colleaguesAppeal learnMore       # an action button
      tapoutside colleaguesAppeal          # popover dismissed by tapping outside: display ends, no invalidation
      dismiss colleaguesAppeal             # the tip's close (x) button: invalidated(tipClosed)
      invalidate colleaguesAppeal actionPerformed
      advance 23h              # move the clock; everything that would happen on the way happens, at its instant
      advance to 2026-11-03T09:00
      testing showAll
      testing show tipA tipB
      testing hide tipA tipB
      testing hideAll
      testing off
      close contacts           # the screen disappears; its visible tips' displays end
      status                   # every tip: status, displays, last shown
      status colleaguesAppeal
      why colleaguesAppeal     # each rule with its observed values, each gate, the earliest instant it could change
      log                      # the log so far
      expect hidden colleaguesAppeal         # it is not on screen now
      expect status colleaguesAppeal invalidated
      expect displays colleaguesAppeal 1     # how many times it has appeared
      reset eligibility colleaguesAppeal   # Tip.resetEligibility (iOS 26): un-invalidates one tip
      expect status colleaguesAppeal available
      open contacts
      expect shown colleaguesAppeal          # it is on screen now
      quit                     # app terminates; open screens close
      reset                    # resetDatastore: erases persisted tip, parameter and event records
      reset datastore
      launch
      expect status colleaguesAppeal pending
      expect suppressed tipB by group
      """
    let report = ScenarioRunner.run(source: contract, file: "contract.scenario")
    #expect(report.exitCode == 0, "\(report.errors)\(report.failureMessage)")
  }
}

extension Result {
  /// The error, if this is one.
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}

/// The README's language example replays with its expectation holding.
@Test func theReadmesLanguageExampleRuns() throws {
  let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
  let section = try #require(readme.range(of: "## The language at a glance"))
  let start = try #require(readme.range(of: "```text\n", range: section.upperBound..<readme.endIndex))
  let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
  let report = ScenarioRunner.run(source: String(readme[start.upperBound..<end.lowerBound]), file: "README.md")
  #expect(report.exitCode == 0, "\(report.errors)\(report.failureMessage)")
  #expect(report.expectationsChecked >= 1)
}
