import Foundation
import Renderers
import Reports
import Runner
import ScenarioLanguage
import Sessions
import Shell
import Simulation
import Testing

/// The shell's logic fed by a scripted line reader: no terminal involved.
@Suite struct ShellLoopTests {
  final class Capture: @unchecked Sendable {
    var out = ""
    var err = ""
  }

  func shell(_ lines: [LineInput], demo: Bool = true) -> (ShellLoop, Capture, ScriptedLineReader, Int32) {
    let capture = Capture()
    let reader = ScriptedLineReader(lines)
    let loop = ShellLoop(reader: reader, out: { capture.out += $0 }, err: { capture.err += $0 })
    if demo { loop.loadDemo() }
    let status = loop.run()
    return (loop, capture, reader, status)
  }

  @Test func theDemoLetsAUserSeeATipAtOnce() {
    let (_, capture, _, status) = shell([.line("open backyards")])
    #expect(capture.out.contains("shown       addBackyard at backyards.addButton"))
    #expect(status == 0)
  }

  /// The README's quick start for a product manager, line by line, on the demo.
  @Test func theReadmesQuickStartRunsOnTheDemo() throws {
    let readme = try String(contentsOfFile: PTYTests.root + "/README.md", encoding: .utf8)
    let section = try #require(readme.range(of: "## Quick start for a product manager"))
    let start = try #require(readme.range(of: "```text\n", range: section.upperBound..<readme.endIndex))
    let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-quickstart-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: path) }
    let commands = readme[start.upperBound..<end.lowerBound].split(separator: "\n").map {
      ($0.components(separatedBy: "#").first ?? "").trimmingCharacters(in: .whitespaces)
        .replacingOccurrences(of: "my-story.", with: path.path + "/my-story.")
    }
    #expect(commands.count >= 6)
    // It ends with the page the PM sends the team.
    #expect(commands.last { !$0.isEmpty }?.hasPrefix("report ") == true)
    let (_, capture, _, _) = shell(commands.map { .line($0) })
    #expect(capture.err.isEmpty, "\(capture.err)")
    #expect(capture.out.contains("why         favoriteBackyard"))
    #expect(FileManager.default.fileExists(atPath: path.path + "/my-story.scenario"))
    #expect(capture.out.contains("day 4 since the start"))
    let page = try String(contentsOfFile: path.path + "/my-story.html", encoding: .utf8)
    #expect(page.contains("<title>Backyard Birds demo · TipSim report</title>"))
  }

  @Test func theDemoAnswersAPopulationQuestionAtOnce() {
    // A product manager's first question needs no cohort typed in: the demo has two.
    let (_, capture, _, status) = shell([.line("population 300 for 14d seed 3")])
    #expect(capture.err.isEmpty, "\(capture.err)")
    #expect(capture.out.contains("population: 300 users × 14 days, seed 3 · cohorts: light "), "\(capture.out)")
    #expect(capture.out.contains("favoriteBackyard"))
    #expect(status == 0)
  }

  @Test func thePromptShowsTheInstantAndTheAppState() {
    let (loop, _, reader, _) = shell([.line("quit")])
    #expect(reader.prompts.first == "[day 1 · Nov 01 09:00 · launched] tipsim> ")
    #expect(loop.prompt == "[day 1 · Nov 01 09:00 · not running] tipsim> ")
  }

  @Test func aTipBlockIsReadWithAContinuationPromptAndEndsAtAnEmptyLine() {
    let (loop, capture, reader, _) = shell([
      .line("tip newTip"), .line("  title \"New\""), .line("  anchor detail.header"), .line(""), .line("status newTip"),
    ])
    #expect(capture.err.isEmpty, "\(capture.err)")
    #expect(reader.prompts.filter { $0 == loop.continuationPrompt }.count == 3)
    #expect(capture.out.contains("newTip  available"))
  }

  @Test func eachDefinitionTypedAnswersOneLineAndModelListsThemAll() {
    let (_, capture, _, _) = shell(
      [
        .line("param isNew = true transient"), .line("event viewed(item)"), .line("screen home: list"),
        .line("tip welcome"), .line("  title \"Welcome\""), .line("  anchor home.list"), .line("  rule isNew == true"),
        .line("  maxDisplayCount 2"), .line(""), .line("group first ordered: welcome"), .line("model"),
      ], demo: false)
    #expect(capture.err.isEmpty, "\(capture.err)")
    let lines = capture.out.split(separator: "\n").map(String.init)
    #expect(lines.contains("param isNew = true (Bool), transient"))
    #expect(lines.contains("event viewed with fields item"))
    #expect(lines.contains("screen home: 1 anchor (list)"))
    #expect(lines.contains("tip welcome \"Welcome\": 1 rule, max 2 displays at home.list"))
    #expect(lines.contains("group first ordered: welcome"))
    // `model`: every kind, with its state.
    #expect(lines.contains("  welcome \"Welcome\": 1 rule, max 2 displays at home.list · pending"))
    #expect(lines.contains("    rule isNew == true"))
    #expect(lines.contains("  isNew = true · transient"))
    #expect(lines.contains("  viewed(item) · 0 donations kept"))
    #expect(lines.contains("  home: list"))
    #expect(lines.contains("  first ordered: welcome"))
  }

  @Test func aLoadedFileIsQuietAboutItsDefinitions() {
    let (_, capture, _, _) = shell([], demo: true)
    #expect(!capture.out.contains("tip favoriteBackyard \""))
  }

  @Test func aBadLineOfATipBlockIsDroppedAndTheGoodLinesKept() {
    let (loop, capture, reader, _) = shell([
      .line("tip newTip"), .line("  title \"New\""), .line("  anchor detail.header"), .line("  rule viewedBackyard.cnt >= 2"),
      .line(""), .line("  rule viewedBackyard.count >= 2"), .line(""), .line("why newTip"),
    ])
    #expect(capture.err.contains("unknown event aggregate 'cnt'"), "\(capture.err)")
    #expect(capture.err.contains("the other lines of the block are kept"))
    // The corrected line joined the kept ones: the tip has its title, anchor and rule.
    let tip = loop.session.world.engine.catalog.tip(named: "newTip")
    #expect(tip?.title == "New")
    #expect(tip?.rules.map(\.description) == ["viewedBackyard.count >= 2"])
    #expect(loop.session.world.placements["newTip"]?.description == "detail.header")
    #expect(reader.prompts.filter { $0 == loop.continuationPrompt }.count == 6)
    // An empty line right away goes on without the bad line.
    let (second, _, _, _) = shell([.line("tip other"), .line("  anchor detail.header"), .line("  maxDisplayCount x"), .line(""), .line("")])
    #expect(second.session.world.engine.catalog.tip(named: "other")?.options.maxDisplayCount == nil)
    #expect(second.session.world.engine.catalog.tip(named: "other") != nil)
  }

  @Test func aRuleThatDoesNotParseShowsTheCorrectForm() {
    let (_, capture, _, _) = shell([.line("tip t"), .line("  rule viewedBackyard.count within 5d >= 3"), .line(""), .line("")])
    #expect(capture.err.contains("unexpected 'within' after the rule"))
    #expect(capture.err.contains("note: write viewedBackyard.count(within: 5d) >= 3"))
  }

  @Test func aNonIndentedLineEndsTheBlockAndRunsItself() {
    let (_, capture, _, _) = shell([.line("tip newTip"), .line("  title \"New\""), .line("status newTip")])
    #expect(capture.err.isEmpty, "\(capture.err)")
    #expect(capture.out.contains("newTip  available"))
  }

  @Test func ctrlCCancelsABlock() {
    let (loop, capture, _, _) = shell([.line("tip half"), .line("  title \"H\""), .interrupted, .line("status")])
    #expect(capture.err.contains("tip block cancelled"))
    #expect(loop.session.world.engine.catalog.tip(named: "half") == nil)
  }

  @Test func aCohortTypedInTheShellKeepsItsIndentedUsageLines() {
    let (loop, capture, reader, _) = shell([
      .line("cohort everyone 100%"), .line("  open backyards 1 per day fixed"), .line("  relaunch 1 per day fixed"), .line(""),
      .line("cohort half 50%"), .line("  open detail 1 per day fixed"), .interrupted,
    ])
    #expect(capture.err == "cohort block cancelled\n")
    #expect(capture.out.contains("cohort everyone: 100% of users, 2 usage lines"))
    // After the demo's two cohorts.
    #expect(loop.session.cohorts.map(\.name) == ["light", "heavy", "everyone"])
    #expect(loop.session.cohorts.last?.usage.count == 2)
    #expect(reader.prompts.filter { $0 == loop.continuationPrompt }.count == 5)
  }

  @Test func aReportWhosePopulationIsStoppedByCtrlCWritesNothingAndTheShellCarriesOn() {
    let page = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-stopped-\(UUID().uuidString).html").path
    let capture = Capture()
    let reader = ScriptedLineReader(lines: ["report \(page)", "status addBackyard"])
    let loop = ShellLoop(reader: reader, out: { capture.out += $0 }, err: { capture.err += $0 })
    loop.loadDemo()
    loop.populationShouldStop = { true }
    #expect(loop.run() == 0)
    #expect(capture.err.contains("<shell>:1:1: error: the population was stopped after "), "\(capture.err)")
    #expect(capture.err.contains(" of 1000 users: no report written"), "\(capture.err)")
    #expect(!FileManager.default.fileExists(atPath: page))
    #expect(capture.out.contains("status      day 1 since the start"))
  }

  @Test func aPopulationStoppedByCtrlCReportsNothingAndTheShellCarriesOn() {
    let capture = Capture()
    let reader = ScriptedLineReader(lines: [
      "cohort everyone 100%", "  open backyards 1 per day poisson", "", "population 20000 for 30d", "status addBackyard",
    ])
    let loop = ShellLoop(reader: reader, out: { capture.out += $0 }, err: { capture.err += $0 })
    loop.execute(Demo.scenario, firstLine: 1, file: "<demo>")
    let ends = Capture()
    loop.populationProgress = { done, total in if done == total { ends.out += "end " } }
    loop.populationShouldStop = { true }
    #expect(loop.run() == 0)
    #expect(capture.out.contains("population stopped after "), "\(capture.out)")
    #expect(capture.out.contains(" of 20000 users: no report"))
    #expect(!capture.out.contains("reach d1"))
    #expect(ends.out == "end ", "the progress bar hears that the run ended")
    #expect(capture.out.contains("addBackyard  available"))
  }

  @Test func anErrorPrintsItsCaretAndTheShellCarriesOn() {
    let (loop, capture, _, status) = shell([.line("open detial"), .line("open detail")])
    #expect(capture.err == "<shell>:1:6: error: unknown screen 'detial'\nopen detial\n     ^~~~~~\nnote: did you mean 'detail'?\n")
    #expect(loop.session.world.isOpen("detail"))
    #expect(status == 0)
  }

  @Test func helpIsGeneratedFromTheCommandTable() {
    let every = Help.text(for: "all")
    for info in CommandTable.all { #expect(every.contains("  \(info.name) ")) }
    // `help` fits one 40-row, 100-column screen, and still names every command.
    let overview = Help.text(for: nil)
    let lines = overview.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count <= 40)
    #expect(lines.allSatisfy { $0.count <= 100 }, "\(overview)")
    let words = Set(overview.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
    for info in CommandTable.all { #expect(words.contains(info.name), "\(info.name)") }
    let advance = Help.text(for: "advance")
    #expect(advance.hasPrefix("advance DURATION | advance to INSTANT"))
    #expect(advance.contains("Example:\n  advance 1d12h"))
    #expect(Help.text(for: "avance").contains("Did you mean 'advance'?"))
  }

  @Test func helpExplainsATipBlocksWordsAndRules() throws {
    let anchor = Help.text(for: "anchor")
    #expect(anchor.hasPrefix("anchor SCREEN.ANCHOR [inline|popover] [via collectionViewCell|anchorID]   (a line of a `tip` block)"))
    #expect(Help.text(for: "maxDisplayCount").contains("invalidated after N displays"))
    #expect(Help.text(for: "rule").contains("`help rules`"))
    #expect(Help.text(for: "maxDisplayCont").contains("Did you mean 'maxDisplayCount'?"))
    // Every example of a tip line, and every rule `help rules` shows, is valid in a tip block.
    let definitions = """
      param isLoggedIn = false
      param isPro = false
      param hasSeenOnboarding = false
      param launchCount = 0
      param plan = "free"
      event viewedBackyard(backyardID)
      screen detail: favoriteButton

      """
    for line in Help.tipLines {
      let anchor = line.word == "anchor" ? "" : "  anchor detail.favoriteButton\n"
      let source = definitions + "tip t\n" + anchor + "  \(line.example)\n"
      let report = ScenarioRunner.run(source: source)
      #expect(report.exitCode == 0, "\(line.word): \(report.errors)")
    }
    let ruleLines = Help.text(for: "rules").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.hasPrefix("rule ") }
    #expect(ruleLines.count >= 8)
    for rule in ruleLines {
      let expression = rule.components(separatedBy: "  ").first ?? rule
      let report = ScenarioRunner.run(source: definitions + "tip t\n  \(expression)\n")
      #expect(report.exitCode == 0, "\(expression): \(report.errors)")
    }
  }

  @Test func aWhatifThatChangesNothingSaysWhy() {
    let (_, capture, _, _) = shell([
      .line("open backyards"), .line("whatif frequency weekly"), .line("whatif addBackyard.maxDisplayCount 4"),
    ])
    #expect(capture.err.isEmpty, "\(capture.err)")
    #expect(
      capture.out.contains(
        "the timelines are the same with frequency weekly: the display frequency only holds back a tip that has never appeared (rule 27)"))
    #expect(capture.out.contains("addBackyard first appeared 2026-11-01 09:00"))
    #expect(capture.out.contains("the timelines are the same with addBackyard.maxDisplayCount 4: addBackyard appeared 1 time"))
    // The legend once, after the second timeline.
    #expect(capture.out.components(separatedBy: "legend: ").count - 1 == 2)
  }

  @Test func whatifShowsWhereTwoLongLinesDiffer() {
    let (left, right) = WhatIf.fromWhereTheyDiffer(
      "11-07 07:00 shown favoriteBackyard at detail.favoriteButton · display 3 of 5",
      "11-07 07:00 shown favoriteBackyard at detail.favoriteButton · display 1 of 5", width: 40)
    #expect(left.hasPrefix("11-07 07:00 …") && left.hasSuffix("display 3 of 5"))
    #expect(right.hasSuffix("display 1 of 5"))
    #expect(left.count <= 40)
    #expect(WhatIf.fromWhereTheyDiffer("short", "also short", width: 40) == ("short", "also short"))
  }

  @Test func everyHelpExampleParses() throws {
    for info in CommandTable.all where !CommandTable.shellOnly.contains(info.name) {
      #expect(throws: Never.self, "\(info.name): \(info.example)") { _ = try Parser.examples(info.example).parse() }
    }
  }

  @Test func saveWritesAScenarioThatReplaysToTheSameLog() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-save-\(UUID().uuidString).scenario").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let (loop, capture, _, _) = shell([
      .line("set isLoggedIn true"), .line("opn backyards"), .line("open detail"), .line("why favoriteBackyard"),
      .line("donate viewedBackyard backyardID=2"), .line("advance 1d"), .line("status"), .line("open backyards"),
      .line("save \(path) --with-expectations"),
    ])
    #expect(capture.out.contains("saved"))
    let saved = try String(contentsOfFile: path, encoding: .utf8)
    #expect(!saved.contains("opn backyards"))
    #expect(!saved.contains("why favoriteBackyard"))
    #expect(saved.contains("expect status favoriteBackyard pending"))
    // Each tip that appeared, with the instant it first did.
    #expect(saved.contains("expect first display addBackyard at 2026-"))
    let replay = ScenarioRunner.run(file: path)
    #expect(replay.exitCode == 0, "\(replay.failureMessage)\(replay.errors)")
    // The replayed log is the session's log, minus the observations that were not saved.
    let sessionRecords = loop.session.records.filter {
      switch $0.event {
      case .explanation, .statusReport, .expectation: false
      default: true
      }
    }
    let replayRecords = replay.session.records.filter { if case .expectation = $0.event { false } else { true } }
    #expect(sessionRecords == replayRecords)
  }

  @Test func saveKeepsTheLastPopulationLineSoTheSavedFilesPageUsesTheSameUsers() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-save-\(UUID().uuidString).scenario").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let (loop, _, _, _) = shell([
      .line("population 40 for 5d seed 3"), .line("population 60 for 9d seed 8"), .line("advance 1d"), .line("save \(path)"),
    ])
    let saved = try String(contentsOfFile: path, encoding: .utf8)
    #expect(saved.contains("population 60 for 9d seed 8\n") && !saved.contains("seed 3"))
    var session = Session()
    session.skipsReports = true
    let replay = ScenarioRunner.run(file: path, session: session)
    #expect(replay.exitCode == 0, "\(replay.errors)")
    let shellPage = try StoryReport(session: loop.session).markdown()
    let filePage = try StoryReport(session: replay.session).markdown()
    let population = { (page: String) in page.components(separatedBy: "simulated users").dropFirst().joined() }
    #expect(shellPage.contains("60 simulated users over 9 days"))
    #expect(population(shellPage) == population(filePage))
  }

  @Test func loadRunsAFileIntoTheSession() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-load-\(UUID().uuidString).scenario").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "open backyards\nexpect shown addBackyard\n".write(toFile: path, atomically: true, encoding: .utf8)
    let (loop, _, _, _) = shell([.line("load \(path)")])
    #expect(loop.session.world.isOpen("backyards"))
    #expect(loop.session.expectationsChecked == 1)
  }

  @Test func shellOnlyCommandsAreErrorsInScripts() {
    let report = ScenarioRunner.run(source: "save x.scenario")
    #expect(report.exitCode == 2)
    #expect(report.errors.contains("`save` works only in the interactive shell"))
  }
}

