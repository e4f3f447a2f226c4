import Foundation
import Renderers
import Reports
import Runner
import ScenarioLanguage
import Simulation
import Testing
import TipEngine
import Tooling

@Suite struct TimelineTests {
  /// The checked-in chart is what `tipsim timeline Scenarios/five-tips-competing.scenario
  /// --svg … --width 100` renders, byte for byte. TIPSIM_UPDATE=1 re-records it (not under CI).
  @Test func theCheckedInSVGIsRenderedByteForByte() throws {
    let scenario = packageRoot + "/Scenarios/five-tips-competing.scenario"
    let svgPath = packageRoot + "/Scenarios/five-tips-competing.svg"
    let report = ScenarioRunner.run(file: scenario)
    #expect(report.passed)
    let svg = TimelineSVG(timeline: Timeline(session: report.session, request: TimelineRequest(), width: 100)).render()
    let environment = ProcessInfo.processInfo.environment
    if environment["TIPSIM_UPDATE"] == "1" && environment["CI"] != "true" {
      try svg.write(toFile: svgPath, atomically: true, encoding: .utf8)
    }
    let expected = try String(contentsOfFile: svgPath, encoding: .utf8)
    #expect(svg == expected, "re-record with TIPSIM_UPDATE=1 swift test --filter TimelineTests")
    #expect(svg.hasPrefix("<?xml"))
    #expect(svg.contains("exportTip"))
  }

  @Test func columnsAreHoursForShortSpansAndDaysOrWeeksForLongerOnes() {
    let world = World()
    func size(_ span: TimeSpan) -> String {
      Timeline(records: [], world: world, request: TimelineRequest(from: world.clock, to: world.clock + span), width: 100).columnName
    }
    #expect(size(.hours(20)) == "hour")
    #expect(size(.days(20)) == "day")
    #expect(size(.days(200)) == "week")
    #expect(size(.days(2500)) == "30 days")
    // Beyond 86 months (the columns 100 characters leave): several months a column.
    #expect(size(.days(3000)) == "60 days")
    // A fuzzer's start thousands of years away once drew rows of 90,000 columns.
    #expect(size(.days(365 * 7000)) == "29730 days")  // 991 months a column: 86 columns
  }

  /// The span's last instant belongs to it: a display at exactly a column's start (a whole
  /// hour in an hourly chart, a midnight in a daily one) is drawn, in `timeline` and `whatif`.
  @Test(arguments: [("advance 30m", "hour"), ("advance to 2026-11-05T00:00", "day")])
  func aDisplayAtTheSessionsLastInstantIsDrawnOnAColumnBoundary(travel: String, columnName: String) {
    let report = ScenarioRunner.run(
      source: """
        start 2026-11-01T09:30
        screen s: a
        tip t
          title "T"
          anchor s.a
        launch
        \(travel)
        open s
        """)
    let timeline = Timeline(session: report.session, request: TimelineRequest(), width: 100)
    #expect(timeline.columnName == columnName)
    #expect(timeline.rows["t"]?.last == .shown)
    #expect(timeline.shownCounts["t"] == 1)
    #expect(timeline.text().contains("●  1 shown"))
    let whatIf = WhatIf(change: .frequency(.daily), session: report.session, width: 100).report()
    #expect(whatIf.components(separatedBy: "●  1 shown").count == 3)
  }

  @Test func theStrongestMarkOfAColumnWins() {
    let report = ScenarioRunner.run(
      source: """
        frequency daily
        screen s: a b
        tip first
          title "F"
          anchor s.a inline
        tip second
          title "S"
          anchor s.b inline
        launch
        repeat 3 every 1d: open s; close s
        """)
    let timeline = Timeline(session: report.session, request: TimelineRequest(), width: 100)
    #expect(timeline.rows["first"] == [.shown, .shown, .shown, .nothing])
    #expect(timeline.rows["second"] == [.suppressedByFrequency, .shown, .shown, .nothing])
    #expect(timeline.text().contains("second  f●●·  2 shown"))
  }

  /// A tip held back by its rules and by another tip's cool-down at once is marked for its
  /// rules: the frequency is not what it waits for. One invalidated ends its lane with one
  /// cross, in the text timeline and on the page.
  @Test func aMarkTakesTheFirstReasonThatIsNotTheFrequencyAndAnInvalidatedLaneEndsOnce() throws {
    let report = ScenarioRunner.run(
      source: """
        frequency daily
        event done
        screen s: a b
        tip first
          anchor s.a
          maxDisplayCount 1
        tip second
          anchor s.b inline
          rule done.count >= 2
        launch
        repeat 4 every 1d: open s; close s
        """)
    #expect(report.exitCode == 0, "\(report.errors)")
    let timeline = Timeline(session: report.session, request: TimelineRequest(), width: 100)
    #expect(timeline.rows["second"]?.prefix(4) == [.suppressedByRules, .suppressedByRules, .suppressedByRules, .suppressedByRules])
    #expect(timeline.rows["first"]?.prefix(4) == [.shown, .nothing, .nothing, .nothing], "\(timeline.text())")
    let page = try StoryReport(session: report.session)
    #expect(page.story.marks.filter { $0.tip == "first" }.map(\.verb) == ["shown", "invalidated"])
    #expect(page.story.marks.filter { $0.tip == "second" }.allSatisfy { $0.kind == .suppressedByRules })
  }
}
