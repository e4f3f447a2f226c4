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
      let report = ScenarioRunner.run(source: source, options: RunOptions(format: format, keepsLog: false), out: { streamed += $0 })
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
      source: source, file: "late.scenario", options: RunOptions(keepsLog: false), out: { events.append(("out", $0)) },
      err: { events.append(("err", $0)) })
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
    let quiet = ScenarioRunner.run(source: source, options: RunOptions(printsLog: false), out: { printed += $0 })
    let full = ScenarioRunner.run(source: source)
    #expect(printed.isEmpty && quiet.transcript.isEmpty)
    #expect(!full.transcript.isEmpty)
    #expect(quiet.exitCode == 1 && full.exitCode == 1)
    #expect(quiet.failures == full.failures)
    #expect(quiet.session.records == full.session.records && !quiet.session.records.isEmpty)
    // Invalid input still reports its diagnostic.
    var errors = ""
    let invalid = ScenarioRunner.run(
      source: source + "open nowhere\n", file: "q.scenario", options: RunOptions(printsLog: false), err: { errors += $0 })
    #expect(invalid.exitCode == 2 && errors.hasPrefix("q.scenario:"))
  }

  @Test func theSameScenarioGivesByteIdenticalOutput() throws {
    let path = packageRoot + "/Scenarios/backyard-birds-favorite.scenario"
    let a = ScenarioRunner.run(file: path, options: RunOptions(format: .json))
    let b = ScenarioRunner.run(file: path, options: RunOptions(format: .json))
    #expect(a.transcript == b.transcript)
    #expect(!a.transcript.isEmpty)
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
      source: lines.joined(separator: "\n") + "\n", file: "ahead.scenario", options: RunOptions(keepsLog: false), out: { printed += $0 },
      err: { errors += $0 })
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
      let report = ScenarioRunner.run(
        source: source, file: "late.scenario", options: RunOptions(keepsLog: false), out: { printed += $0 }, err: { errors += $0 })
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
      let report = ScenarioRunner.run(source: base + ending, options: RunOptions(keepsLog: false), out: { printed += $0 })
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
      let lean = ScenarioRunner.run(source: base + ending, options: RunOptions(keepsLog: false), out: { printed += $0 })
      let kept = ScenarioRunner.run(source: base + ending)
      #expect(lean.exitCode == 0 && kept.exitCode == 0, "\(ending)")
      #expect(printed == kept.transcript, "\(ending)")
      #expect(printed.utf8.count > base.utf8.count, "\(ending)")
    }
    let base = BenchmarkInputs.replayScenario(lines: 4300)
    var printed = ""
    let lean = ScenarioRunner.run(source: base, options: RunOptions(keepsLog: false), out: { printed += $0 })
    #expect(printed == ScenarioRunner.run(source: base).transcript)
    #expect(lean.session.records.isEmpty && lean.session.history.isEmpty)
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
