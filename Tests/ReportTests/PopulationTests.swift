import Foundation
import Renderers
import Reports
import Runner
import Sessions
import Simulation
import Testing
import TipEngine
import Tooling

@Suite struct PopulationTests {
  static let scenario = """
    start 2026-11-01T09:00
    frequency daily
    event viewed(id)
    screen home: a b
    tip first
      title "First"
      anchor home.a
      maxDisplayCount 2
    tip second
      title "Second"
      anchor home.b inline
      rule viewed.count(within: 3d) >= 2
    cohort light 70%
      open home 1 per day poisson for 2m
      donate viewed id=1 0.5 per day poisson
      churn 5% per day
    cohort heavy 30%
      open home 4 per day fixed for 5m
      donate viewed id=1 3 per day heavytail
      relaunch 1 per day fixed

    """

  func population(users: Int, seed: UInt64) throws -> Population {
    let report = ScenarioRunner.run(source: PopulationTests.scenario)
    #expect(report.exitCode == 0, "\(report.errors)")
    let base = try Population.baseWorld(of: report.session).get()
    return Population(base: base, cohorts: report.session.cohorts, users: users, span: .days(14), seed: seed)
  }

  @Test func theSameSeedGivesTheSameNumbersInParallelAndInSequence() async throws {
    let p = try population(users: 300, seed: 42)
    let parallel = await p.run()
    let sequential = (0..<300).map { p.simulate(user: $0) }
    #expect(parallel.map(\.firstDisplay) == sequential.map(\.firstDisplay))
    #expect(parallel.map(\.displays) == sequential.map(\.displays))
    #expect(p.runBlocking().map(\.firstDisplay) == sequential.map(\.firstDisplay))
    let again = PopulationReport(population: p, outcomes: await p.run()).text()
    #expect(PopulationReport(population: p, outcomes: parallel).text() == again)
  }

  @Test func aUsersLoadIsTheirBusiestSevenDays() throws {
    // Three inline tips, each shown at the daily visit until its count: day 1 all three, day 2
    // `a` and `b`, day 3 `b`; a weekly visitor sees each once.
    let report = ScenarioRunner.run(
      source: """
        start 2026-11-02T09:00
        frequency immediate
        screen home: a b c
        tip a
          anchor home.a inline
          maxDisplayCount 2
        tip b
          anchor home.b inline
          maxDisplayCount 3
        tip c
          anchor home.c inline
          maxDisplayCount 1
        cohort daily 50%
          open home 1 per day fixed at 09:30 for 1m
        cohort weekly 50%
          open home 1 per week on mon at 09:30 for 1m

        """)
    #expect(report.exitCode == 0, "\(report.errors)")
    let base = try Population.baseWorld(of: report.session).get()
    let population = Population(base: base, cohorts: report.session.cohorts, users: 60, span: .days(21), seed: 2)
    let load = PopulationReport(population: population, outcomes: population.runBlocking()).load
    #expect(load.map(\.users) == ["everyone", "daily", "weekly"])
    #expect(load[1].distinctTips == [3, 3, 3] && load[1].displays == [6, 6, 6], "\(load[1])")
    #expect(load[2].distinctTips == [3, 3, 3] && load[2].displays == [3, 3, 3], "\(load[2])")
    #expect(load[0].distinctTips == [3, 3, 3] && load[0].displays[2] == 6)
  }

  @Test func anActionDuringAVisitHappensHalfwayThroughItWithItsChance() throws {
    let report = ScenarioRunner.run(
      source: """
        start 2026-11-02T08:00
        event saved
        screen recipes: button
        tip saveTip
          anchor recipes.button
          rule saved.count >= 1
        cohort light 100%
          open recipes 1 per day at 19:00 for 10m: donate saved 50%; donate saved 20%

        """)
    #expect(report.exitCode == 0, "\(report.errors)")
    let base = try Population.baseWorld(of: report.session).get()
    let population = Population(base: base, cohorts: report.session.cohorts, users: 2_000, span: .days(3), seed: 9)
    let outcomes = population.runBlocking()
    // Shown during the first evening's visit only when one of the two happened: 1 − 0.5 × 0.8.
    let firstEvening = Double(outcomes.count { $0.firstDisplay[0] >= 0 && $0.firstDisplay[0] < 86_400 }) / 2_000
    #expect(abs(firstEvening - 0.6) < 0.03, "\(firstEvening)")
    // Halfway through the visit: 19:05, 11 h 5 min after the start.
    #expect(outcomes.compactMap { $0.firstDisplay[0] >= 0 ? $0.firstDisplay[0] % 86_400 : nil }.allSatisfy { $0 == 11 * 3600 + 5 * 60 })
  }

