import Renderers
import Runner
import Simulation
import Testing
import TipEngine

/// `next`, `repeat`, checkpoints and `undo` land on exact instants and restore exactly.
@Suite struct TimeTravelCommandTests {
  let definitions = """
    start 2026-11-01T09:00
    frequency hourly
    event e
    screen s: a b c
    tip first
      title "First"
      anchor s.a inline
    tip second
      title "Second"
      anchor s.b inline
    tip timed
      title "Timed"
      anchor s.c inline
      maxDisplayDuration 150s
    launch

    """

  func shownAt(_ report: RunReport, _ tip: String) -> [Instant] {
    report.session.records.compactMap { if case .shown(let s) = $0.event, s.ref.tip == tip { $0.instant } else { nil } }
  }

  let nine = SimTimeZone.utc.instant(of: CivilTime(year: 2026, month: 11, day: 1, hour: 9))

  @Test func nextLandsOnTheExactSecondOfEachChange() {
    let report = ScenarioRunner.run(source: definitions + "open s\nnext\nnext\nnext")
    #expect(report.passed, "\(report.errors)")
    // One new tip per hour: second at +1 h, timed at +2 h, and timed's 150 s run out then.
    let invalidated = report.session.records.first { if case .invalidated(let t, _, _, _, _) = $0.event { t == "timed" } else { false } }
    #expect(shownAt(report, "second") == [nine + .hours(1)])
    #expect(shownAt(report, "timed") == [nine + .hours(2)])
    #expect(invalidated?.instant == nine + .hours(2) + .seconds(150))
    #expect(report.session.world.clock == nine + .hours(2) + .seconds(150))
  }

  @Test func rule26_repeatCrossingAnIntervalEndShowsTheWaitingTipAtThatInstant() {
    let report = ScenarioRunner.run(source: definitions + "open s\nrepeat 3 every 25m: donate e")
    #expect(report.passed, "\(report.errors)")
    #expect(shownAt(report, "second") == [nine + .hours(1)])
    #expect(report.session.world.clock == nine + .minutes(75))
    #expect(report.session.world.engine.aggregateValue(EventAggregate(event: "e"), at: report.session.world.clock) == 3)
  }

  @Test func repeatRunsEachIterationAtItsOwnInstant() {
    let report = ScenarioRunner.run(source: definitions + "repeat 4 every 2h: open s; close s")
    #expect(shownAt(report, "first") == [nine, nine + .hours(2), nine + .hours(4), nine + .hours(6)])
    #expect(report.session.world.clock == nine + .hours(8))
  }

  @Test func repeatRefusesIterationsThatOverrunTheirInterval() {
    let report = ScenarioRunner.run(source: definitions + "repeat 2 every 1h: advance 2h")
    #expect(report.exitCode == 2)
    #expect(report.errors.contains("iteration 2 should start at 2026-11-01T10:00, but the clock already reads 2026-11-01T11:00"))
    // Nothing of the refused repeat stays.
    #expect(report.session.world.clock == nine)
  }

  @Test func restoreIsExact() {
    let report = ScenarioRunner.run(source: definitions + "open s\ncheckpoint here\nadvance 3h\ndonate e\nclose s\nrestore here")
    let checkpoint = report.session.checkpoints.first { $0.name == "here" }?.snapshot
    #expect(checkpoint?.world == report.session.world)
    #expect(report.session.world.clock == nine)
    #expect(report.session.world.isOpen("s"))
  }

  @Test func undoIsRepeatableAndReturnsExactlyThePriorState() {
    let base = ScenarioRunner.run(source: definitions + "open s")
    let report = ScenarioRunner.run(source: definitions + "open s\nadvance 1h\ndonate e\nundo\nundo")
    #expect(report.session.world == base.session.world)
    #expect(report.session.history.count == base.session.history.count)
  }

  @Test func nextForATipThatOnlyAnActionCanReleaseSaysWhichAction() {
    let report = ScenarioRunner.run(
      source: definitions + """
        param on = false
        tip gated
          title "Gated"
          rule on == true
        next gated
        """)
    let warning = report.session.records.last { if case .warning = $0.event { true } else { false } }
    #expect(warning?.event == .warning(.neverAvailableByTime(tip: "gated", hints: [.set(parameter: "on")])))
    #expect(report.session.world.clock == nine)
  }
}
