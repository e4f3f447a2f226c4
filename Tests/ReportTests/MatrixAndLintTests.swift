import Reports
import Runner
import Simulation
import Testing

/// `matrix` and `lint`: reports read off a replayed session.
@Suite struct MatrixAndLintTests {
  func run(_ source: String) -> RunReport {
    let report = ScenarioRunner.run(source: source)
    #expect(report.exitCode != 2, "\(report.errors)")
    return report
  }

  @Test func matrixReplaysOncePerVersion() throws {
    let report = run(
      """
      screen s host hostingConfiguration: a
      tip t
        title "T"
        anchor s.a
      launch
      open s
      """)
    let versions = ["17.0", "18.5", "18.6"].compactMap(OSVersion.init)
    let cells = try Matrix(versions: versions, session: report.session).cells().get()
    #expect(cells["t"]?.map(\.rendering.word) == ["notRendered", "notRendered", "rendered"])
    #expect(cells["t"]?.map(\.displays) == [1, 1, 1])
  }

  @Test func lintFindsEachKindOfMistake() {
    let report = ScenarioRunner.run(file: packageRoot + "/Scenarios/lint-catalogue.scenario")
    let messages = Linter(session: report.session).warnings().map(\.message)
    let expected = [
      "can never show", "keeps donations only", "will show every time its screen opens, forever", "every tip ignores the display frequency",
      "share the persisted id", "has the name of a parameter, event or group", "no rule reads event", "nothing writes parameter",
      "title is 85 columns wide", "is blocked forever by proUpsell",
    ]
    for fragment in expected { #expect(messages.contains { $0.contains(fragment) }, "\(fragment)") }
    #expect(
      Linter(session: ScenarioRunner.run(file: packageRoot + "/Scenarios/eight-colleagues-tab.scenario").session).warnings().count <= 1)
  }

  @Test func contradictionsBetweenNumericBounds() {
    let report = ScenarioRunner.run(
      source: """
        param n = 0
        event e
        tip a
          title "A"
          rule n > 5 and n < 3
        tip b
          title "B"
          rule e.count < 0
        tip c
          title "C"
          rule n >= 3
          rule n <= 3
        """)
    let messages = Linter(session: report.session).warnings().map(\.message)
    #expect(messages.contains { $0.hasPrefix("tip a can never show") })
    #expect(messages.contains { $0.hasPrefix("tip b can never show") })
    #expect(!messages.contains { $0.hasPrefix("tip c can never show") })
  }

  /// The core language never required a title: a file without one runs, the name stands in,
  /// and lint suggests a title.
  @Test func aTipWithoutTitleRunsUnderItsNameAndLintSuggestsOne() {
    let report = ScenarioRunner.run(
      source: """
        screen s: a
        tip t
          anchor s.a
          maxDisplayCount 1
        launch
        open s
        expect shown t
        """)
    #expect(report.passed)
    #expect(report.session.world.engine.catalog.tip(named: "t")?.title == "t")
    let warnings = Linter(session: report.session).warnings()
    #expect(warnings.contains { $0.message.hasPrefix("tip t has no title") && $0.line == 2 })
  }

  /// A tip with rules that nothing ends comes back whenever they hold: lint says so, with how
  /// often it came back in the scenario (a two-week plan showed one 8 times, unnoticed).
  @Test func aTipWithRulesThatNothingEndsReturnsUntilClosed() {
    let report = ScenarioRunner.run(
      source: """
        frequency daily
        event habitLogged
        screen today: streak
        tip streakTip
          title "Keep your streak"
          anchor today.streak
          rule habitLogged.count >= 1
        tip cappedTip
          title "Capped"
          anchor today.streak
          rule habitLogged.count >= 1
          maxDisplayCount 2
        launch
        donate habitLogged
        repeat 8 every 1d: open today; close today
        """)
    #expect(report.passed)
    let returning = Linter(session: report.session).warnings().filter { $0.rule == "returnsUntilClosed" }
    #expect(returning.map(\.line) == [4])
    #expect(returning.first?.message.hasSuffix("nothing here invalidates it (shown 8 times in this scenario)") == true)
  }

  /// What the app's own code writes, donates and invalidates counts for lint as much as a
  /// script's lines, and so do the lines of a `repeat`.
  @Test func reactionsAndRepeatedLinesCountAsWritesAndEnds() {
    let report = ScenarioRunner.run(
      source: """
        param opens: Int = 0
        param streak: Int = 0
        screen home: a
        tip counted
          title "Counted"
          anchor home.a
          rule opens >= 3
          rule streak >= 2
        when app launch: set opens += 1
        when app background: invalidate all tipClosed
        launch
        repeat 3 every 1d: set streak += 1
        """)
    #expect(report.passed, "\(report.errors)")
    let warnings = Linter(session: report.session).warnings()
    #expect(!warnings.contains { $0.rule == "parameterNeverWritten" }, "\(warnings)")
    #expect(!warnings.contains { $0.rule == "returnsUntilClosed" }, "\(warnings)")
  }

  /// A cohort's usage line that sets a parameter writes it: lint does not say nothing does.
  @Test func aCohortsSetLineCountsAsAWrite() {
    func warnings(_ cohortLine: String) -> [String] {
      let report = ScenarioRunner.run(
        source: """
          param partnerLinked = false
          screen home: a
          tip share
            title "Share"
            anchor home.a
            rule partnerLinked == true
          cohort light 100%
            open home 1 per day for 1m
          \(cohortLine)
          """)
      #expect(report.passed, "\(report.errors)")
      return Linter(session: report.session).warnings().map(\.rule)
    }
    #expect(!warnings("  set partnerLinked true 0.2 per day").contains("parameterNeverWritten"))
    #expect(warnings("").contains("parameterNeverWritten"))
  }
}
