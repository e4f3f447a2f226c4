import Foundation
import Renderers
import Runner
import ScenarioLanguage
import Sessions
import Simulation
import Testing
import TipEngine

@testable import Reports

/// `report`: the page a PM shares. Its content is checked here; `BrowserTests` renders it.
@Suite struct StoryReportTests {
  static let story = """
    start 2026-11-02T08:00
    frequency daily
    event logged
    screen today: log streak
    tip logTip
      title "Log today's habit"
      anchor today.log
      maxDisplayCount 2
    tip streakTip
      title "Keep your <streak> & more"
      anchor today.streak
      rule logged.count >= 2
    launch
    open today
    advance 90s
    close today
    donate logged
    donate logged
    advance to day 2 08:00
    open today
    advance 2m
    close today
    advance to day 4 09:00
    open today

    """

  func report(_ source: String, whatIf: WhatIfChange? = nil) throws -> StoryReport {
    let run = ScenarioRunner.run(source: source)
    #expect(run.exitCode == 0, "\(run.errors)")
    return try StoryReport(session: run.session, whatIf: whatIf)
  }

  @Test func theSummarySaysWhenEachTipFirstAndLastShowedHowOftenForHowLongAndWhatHoldsItNow() throws {
    let report = try report(Self.story)
    let log = try #require(report.story.summaries.first { $0.tip == "logTip" })
    #expect(log.title == "Log today's habit")
    #expect(log.displays == 2)
    #expect(log.onScreen == .seconds(90 + 120))
    #expect(report.when(try #require(log.firstShown)) == "day 1 · 2026-11-02 08:00")
    #expect(report.when(try #require(log.lastShown)) == "day 2 · 2026-11-03 08:00")
    #expect(log.now == ["invalidated: displayCountExceeded at 2026-11-03 08:02:00; permanent until reset (rule 6)"])
    #expect(log.end == "stopped for good on day 2: it reached its 2 displays")
    // Still on screen at the end: its time runs to the clock, and the summary says where it is.
    let streak = try #require(report.story.summaries.first { $0.tip == "streakTip" })
    #expect(streak.displays == 1)
    #expect(report.when(try #require(streak.firstShown)) == "day 4 · 2026-11-05 09:00")
    #expect(streak.onScreen == .zero)
    #expect(streak.now == ["available · on screen at today.streak"])
    #expect(streak.end == "on screen at today.streak")
  }