  @Test func aRunToldToStopSkipsTheChunksNotYetStarted() throws {
    let p = try population(users: 1_000, seed: 3)
    let asked = Counter()
    let stopped = p.runBlocking(shouldStop: { asked.increment() >= 1 })
    // Each chunk is 128 users; the chunks already running when it stopped still finish.
    #expect(stopped.count >= 128 && stopped.count < 1_000 && stopped.count % 128 == 0, "\(stopped.count)")
    #expect(p.runBlocking(shouldStop: { false }).count == 1_000)
  }

  final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() -> Int {
      lock.withLock {
        count += 1
        return count
      }
    }
  }

  /// Blocking runs from async code, more of them than the cooperative pool has threads,
  /// all finish (they once waited on the pool and deadlocked on two cores).
  @Test func blockingRunsFromAsyncCodeDoNotDeadlock() async throws {
    let p = try population(users: 64, seed: 5)
    let counts = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<6 { group.addTask { p.runBlocking().count } }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(counts == Array(repeating: 64, count: 6))
  }

  @Test func anotherSeedGivesOtherUsers() async throws {
    let a = try await population(users: 200, seed: 1).run()
    let b = try await population(users: 200, seed: 2).run()
    #expect(a.map(\.firstDisplay) != b.map(\.firstDisplay))
  }

  @Test func cohortsSplitByTheirShares() async throws {
    let outcomes = try await population(users: 2000, seed: 3).run()
    let heavy = Double(outcomes.filter { $0.cohort == 1 }.count) / 2000
    #expect(abs(heavy - 0.3) < 0.04)
  }

  @Test func theReportCountsReachAndReasons() async throws {
    let p = try population(users: 500, seed: 9)
    let report = PopulationReport(population: p, outcomes: await p.run())
    let first = try #require(report.tips.first { $0.tip == "first" })
    // Everyone launches and most open home on day one; the reach only grows.
    #expect(first.reachByDay.last ?? 0 > 0.9)
    #expect(zip(first.reachByDay, first.reachByDay.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(first.heldBack.contains { $0.0 == "counts" })
    let second = try #require(report.tips.first { $0.tip == "second" })
    #expect(second.heldBack.contains { $0.0 == "rules" })
    #expect(report.json().hasPrefix(#"{"users":500,"days":14,"seed":9"#))
    #expect(report.svg().contains("<polyline"))
    // Per cohort: reach, first display as day numbers, displays per user, and which rule held
    // back the users who never saw the tip.
    let light = try #require(second.byCohort.first { $0.cohort == "light" })
    let heavy = try #require(second.byCohort.first { $0.cohort == "heavy" })
    #expect(light.users + heavy.users == 500)
    #expect(heavy.reach > light.reach && heavy.medianFirstDay != nil)
    #expect(light.unmetRules.first?.0 == 0 && (light.unmetRules.first?.1 ?? 0) > 0)
    #expect(light.neverSawBecause.first { $0.0 == "rules" }?.1 == light.unmetRules.first?.1)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
    let tips = try #require(json["tips"] as? [[String: Any]])
    let cohorts = try #require(tips.last?["byCohort"] as? [[String: Any]])
    #expect(cohorts.map { $0["cohort"] as? String } == ["light", "heavy"])
    let unmet = try #require(cohorts.first?["unmetRules"] as? [[String: Any]])
    #expect(unmet.first?["rule"] as? String == "viewed.count(within: 3d) >= 2")
    #expect(tips.last?["medianFirstDay"] is Int)
  }

  /// The chart in docs/Population.md is what `tipsim population Scenarios/population-backyard-birds
  /// .scenario --users 400 --days 30 --seed 7 --svg …` draws (the story's own population
  /// line), byte for byte. TIPSIM_UPDATE=1 re-records it (not under CI).
  @Test func thePopulationPagesChartIsRenderedByteForByte() throws {
    let story = packageRoot + "/Scenarios/population-backyard-birds"
    // As `tipsim population` does: the story without its own `population` line.
    var session = Session()
    session.skipsReports = true
    let report = ScenarioRunner.run(file: story + ".scenario", session: session)
    #expect(report.exitCode == 0, "\(report.errors)")
    let base = try Population.baseWorld(of: report.session).get()
    let population = Population(base: base, cohorts: report.session.cohorts, users: 400, span: .days(30), seed: 7)
    let svg = PopulationReport(population: population, outcomes: population.runBlocking()).svg()
    let environment = ProcessInfo.processInfo.environment
    if environment["TIPSIM_UPDATE"] == "1" && environment["CI"] != "true" {
      try svg.write(toFile: story + ".svg", atomically: true, encoding: .utf8)
    }
    #expect(svg == (try String(contentsOfFile: story + ".svg", encoding: .utf8)), "re-record with TIPSIM_UPDATE=1")
  }

  /// `tipsim population FILE` (and the other reporting subcommands) replay the file without
  /// its own reports: the file's `population` line would only cost time.
  @Test func reportingSubcommandsSkipTheFilesOwnReports() {
    var session = Session()
    session.skipsReports = true
    let source = "event e\ncohort all 100%\n  donate e 1 per day fixed\npopulation 200 for 3d seed 1\nlint\n"
    let skipped = ScenarioRunner.run(source: source, session: session, options: RunOptions(format: .text(.plain)))
    #expect(skipped.exitCode == 0, "\(skipped.errors)")
    #expect(!skipped.transcript.contains("population:"))
    #expect(skipped.session.cohorts.count == 1)
    #expect(ScenarioRunner.run(source: source).transcript.contains("population: 200 users"))
  }

  @Test func populationNeedsACohort() {
    let report = ScenarioRunner.run(source: "screen s: a\npopulation 10 for 1d")
    #expect(report.exitCode == 2)
    #expect(report.errors.contains("define at least one `cohort`"))
  }

  /// A cohort defined twice is never silent: the second block warns that it replaces the first.
  @Test func aCohortDefinedAgainWarnsThatItReplacesTheFirst() {
    let report = ScenarioRunner.run(
      source: "screen s: a\ncohort light 50%\n  open s 1 per day poisson for 1m\ncohort light 30%\n  open s 2 per day poisson for 1m\n")
    #expect(report.exitCode == 0)
    #expect(report.transcript.contains("warning     cohort light was defined before (line 2): this block replaces it"))
    #expect(report.session.cohorts.map(\.share) == [0.3])
  }

  /// `model` lists the cohorts with their usage lines as the language writes them.
  @Test func modelListsTheCohortsInTheLanguagesWords() {
    let cohort = """
      cohort heavy 40%
        open detail 2 per day heavytail for 2m
        donate viewed backyardID=2 0.5 per day poisson
        set isLoggedIn true 1 per day fixed
        relaunch 1 per day fixed
        churn 2% per day
      """
    let report = ScenarioRunner.run(source: "screen detail: a\nevent viewed(backyardID)\nparam isLoggedIn = false\n" + cohort + "\nmodel\n")
    #expect(report.exitCode == 0, "\(report.errors)")
    #expect(
      report.transcript.contains(
        "cohorts (the usage model):\n" + cohort.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n"))
  }

  /// With more than one cohort, reach is given per cohort as well as overall, in text and JSON.
  @Test func reachIsGivenPerCohort() throws {
    let report = ScenarioRunner.run(
      source: """
        screen s: a
        tip t
          title "T"
          anchor s.a
          maxDisplayCount 1
        cohort visitors 50%
          open s 2 per day fixed for 1m
        cohort absent 50%
          relaunch 1 per day fixed
        population 40 for 3d seed 2
        """)
    #expect(report.exitCode == 0, "\(report.errors)")
    #expect(
      report.transcript.contains("reach by day 3, per cohort:\n  tip  visitors  absent\n  t    100.0%    0.0%\n"), "\(report.transcript)")
  }

  /// A tip no user saw because nothing the users or the app do feeds its rules says so.
  @Test func aTipNoUsageCanReachSaysWhatNothingFeeds() {
    let report = ScenarioRunner.run(
      source: """
        param isPro = false
        event exported
        screen s: a b
        tip proTip
          title "Pro"
          anchor s.a inline
          rule isPro == true
          rule exported.count >= 1
        tip fedTip
          title "Fed"
          anchor s.b inline
          rule exported.count >= 2
        cohort all 100%
          open s 1 per day fixed for 1m
        population 20 for 3d seed 1
        """)
    #expect(report.exitCode == 0, "\(report.errors)")
    #expect(
      report.transcript.contains(
        "proTip reached no user: no usage line or reaction of the app's donates or writes isPro, exported, which its rules read"))
    #expect(
      report.transcript.contains(
        "fedTip reached no user: no usage line or reaction of the app's donates or writes exported, which its rules read"))
  }

  /// The app's own code runs in every simulated user: at launch, as a screen opens and closes,
  /// when a tip is shown or invalidated. Each tip here is fed by one reaction and nothing else
  /// (without them, population reported 0% for tips the one-user story showed every day).
  @Test func theAppsOwnCodeRunsInEveryUser() throws {
    let report = ScenarioRunner.run(
      source: """
        frequency immediate
        param opens: Int = 0
        param leftHome = false
        param sawFirst = false
        param firstEnded = false
        event homeShown
        screen home: a b c d e f
        tip first
          title "First"
          anchor home.a inline
          maxDisplayCount 1
        tip launches
          title "Launches"
          anchor home.b inline
          rule opens >= 2
        tip appeared
          title "Appeared"
          anchor home.c inline
          rule homeShown.count >= 2
        tip afterClose
          title "After close"
          anchor home.d inline
          rule leftHome == true
        tip afterFirst
          title "After first"
          anchor home.e inline
          rule sawFirst == true
        tip afterEnd
          title "After end"
          anchor home.f inline
          rule firstEnded == true
        when app launch: set opens += 1
        when screen home opens: donate homeShown
        when screen home closes: set leftHome true
        when first shown: set sawFirst true
        when first invalidated: set firstEnded true
        cohort all 100%
          open home 1 per day fixed for 1m
          relaunch 1 per day fixed
        """)
    #expect(report.exitCode == 0, "\(report.errors)")
    let base = try Population.baseWorld(of: report.session).get()
    #expect(base.reactions.count == 5)
    let population = Population(base: base, cohorts: report.session.cohorts, users: 20, span: .days(5), seed: 1)
    let figures = PopulationReport(population: population, outcomes: population.runBlocking())
    for tip in figures.tips {
      #expect(tip.reachByDay.last == 1, "\(tip.tip) reached \(tip.reachByDay)")
      #expect(tip.neverFed.isEmpty, "\(tip.tip)")
    }
  }

  /// Shares that do not add up to 100% are divided by their sum, and the report says so, in
  /// its text, its JSON and the page's Markdown; shares that add up say nothing.
  @Test func cohortSharesThatDoNotAddUpTo100AreRescaledAndSaySo() throws {
    func report(light: Int, heavy: Int) throws -> PopulationReport {
      let source = PopulationTests.scenario.replacingOccurrences(of: "cohort light 70%", with: "cohort light \(light)%")
        .replacingOccurrences(of: "cohort heavy 30%", with: "cohort heavy \(heavy)%")
      let run = ScenarioRunner.run(source: source)
      #expect(run.exitCode == 0, "\(run.errors)")
      let base = try Population.baseWorld(of: run.session).get()
      let population = Population(base: base, cohorts: run.session.cohorts, users: 50, span: .days(3), seed: 1)
      return PopulationReport(population: population, outcomes: population.runBlocking())
    }
    let short = try report(light: 60, heavy: 30)
    #expect(
      short.text().split(separator: "\n")[1]
        == "warning: cohort shares add up to 90.0%, not 100%: each was divided by that sum (light 60.0% → 66.7%, heavy 30.0% → 33.3%)")
    let json = short.json()
    #expect(json.contains(#""sharesAddUpTo":0.9"#), "\(json)")
    #expect(json.contains(#""givenShare":0.6"#) && json.contains(#""share":0.6667"#), "\(json)")
    let whole = try report(light: 70, heavy: 30)
    #expect(whole.rescalingWarning == nil)
    #expect(!whole.text().contains("warning"))
    #expect(!whole.json().contains("sharesAddUpTo"))
  }

  /// A user who stopped using the app before the tip could show is counted under "had stopped
  /// using the app", not under "did not open home", and what held a tip back is read when they
  /// left: a windowed count read weeks after they left would only say they had gone.
  @Test func aUserWhoStoppedUsingTheAppIsCountedSo() throws {
    let source = """
      start 2026-11-01T09:00
      event viewed
      screen home: a b
      tip soon
        title "Soon"
        anchor home.a
      tip counted
        title "Counted"
        anchor home.b
        rule viewed.count(within: 3d) >= 3
      cohort leaving 100%
        open home 1 per day fixed at 10:00 for 2m
        donate viewed 1 per day fixed at 10:01
        churn 20% per day

      """
    let run = ScenarioRunner.run(source: source)
    #expect(run.exitCode == 0, "\(run.errors)")
    let base = try Population.baseWorld(of: run.session).get()
    let population = Population(base: base, cohorts: run.session.cohorts, users: 200, span: .days(30), seed: 3)
    let report = PopulationReport(population: population, outcomes: population.runBlocking())
    // Everyone who stays until 10:00 on the first day sees `soon`; those who do not had left.
    let soon = try #require(report.tips.first { $0.tip == "soon" })
    #expect((soon.neverSawBecause.first { $0.0 == PopulationReport.stopped }?.1 ?? 0) > 0.1, "\(soon.neverSawBecause)")
    #expect(!soon.neverSawBecause.contains { $0.0 == PopulationReport.noVisit }, "\(soon.neverSawBecause)")
    // `counted` needs three views in three days: those who left before are held back by it as
    // they left, and none of them is called a non-visitor.
    let counted = try #require(report.tips.first { $0.tip == "counted" })
    #expect(counted.neverSawBecause.contains { $0.0 == "rules" }, "\(counted.neverSawBecause)")
    #expect(!counted.neverSawBecause.contains { $0.0 == PopulationReport.noVisit }, "\(counted.neverSawBecause)")
    #expect(report.json().contains("stoppedUsingTheApp"))
  }
}
