import Foundation
import Runner
import ScenarioLanguage
import Sessions
import Testing

@testable import Reports

/// `plan`: the options the tunes allow, run over the same users and scored against the targets.
@Suite struct PlanTests {
  /// Three tips, each held back by its own setting: only the option that makes all three
  /// changes meets the targets.
  static let threeChanges = """
    start 2026-11-02T09:00
    frequency immediate
    event opened
    param seen = false
    screen home: a b c
    tip aTip
      title "A"
      anchor home.a inline
      rule opened.count >= 10
    tip bTip
      title "B"
      anchor home.b inline
      maxDisplayCount 1
    tip cTip
      title "C"
      anchor home.c inline
      rule seen == true
    cohort everyone 100%
      donate opened 1 per day fixed at 09:00
      open home 1 per day fixed at 09:05 for 5m
    population 40 for 5d seed 3
    target aTip reach >= 90% by day 3
    target bTip displays mean >= 2 by day 5
    target cTip reach >= 90%
    tune aTip.rule opened.count >= 1, 10
    tune bTip.maxDisplayCount 1, 3
    tune cTip.rule seen == false
    tune frequency daily, weekly

    """

  static func session(_ source: String) throws -> Session {
    var session = Session()
    session.skipsReports = true
    let run = ScenarioRunner.run(source: source, session: session, options: RunOptions(printsLog: false))
    #expect(run.exitCode == 0, "\(run.errors)")
    return run.session
  }

  @Test func onlyTheOptionWithThreeChangesMeetsTheTargetsAndItIsFound() throws {
    let result = try Planner(session: try Self.session(Self.threeChanges)).run()
    // 3 × 3 × 2 × 3 options, each tune at today's setting or an alternative; `aTip.rule
    // opened.count >= 10` and `bTip.maxDisplayCount 1` are today's and change nothing.
    #expect(result.searchedEverything && result.searched == 54)
    #expect(!result.today.meetsEveryTarget)
    let first = try #require(result.meeting.first, "\(result.text())")
    #expect(first.changes.starts(with: ["aTip.rule opened.count >= 1", "bTip.maxDisplayCount 3", "cTip.rule seen == false"]))
    #expect(
      result.meeting.allSatisfy {
        $0.changes.filter { !["aTip.rule opened.count >= 10", "bTip.maxDisplayCount 1"].contains($0) }.count >= 3
      })
    #expect(result.isMet)
    #expect(result.confirmation?.meetsEveryTarget == true)
    #expect(result.text().contains("A. aTip.rule opened.count >= 1; bTip.maxDisplayCount 3; cTip.rule seen == false"))
  }

  @Test func aTuneThatChangesNothingGivesTodaysFiguresExactly() throws {
    let result = try Planner(session: try Self.session(Self.threeChanges)).run()
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let today = try encoder.encode(result.today.figures)
    // `aTip.rule opened.count >= 10` is the rule as written: the same users, the same draws.
    let unchanged = try #require(result.options.first { $0.changes == ["aTip.rule opened.count >= 10"] })
    #expect(try encoder.encode(unchanged.figures) == today)
    // The plan reuses those figures (the definitions are today's); run apart, they are the same.
    let planner = try Planner(session: try Self.session(Self.threeChanges))
    let changes = planner.changes(unchanged.choices)
    #expect(planner.definitions(changes) == planner.definitions([]))
    let direct = planner.readings(try planner.population(changes, seed: planner.seed).runBlocking())
    let todays = planner.readings(try planner.population([], seed: planner.seed).runBlocking())
    #expect(direct.map(\.value) == todays.map(\.value) && direct.map(\.value) == result.today.figures.map { $0.value ?? .infinity })
  }

  @Test func overBudgetTheSearchSaysWhatItDidNotSearchAndNeverCallsItImpossible() throws {
    let result = try Planner(session: try Self.session(Self.threeChanges), budget: 10).run()
    #expect(!result.searchedEverything && result.searched <= 10)
    let text = result.text()
    #expect(text.contains("searched \(result.searched) of 54 combinations (budget 10): today: all 1, 1 change: all 7"), "\(text)")
    if !result.isMet {
      #expect(text.contains("no option searched meets every target;") && text.contains("were not searched (--budget 10)"), "\(text)")
      #expect(!text.contains("no option meets every target"), "\(text)")
    }
  }

  @Test func thePlansFiguresAreThePopulationsUnderTheSameChanges() throws {
    let session = try Self.session(Self.threeChanges)
    let result = try Planner(session: session).run()
    let option = try #require(result.meeting.first)
    // The population `tipsim population --whatif "…"` runs, read by its own report.
    let changes = try option.changes.map { text -> WhatIfChange in
      let statement = try #require(try Parser(source: "whatif " + text).parse().first)
      guard case .whatIf(let change) = statement.action else {
        Issue.record("\(text) is not a whatif change")
        return .frequency(.immediate)
      }
      return change
    }
    let base = try Population.baseWorld(of: session, with: changes).get()
    let population = Population(base: base, cohorts: session.cohorts, users: 40, span: .days(5), seed: 3)
    let report = PopulationReport(population: population, outcomes: population.runBlocking())
    let aTip = try #require(report.tips.first { $0.tip == "aTip" })
    #expect(PopulationReport.percent(aTip.reachByDay[2]) == option.figures[0].text)
    let bTip = try #require(report.tips.first { $0.tip == "bTip" })
    #expect(StoryReport.number(bTip.displaysPerUser) == StoryReport.number(option.figures[1].value ?? -1))
    let cTip = try #require(report.tips.first { $0.tip == "cTip" })
    #expect(PopulationReport.percent(cTip.reachByDay.last ?? 0) == option.figures[2].text)
  }

  @Test func whenNothingMeetsATargetThePlanSaysWhyInThePopulationsWords() throws {
    let source = Self.threeChanges.replacingOccurrences(of: "tune cTip.rule seen == false\n", with: "")
    let result = try Planner(session: try Self.session(source)).run()
    #expect(!result.isMet)
    let text = result.text()
    #expect(text.contains("no option meets every target"), "\(text)")
    let why = try #require(result.shortfalls.first { $0.target == "cTip reach >= 90%" })
    #expect(why.lines == ["everyone: 100.0% had not seen cTip by the end of the run (day 5) — seen is not true: 100.0%"], "\(why.lines)")
  }

  @Test func aPlanNeedsCohortsAndTargetsAndTunesThisSessionCanTake() throws {
    let noTargets = Self.threeChanges.split(separator: "\n").filter { !$0.hasPrefix("target") }.joined(separator: "\n")
    #expect(throws: PlanError.self) { try Planner(session: try Self.session(noTargets)) }
    let badRule = Self.threeChanges.replacingOccurrences(of: "tune aTip.rule opened.count >= 1, 10", with: "tune aTip.rule seen == false")
    do {
      _ = try Planner(session: try Self.session(badRule))
      Issue.record("a rule the tip does not have was taken")
    } catch let error as PlanError {
      #expect(error.message.hasPrefix("tune aTip.rule seen ==: aTip has no rule comparing seen to replace"), "\(error.message)")
    }
  }
}