@Suite struct CompleterTests {
  let world: Simulation.World = {
    let report = ScenarioRunner.run(source: Demo.scenario + "\nstore defaults seen = false\n")
    return report.session.world
  }()

  @Test(arguments: [
    ("op", ["open"]),
    ("open ", ["backyards", "detail"]),
    ("open d", ["detail"]),
    ("why fav", ["favoriteBackyard"]),
    ("set ", ["isLoggedIn"]),
    ("set isLoggedIn ", ["false", "true"]),
    ("donate viewedBackyard ", ["backyardID="]),
    ("write ", ["defaults.seen"]),
    ("policy countP", ["countPolicy"]),
    ("policy countPolicy ", ["perAppearance", "perScreenOpen"]),
    ("expect suppressed favoriteBackyard by fr", ["frequency"]),
    ("invalidate favoriteBackyard action", ["actionPerformed"]),
    ("tap favoriteBackyard ", ["favorite"]),
    ("  anc", ["anchor"]),
    ("  anchor detail.", ["detail.favoriteButton", "detail.header"]),
    ("testing s", ["show", "showAll"]),
    ("report plan.html --", ["--title", "--whatif"]),
    ("report plan.html --title Plan --w", ["--whatif"]),
    ("report plan.html --whatif freq", ["frequency"]),
    ("report plan.html --whatif frequency w", ["weekly"]),
    ("tune freq", ["frequency"]),
    ("tune frequency w", ["weekly"]),
    ("tune favoriteBackyard.r", ["favoriteBackyard.rule"]),
    ("target favoriteBackyard ", ["displays", "firstDisplay", "reach"]),
    ("target load ", ["displays", "distinctTips"]),
    ("target favoriteBackyard firstDisplay ", ["median", "p90"]),
    ("target favoriteBackyard reach >", [">", ">="]),
    ("whatif gr", ["group"]),
  ])
  func completesCommandsKeywordsAndDefinedNames(text: String, expected: [String]) {
    #expect(Completer(world: world).complete(text).candidates == expected)
  }

