import ScenarioLanguage
import Simulation
import Testing
import TipEngine

/// `target` and `tune`: what a plan must meet and may change.
@Suite struct PlanLanguageTests {
  func statement(_ line: String) throws -> Statement.Action {
    try #require(try Parser(source: line).parse().first).action
  }

  @Test func eachTargetFormReadsBackAsWritten() throws {
    let lines = [
      "shoppingListTip reach >= 80% by day 14 in light",
      "timerTip firstDisplay median <= day 10 in light",
      "load distinctTips p95 <= 3 per 7d",
      "sharePlanTip displays mean <= 4 by day 28",
      "load displays max < 2.5 per 1d by day 7 in power",
      "welcomeTip reach > 0.5%",
    ]
    for line in lines {
      guard case .target(let target) = try statement("target " + line) else {
        Issue.record("\(line) is not a target")
        continue
      }
      #expect(target.description == line)
    }
    guard case .target(let reach) = try statement("target a reach >= 80% by day 14 in light") else { return }
    #expect(reach.subject == .tip("a") && reach.measure == .reach && reach.op == .greaterOrEqual && reach.bound == 0.8)
    #expect(reach.byDay == 14 && reach.cohort == "light" && reach.isMet(by: 0.8) && !reach.isMet(by: 0.799))
    guard case .target(let first) = try statement("target a firstDisplay p90 <= day 3") else { return }
    #expect(first.statistic == .p90 && first.bound == 3 && !first.isMet(by: .infinity))
  }

  @Test func aTuneListsItsAlternativesAndARangeStandsForEachWholeNumber() throws {
    guard case .tune(let rule) = try statement("tune planTip.rule recipeSaved.count >= 1...4") else {
      Issue.record("not a tune")
      return
    }
    #expect(rule.setting == "planTip.rule recipeSaved.count >=")
    #expect(rule.alternatives.map(\.description) == (1...4).map { "planTip.rule recipeSaved.count >= \($0)" })
    guard case .tune(let count) = try statement("tune sharePlanTip.maxDisplayCount none, 2...5, 3") else {
      Issue.record("not a tune")
      return
    }
    #expect(count.alternatives.map(\.description) == ["none", "2", "3", "4", "5"].map { "sharePlanTip.maxDisplayCount \($0)" })
    #expect(count.description == "sharePlanTip.maxDisplayCount none, 2, 3, 4, 5")
    guard case .tune(let group) = try statement("tune group onboarding ordered, firstAvailable, none") else {
      Issue.record("not a tune")
      return
    }
    #expect(
      group.alternatives == [
        .group(name: "onboarding", .ordered), .group(name: "onboarding", .firstAvailable), .group(name: "onboarding", nil),
      ])
    // The setting and values as the line writes them, a window's `7d` included.
    guard case .tune(let windowed) = try statement("tune planTip.rule saved.count(within: 7d)  >= 1...2") else {
      Issue.record("not a tune")
      return
    }
    #expect(windowed.description == "planTip.rule saved.count(within: 7d) >= 1, 2")
    guard case .tune(let frequency) = try statement("tune frequency daily, weekly") else {
      Issue.record("not a tune")
      return
    }
    #expect(frequency.alternatives == [.frequency(.daily), .frequency(.weekly)])
  }

  @Test(arguments: [
    ("target a reach >= 80", "expected '%' at end of line", 21),
    ("target a reach >= 180%", "a share is between 0% and 100%", 19),
    ("target a firstDisplay median <= 10", "expected `day N`, e.g. firstDisplay median <= day 10, found '10'", 33),
    ("target a firstDisplay mean <= day 3", "unknown statistic of the first display 'mean'", 23),
    (
      "target a firstDisplay median <= day 3 by day 4",
      "a first display's bound is its day: no `by day` (write firstDisplay median <= day 10)", 39
    ),
    ("target load distinctTips p95 <= 3", "expected `per DURATION` (the window a user's load is read in), e.g. per 7d at end of line", 34),
    ("target a reach == 80%", "expected a comparison (>=, <=, > or <), found '=='", 16),
    ("target a reach >= 80% in", "expected a cohort name at end of line", 25),
    ("tune frequency daily,, weekly", "expected a value before this comma (the alternatives are written `a, b, c`)", 22),
    ("tune frequency daily,", "expected a value before this comma (the alternatives are written `a, b, c`)", 21),
    ("tune frequency", "expected the values the setting may take, e.g. daily, weekly at end of line", 15),
    ("tune a.maxDisplayCount 5...2", "a range N...M runs up, with at most 1000 values", 24),
    ("tune a.rule e.count 1...3", "a tuned rule is `TIP.rule LEFT OP VALUES`, e.g. tune planTip.rule saved.count >= 1...4", 25),
    ("tune frequency daily, sometimes", "unknown frequency 'sometimes'", 23),
  ])
  func aBadTargetOrTuneIsAnErrorAtItsColumn(source: String, message: String, column: Int) {
    do {
      _ = try Parser(source: source).parse()
      Issue.record("\(source) parsed")
    } catch {
      #expect(error.message == message, "\(source)")
      #expect(error.location.column == column, "\(source): \(error.message)")
    }
  }
}

/// A cohort's actions during its visits to a screen.
@Suite struct VisitLanguageTests {
  @Test func anOpenLineCarriesWhatTheUserDoesDuringEachVisit() throws {
    let source =
      "cohort light 100%\n  open planner 2 per week at 19:05 for 3m: perform makePlan 50%; donate planMade; set hasPlan true 10%\n"
    guard case .cohort(let cohort) = try #require(try Parser(source: source).parse().first).action else {
      Issue.record("not a cohort")
      return
    }
    let usage = try #require(cohort.usage.first)
    #expect(usage.action == .open("planner", for: .minutes(3)) && usage.timeOfDay == 19 * 3600 + 5 * 60)
    #expect(
      usage.during == [
        Usage.Visit(action: .perform("makePlan", inputs: [:]), probability: 0.5),
        Usage.Visit(action: .donate("planMade", fields: [:]), probability: 1),
        Usage.Visit(action: .set("hasPlan", .bool(true)), probability: 0.1),
      ])
  }

  @Test(arguments: [
    ("cohort a 100%\n  donate e 1 per day: donate f 50%\n", "only an `open` line has actions during its visits", 2, 21),
    ("cohort a 100%\n  open s: open t\n", "unknown action during a visit 'open'", 2, 11),
    ("cohort a 100%\n  open s: donate e 150%\n", "a percentage is between 0% and 100%", 2, 20),
    ("cohort a 100%\n  open s: donate e 50% fixed\n", "unexpected 'fixed' after the visit's actions", 2, 24),
  ])
  func aBadVisitIsAnErrorAtItsColumn(source: String, message: String, line: Int, column: Int) {
    do {
      _ = try Parser(source: source).parse()
      Issue.record("\(source) parsed")
    } catch {
      #expect(error.message == message, "\(source)")
      #expect(error.location.line == line && error.location.column == column, "\(source): \(error.location)")
    }
  }
}
