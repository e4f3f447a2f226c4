import Foundation
import Reports
import ScenarioLanguage
import Sessions
import Simulation
import Testing
import TipEngine

@testable import Runner

/// What an app leaves open becomes something a scenario does: app conditions (state of the
/// app's own that its code tests) with their fresh-install value, and the app's actions
/// (code that something outside the scenario calls) with the values they compute as inputs.
@Suite struct AppConditionAndActionTests {
  static let app = """
    start 2026-11-01T09:00
    param hasContent = false
    param opens: Int = 0
    condition onboardingDone = false
    condition hasItems = unknown
    event opened(noteID)
    screen home: list hint(if hasItems and not onboardingDone) other
    tip contentTip
      title "Content"
      anchor home.list inline
      rule hasContent == true
    tip hintTip
      title "Hint"
      anchor home.hint inline
    tip noteTip
      title "Note"
      anchor home.other inline
      rule opened.largestSubset(by: noteID) >= 2
    when app launch if onboardingDone: set opens += 1
    when screen home opens: if hasItems: donate opened noteID=1
    action Library_didLoad(hasContent: Bool): set hasContent hasContent; if hasContent: set hasItems true
    action Note_open(id: Int): donate opened noteID=id

    """

  func run(_ script: String) -> RunReport { ScenarioRunner.run(source: Self.app + script) }

  @Test func aConditionStartsAtItsFreshInstallValueAndUnknownIsFalseUntilSet() {
    let report = run(
      """
      launch
      open home
      expect hidden hintTip
      set hasItems true
      expect shown hintTip
      set onboardingDone true
      expect hidden hintTip
      """)
    #expect(report.exitCode == 0, "\(report.errors)\(report.failureMessage)")
    #expect(report.transcript.contains("set         hasItems = true, was false (app condition)"))
    #expect(report.transcript.contains("hide        home.hint"), "\(report.transcript)")
  }

  @Test func reactionsAndStepsUnderAConditionRunOnlyWhileItHoldsAndItLastsAcrossLaunches() {
    let report = run(
      """
      launch
      open home
      expect status noteTip pending
      quit
      set onboardingDone true
      set hasItems true
      launch
      open home
      close home
      open home
      expect displays noteTip 1
      quit
      launch
      """)
    #expect(report.exitCode == 0, "\(report.errors)\(report.failureMessage)")
    // Launched three times; the launch code ran on the two after onboardingDone was set.
    #expect(report.session.world.engine.parameterValue("opens")?.value == .int(2))
    #expect(report.transcript.contains("reaction    when app launch if onboardingDone (line 19)"))
  }

  @Test func anActionRunsWithTheValuesItIsPerformedWithAndTheTipsAreDecidedAfterItsLastStep() {
    let report = run(
      """
      launch
      open home
      perform Library_didLoad hasContent=false
      expect hidden hintTip
      perform Library_didLoad hasContent=true
      expect shown contentTip
      expect shown hintTip
      perform Note_open id=4
      perform Note_open id=4
      expect shown noteTip
      """)
    #expect(report.exitCode == 0, "\(report.errors)\(report.failureMessage)")
    #expect(report.transcript.contains("perform     Library_didLoad hasContent=true"))
    #expect(report.transcript.contains("donate      opened noteID=4 (2 kept)"))
  }

  @Test func anActionsStepsAreOnePieceOfCode() {
    let report = ScenarioRunner.run(
      source: """
        param ready = false
        screen s: a
        tip t
          title "T"
          anchor s.a
          rule ready == true
        action Store_finish: set ready true; invalidate t actionPerformed
        launch
        open s
        perform Store_finish
        expect displays t 0
        """)
    #expect(report.exitCode == 0, "\(report.errors)\(report.failureMessage)")
  }