  @Test func aTipHeldBackIsSummarisedInTheLogsWordsAndOnThePageInTheTeams() throws {
    let report = try report(Self.story.replacingOccurrences(of: "rule logged.count >= 2", with: "rule logged.count >= 5"))
    let streak = try #require(report.story.summaries.first { $0.tip == "streakTip" })
    #expect(streak.firstShown == nil && streak.displays == 0)
    #expect(streak.now == ["rules: `logged.count >= 5` is false — logged.count = 2"])
    #expect(
      report.markdown().contains(
        "| streakTip | Keep your <streak> & more | never | 0 | 0s | — | waiting for its rules — `logged.count >= 5`: logged happened fewer than 5 times |"
      ))
  }

  @Test func everyMarkCarriesTheLogsWordsAndADisplayEndsWhereItWasHidden() throws {
    let report = try report(Self.story)
    let marks = report.story.marks.filter { $0.tip == "logTip" }
    // Invalidated on day 2, the tip's lane ends with that one mark: the visit on day 4 that
    // found it still invalidated adds none.
    #expect(marks.map(\.verb) == ["shown", "shown", "invalidated"])
    #expect(
      marks[0].words == [
        "logTip at today.log · display 1 of 2", "starts the display-frequency interval (policy cooldownStart, rule 28)",
        "hidden: logTip at today.log · screen closed",
      ])
    #expect(marks[0].until.map { $0 - marks[0].at } == .seconds(90))
    // On the page, rule numbers and policy names stay in `why`.
    #expect(
      report.reason(of: marks[0])
        == "day 1 · 2026-11-02 08:00 · logTip shown\nlogTip at today.log · display 1 of 2\nstarts the display-frequency interval\nhidden: logTip at today.log · screen closed"
    )
    #expect(report.reason(of: marks[2]).hasSuffix("logTip · displayCountExceeded · display 2 of 2 reached (MaxDisplayCount)"))
  }

  @Test func thePageIsSelfContainedEscapedPrintableAndDark() throws {
    let html = try report(Self.story).html()
    #expect(html.hasPrefix("<!doctype html>"))
    #expect(html.contains("Keep your &lt;streak&gt; &amp; more"))
    #expect(!html.contains("<streak>"))
    // Nothing is fetched: no URL, no external script, style or image.
    #expect(!html.contains("http:") && !html.contains("https:") && !html.contains("src="))
    #expect(html.contains("@media (prefers-color-scheme: dark)") && html.contains("@media print"))
    // One lane per tip and a mark per display and suppression, each with its reason to hover or tap.
    #expect(html.components(separatedBy: #"<rect class="lane""#).count - 1 == 2)
    #expect(html.components(separatedBy: #"<g class="m" tabindex="0" data-r=""#).count - 1 >= 4)
    #expect(html.contains("<title>day 1 · 2026-11-02 08:00 · logTip shown\nlogTip at today.log · display 1 of 2"))
    #expect(html.contains(#"id="reason""#) && html.contains(#"addEventListener("click""#))
    #expect(!html.contains("Across many users"))
  }

  @Test func reachIsReadOnTheDaysAskedAndADayAfterTheRunIsAnError() throws {
    let source =
      Self.story
      + "cohort daily 100%\n  open today 1 per day fixed at 08:00 for 2m\n  donate logged 1 per day fixed at 08:01\npopulation 20 for 10d seed 1\n"
    let run = ScenarioRunner.run(source: source)
    #expect(run.exitCode == 0, "\(run.errors)")
    let markdown = try StoryReport(session: run.session, whatIf: [], atDays: [3, 7]).markdown()
    #expect(markdown.contains("| Tip | Users | Reached by day 3 | Reached by day 7 | First display"), "\(markdown)")
    #expect(throws: Diagnostic.self) { try StoryReport(session: run.session, whatIf: [], atDays: [11]) }
  }

  @Test func theSameSessionGivesTheSameBytes() throws {
    #expect(try report(Self.story).html() == (try report(Self.story).html()))
  }

  @Test func whatIfDrawsBothTimelinesSideBySideOnOneAxis() throws {
    let report = try report(Self.story, whatIf: .tipOption(tip: "logTip", option: "maxDisplayCount", .count(1)))
    let changed = try #require(report.whatIf)
    #expect(changed.label == "logTip.maxDisplayCount 1")
    #expect(changed.summaries.first { $0.tip == "logTip" }?.displays == 1)
    let html = report.html()
    #expect(html.contains(#"<div class="stories pair">"#))
    #expect(html.components(separatedBy: "<figure>").count - 1 == 2)
    #expect(html.contains("<h2>With logTip.maxDisplayCount 1</h2>"))
    #expect(report.markdown().contains("## With logTip.maxDisplayCount 1"))
  }

  @Test func withCohortsThePageShowsReachPerCohortAndWhySomeNeverSeeATip() throws {
    let source =
      Self.story + """
        cohort light 50%
          open today 1 per day fixed for 1m
        cohort loggers 50%
          open today 1 per day fixed for 1m
          donate logged 2 per day fixed
        population 40 for 5d seed 3

        """
    let report = try report(source)
    let population = try #require(report.population)
    #expect(population.users == 40 && population.days == 5 && population.seed == 3)
    let streak = try #require(population.tips.first { $0.tip == "streakTip" })
    #expect(streak.reachByCohortByDay.count == 2 && streak.reachByCohortByDay.allSatisfy { $0.count == 5 })
    #expect(streak.reachByCohort[0] == 0 && streak.reachByCohort[1] > 0)
    // The light users never log: rules hold them all back.
    #expect(streak.neverSawBecause.first?.0 == "rules")
    let html = report.html()
    #expect(html.contains("Across many users") && html.contains("reach by day"))
    // Per cohort: the light users never log, and the page says so in the rule's terms.
    let markdown = report.markdown()
    #expect(
      markdown.contains("| “Keep your <streak> & more” (`streakTip`) | light | 100.0% | logged happened fewer than 2 times: 100.0% |"),
      "\(markdown)")
    #expect(markdown.contains("|  | light | 0.0% | never | 0.00 |"))
    #expect(html.contains("<td>light</td><td class=\"n\">100.0%</td>"))
  }

  /// The page's users run the app's own code: a tip fed only by what the app does at launch
  /// reaches them, as it reaches the one user of the story (it read 0% before).
  @Test func thePagesUsersRunTheAppsOwnCode() throws {
    let source = """
      start 2026-11-02T08:00
      param opens: Int = 0
      screen home: a
      tip thirdLaunch
        title "Welcome back"
        anchor home.a
        rule opens >= 3
      when app launch: set opens += 1
      cohort daily 100%
        relaunch 1 per day fixed
        open home 1 per day fixed for 1m
      population 30 for 6d seed 1
      launch
      quit
      advance 1d
      launch
      quit
      advance 1d
      launch
      open home

      """
    let report = try report(source)
    #expect(report.story.summaries.first?.displays == 1)
    let tip = try #require(report.population?.tips.first)
    #expect(tip.reachByDay.last == 1 && tip.neverFed.isEmpty, "\(tip.reachByDay)")
    #expect(!report.markdown().contains("reaches no user"))
  }

  @Test func aReportLineWritesThePageAndAMarkdownFileAndAnUnwritablePathIsAnError() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-report-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = folder.appendingPathComponent("plan.html").path
    let summary = folder.appendingPathComponent("plan.md").path
    let run = ScenarioRunner.run(
      source: Self.story + "report \(page) --whatif frequency weekly\nreport \"\(summary)\"\n",
      file: folder.appendingPathComponent("habit.scenario").path)
    #expect(run.exitCode == 0, "\(run.errors)")
    #expect(run.transcript.contains("wrote \(page)") && run.transcript.contains("wrote \(summary)"))
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.contains("<title>habit · TipSim report</title>") && html.contains("frequency weekly"))
    #expect(try String(contentsOfFile: summary, encoding: .utf8).hasPrefix("# habit\n"))
    let bad = ScenarioRunner.run(source: Self.story + "report \(folder.path)/missing/plan.html\n")
    #expect(bad.exitCode == 2 && bad.errors.contains("cannot write"), "\(bad.errors)")
    let noPath = ScenarioRunner.run(source: Self.story + "report\n")
    #expect(noPath.exitCode == 2 && noPath.errors.contains("expected a file name after report"), "\(noPath.errors)")
    let repeated = ScenarioRunner.run(source: Self.story + "repeat 2 every 1d: report x.html\n")
    #expect(repeated.exitCode == 2 && repeated.errors.contains("`report` cannot be repeated"), "\(repeated.errors)")
    let badChange = ScenarioRunner.run(source: Self.story + "report x.html --whatif frequency fortnightly\n")
    #expect(badChange.exitCode == 2 && badChange.errors.contains("unknown frequency 'fortnightly'"), "\(badChange.errors)")
    #expect(badChange.errors.contains("report x.html --whatif frequency fortnightly\n" + String(repeating: " ", count: 33) + "^~~~~~~~~~~"))
  }

  @Test func aTitleNamesThePageAndTheLanguageReadsItQuotedOrNotBesideAWhatIf() throws {
    #expect(try report(Self.story).title == "session")
    for (line, title, change) in [
      (#"report plan.html --title "Habit plan, v2" --whatif frequency weekly"#, "Habit plan, v2", true),
      ("report plan.html --whatif frequency weekly --title Habit plan", "Habit plan", true),
      ("report plan.md --title Habit plan", "Habit plan", false),
    ] {
      let statement = try #require(try Parser(source: line).parse().first)
      guard case .report(let request) = statement.action else {
        Issue.record("\(line)")
        continue
      }
      #expect(request.title == title && (request.whatIf != nil) == change && request.path.hasPrefix("plan."), "\(request)")
    }
    #expect(throws: Diagnostic.self) { try Parser(source: "report plan.html --title").parse() }
    let run = ScenarioRunner.run(source: Self.story)
    let titled = try StoryReport(session: run.session, title: "Habit <plan>")
    #expect(titled.markdown().hasPrefix("# Habit <plan>\n"))
    #expect(titled.html().contains("<h1>Habit &lt;plan&gt;</h1>"))
  }

  @Test(arguments: [
    (
      "lessonDone.count(within: 7d) >= 3", "lessonDone happened at least 3 times in the last 7 days",
      "lessonDone happened fewer than 3 times in the last 7 days"
    ),
    ("lessonDone.count >= 1", "lessonDone happened at least once", "lessonDone never happened"),
    ("isPro == false", "isPro is false", "isPro is not false"),
    ("isPro && 2 < visits", "isPro is true and visits is more than 2", "isPro is false or visits is at most 2"),
    (
      "viewed.largestSubset(by: id, within: 36h) >= 3", "viewed happened at least 3 times with one same id in the last 1 day 12 hours",
      "viewed happened fewer than 3 times with one same id in the last 1 day 12 hours"
    ),
  ])
  func rulesReadInWordsAndSoDoesWhatHoldsAUserBack(rule: String, words: String, unmet: String) throws {
    let source =
      "param isPro = false\nparam visits = 0\nevent lessonDone\nevent viewed(id)\nscreen s: a\ntip t\n  anchor s.a\n  rule \(rule)\n"
    let run = ScenarioRunner.run(source: source)
    #expect(run.exitCode == 0, "\(run.errors)")
    let parsed = try #require(run.session.world.engine.catalog.tip(named: "t")?.rules.first)
    #expect(StoryReport.words(of: parsed) == words)
    #expect(StoryReport.unmet(parsed) == unmet)
  }

  @Test(arguments: [
    (
      "lessonDone.count(within: 7d) >= 3", "finished a lesson at least 3 times in the last 7 days",
      "finished a lesson fewer than 3 times in the last 7 days"
    ),
    ("lessonDone.count >= 1", "finished a lesson at least once", "never finished a lesson"),
    ("isPro == false", "on the paid plan: no", "on the paid plan: yes"),
    ("isPro", "on the paid plan: yes", "on the paid plan: no"),
    ("visits >= 3", "visits is at least 3", "visits is less than 3"),
  ])
  func labelsGiveTheTeamsWordsToRules(rule: String, words: String, unmet: String) throws {
    let source = """
      param isPro = false label "on the paid plan"
      param visits = 0
      event lessonDone label "finished a lesson"
      screen s: a
      tip t
        anchor s.a
        rule \(rule)

      """
    let run = ScenarioRunner.run(source: source)
    #expect(run.exitCode == 0, "\(run.errors)")
    let catalog = run.session.world.engine.catalog
    let parsed = try #require(catalog.tip(named: "t")?.rules.first)
    #expect(RuleWords.words(parsed, labels: RuleWords.Labels(catalog)) == words)
    #expect(RuleWords.unmet(parsed, labels: RuleWords.Labels(catalog)) == unmet)
    #expect(catalog.event(named: "lessonDone")?.label == "finished a lesson")
    // `why` names them beside the rule.
    let why = run.session.world.explain("t")
    let rendered = TextRenderer(timeZone: .utc).render(LogRecord(instant: why.at, event: .explanation(why)))
    if rule.contains("lessonDone") { #expect(rendered.contains("  (lessonDone: “finished a lesson”)"), "\(rendered)") }
    if rule.contains("isPro") { #expect(rendered.contains("  (isPro: “on the paid plan”)"), "\(rendered)") }
    if rule.contains("visits") { #expect(why.labels.isEmpty) }
  }
}