  @Test func everyCommandCompletesWithoutSurprises() {
    let completer = Completer(world: world, checkpoints: ["release"])
    for name in CommandTable.names {
      for text in ["\(name) ", "\(name) x ", "\(name) x y z "] { _ = completer.complete(text) }
    }
    #expect(completer.complete("restore ").candidates == ["release"])
    #expect(completer.complete("help adv").candidates == ["advance"])
    #expect(completer.complete("hide detail.").candidates == ["detail.favoriteButton", "detail.header"])
    #expect(completer.complete("open detail ").candidates.isEmpty)
  }

  @Test func commonPrefix() {
    #expect(Completer.commonPrefix(["showAll", "show"]) == "show")
  }
}

@Suite struct HistoryFileTests {
  @Test func concurrentShellsKeepEachOthersLines() async throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-history-\(UUID().uuidString)").path
    defer {
      try? FileManager.default.removeItem(atPath: path)
      try? FileManager.default.removeItem(atPath: path + ".lock")
    }
    await withTaskGroup(of: Void.self) { group in
      for shell in 0..<2 {
        group.addTask {
          for i in 0..<100 { _ = HistoryFile.append("status shell\(shell) line\(i)", to: path) }
        }
      }
    }
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = text.split(separator: "\n")
    #expect(lines.first == "_HiStOrY_V2_")
    #expect(lines.count == 201)
    #expect(lines.contains { $0.contains("shell0\\040line99") })
    #expect(lines.contains { $0.contains("shell1\\040line99") })
  }

  @Test func anUnwritableFileIsReportedNotFatal() throws {
    let path = try UnwritableHistory.make()
    defer { UnwritableHistory.remove(path) }
    #expect(HistoryFile.append("status", to: path) == false)
    #expect(!FileManager.default.fileExists(atPath: path))
  }
}