  @Test(arguments: [
    ("launch\nperform Note_open", "Note_open needs id"),
    ("launch\nperform Note_open id=1 extra=2", "Note_open takes no input extra"),
    ("launch\nperform Note_open id=\"x\"", "Note_open's id is a Int; \"x\" is a String"),
    ("perform Note_open id=1", "`perform` needs a running app"),
    ("perform Nope", "unknown app action 'Nope'"),
    ("param hasItems = true", "hasItems is already defined as an app condition"),
    ("condition hasContent = true", "hasContent is already defined as a parameter"),
    ("set hasItems 3", "hasItems is an app condition: set it true or false"),
    ("action a(x: Int): set hasContent x", "hasContent is a Bool, and so must the input x be"),
    ("action a(x: Int): if x: set hasContent true", "`if x:` needs a Bool input"),
    ("action a: reset", "`reset` cannot be a step of an action"),
    ("launch\ndonate opened noteID=foo", "expected a value (true, false, a number or a string), found foo"),
    ("when app launch if nope: set opens 1", "unknown app condition 'nope'"),
  ])
  func mistakesAreErrorsAtTheirPlace(script: String, message: String) {
    let report = run(script)
    #expect(report.exitCode == 2)
    #expect(report.errors.contains(message), "\(report.errors)")
  }

  @Test func whyNamesTheConditionAndTheActionThatCouldShowATip() {
    let report = run(
      """
      launch
      open home
      why hintTip
      why contentTip
      """)
    #expect(report.transcript.contains("actions that could: set hasItems true"), "\(report.transcript)")
    #expect(report.transcript.contains("actions that could: set hasContent …; perform Library_didLoad"))
  }

  @Test func whatifChangesAConditionsFreshInstallValue() {
    let report = run(
      """
      launch
      open home
      whatif condition hasItems true
      whatif condition onboardingDone false
      """)
    #expect(report.exitCode == 0, "\(report.errors)")
    #expect(report.transcript.contains("│ 11-01 09:00 shown hintTip at home.hint · display 1"), "\(report.transcript)")
    #expect(report.transcript.contains("onboardingDone already starts false"))
  }

  @Test func cohortsHaveConditionsFromTheStartAndPerformActions() {
    let report = run(
      """
      cohort loaders 50%
        open home 1 per day fixed for 1m
        perform Library_didLoad hasContent=true 1 per day fixed
      cohort full 50%
        condition hasItems true
        open home 1 per day fixed for 1m
      population 40 for 3d seed 1
      model
      """)
    #expect(report.exitCode == 0, "\(report.errors)")
    #expect(
      report.transcript.contains(
        "reach by day 3, per cohort:\n  tip         loaders  full\n  contentTip  100.0%   0.0%\n  hintTip     100.0%   100.0%\n"),
      "\(report.transcript)")
    #expect(report.transcript.contains("    condition hasItems true\n"))
    #expect(report.transcript.contains("    perform Library_didLoad hasContent=true 1 per day fixed\n"))
    #expect(
      report.transcript.contains(
        "app conditions (the app's own state):\n  onboardingDone = false · on a fresh install false\n  hasItems = false · on a fresh install unknown (false until set)"
      ))
    #expect(report.transcript.contains("  Library_didLoad(hasContent: Bool) (line 21): 2 steps"))
  }

  @Test func theJSONLogNamesPerformedActionsAndConditionChanges() {
    let report = ScenarioRunner.run(
      source: Self.app + "launch\nset hasItems true\nperform Note_open id=2\n", options: RunOptions(format: .json))
    #expect(
      report.transcript.contains(#""kind":"setCondition","condition":"hasItems","value":true,"previous":false"#), "\(report.transcript)")
    #expect(report.transcript.contains(#""kind":"perform","action":"Note_open","inputs":{"id":2}"#))
  }

  @Test func lintCountsWhatAnActionWrites() {
    let report = run("launch\n")
    let warnings = Linter(session: report.session).warnings()
    #expect(!warnings.contains { $0.rule == "parameterNeverWritten" }, "\(warnings)")
  }

  @Test func saveKeepsConditionsAndActionsAndTheSavedFileReplaysTheSame() throws {
    let report = run("launch\nset hasItems true\nopen home\nperform Note_open id=3\n")
    let saved = ScenarioWriter.scenario(of: report.session, withExpectations: false)
    let again = ScenarioRunner.run(source: saved)
    #expect(again.exitCode == 0, "\(again.errors)")
    #expect(saved.contains("condition hasItems = unknown\n") && saved.contains("action Note_open(id: Int): donate opened noteID=id\n"))
    #expect(again.session.world.engine.datastore == report.session.world.engine.datastore)
    #expect(again.session.world.conditions == report.session.world.conditions)
  }
}
