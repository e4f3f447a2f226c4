import Foundation
import ScenarioLanguage
import Sessions
import Simulation
import Testing

@testable import Runner

/// What the language gained so that an imported app behaves like the app: optional
/// parameters, writes computed from parameters, the app's code at launch and as screens
/// appear, anchors shown under a condition, and composition with `include`.
@Suite struct AppCodeLanguageTests {
  @Test func rule13_anOptionalParameterIsNilUntilWrittenAndRulesCompareItWithNil() {
    let report = ScenarioRunner.run(
      source: """
        param plan: String? = nil
        param level: Int? = 3
        screen home: a b
        tip upgrade
          anchor home.a
          rule plan == nil
        tip welcome
          anchor home.b inline
          rule plan != nil and level >= 3
        launch
        open home
        expect shown upgrade
        expect hidden welcome
        set plan "pro"
        expect shown welcome
        expect status upgrade pending
        set plan nil
        set level nil
        expect status welcome pending
        """)
    #expect(report.exitCode == 0, "\(report.errors)\(report.failureMessage)")
    #expect(report.transcript.contains("set         plan = \"pro\", was nil"))
    #expect(report.transcript.contains("set         level = nil, was 3"))
  }

  @Test func rule13_nilIsRefusedWhereNoOptionalIsDeclared() {
    let notOptional = ScenarioRunner.run(source: "param plan = \"free\"\nlaunch\nset plan nil", file: "n.scenario")
    #expect(notOptional.exitCode == 2)
    #expect(notOptional.errors.contains("plan is a String, not optional: it cannot be nil"))
    #expect(notOptional.errors.contains("note: declare it optional: `param plan: String? = nil`"))
    let rule = ScenarioRunner.run(source: "param n = 0\nscreen s: a\ntip t\n  anchor s.a\n  rule n == nil\n")
    #expect(rule.exitCode == 2)
    #expect(rule.errors.contains("only an optional parameter (`param NAME: TYPE? = nil`) can be nil"))
    let ordered = ScenarioRunner.run(source: "param n: Int? = nil\nscreen s: a\ntip t\n  anchor s.a\n  rule n > nil\n")
    #expect(ordered.errors.contains("nil is compared with == or != only"))
    let typed = ScenarioRunner.run(source: "param n: Int = \"x\"\n")
    #expect(typed.errors.contains("n is declared Int, but \"x\" is a String"))
  }

  @Test func writesComputedFromParametersCountToggleAndCopy() {
    let report = ScenarioRunner.run(
      source: """
        param opens = 0
        param reviewOpens = 0
        param pro = false
        param wasPro = true
        param score = 1.5
        launch
        set opens += 1 atMost 2
        set opens += 1 atMost 2
        set opens += 1 atMost 2
        set reviewOpens opens - 1
        set reviewOpens -= 5 atLeast 0
        toggle pro
        set wasPro not pro
        set score opens + 1
        set score += 0.25
        """)
    #expect(report.exitCode == 0, "\(report.errors)")
    let world = report.session.world
    #expect(world.engine.parameterValue("opens")?.value == .int(2))
    #expect(world.engine.parameterValue("reviewOpens")?.value == .int(0))
    #expect(world.engine.parameterValue("pro")?.value == .bool(true))
    #expect(world.engine.parameterValue("wasPro")?.value == .bool(false))
    #expect(world.engine.parameterValue("score")?.value == .double(3.25))
    let wrong = ScenarioRunner.run(source: "param on = false\nlaunch\nset on += 1")
    #expect(wrong.exitCode == 2)
    #expect(wrong.errors.contains("adding or capping needs Int or Double parameters"))
  }

  @Test func anIntWrittenPastItsRangeIsAnErrorAsTheAppsCodeTraps() {
    let report = ScenarioRunner.run(source: "param p = 9223372036854775807\nparam q = 0\nlaunch\nset q p - 1\nset p += 1\n")
    #expect(report.exitCode == 2)
    #expect(report.errors.contains("5:1: error: p + 1 is past Int's range, where the app's code would trap: p is not written"))
    #expect(report.session.world.engine.parameterValue("q")?.value == .int(9_223_372_036_854_775_806))
    #expect(report.session.world.engine.parameterValue("p")?.value == .int(Int.max))
    // An action's step that would trap is a warning, and its other steps run.
    let action = ScenarioRunner.run(
      source: "param p = 0\nparam q = 0\naction go(n: Int): set p n + 1; set q 1\nlaunch\nperform go n=9223372036854775807\n")
    #expect(action.exitCode == 0, "\(action.errors)")
    #expect(action.transcript.contains("n + 1 is past Int's range"))
    #expect(action.session.world.engine.parameterValue("q")?.value == .int(1))
  }

  @Test func theAppsCodeRunsBeforeLaunchAtLaunchAndAsAScreenAppearsBeforeItsTipsAreDecided() {
    let report = ScenarioRunner.run(
      source: """
        param opens = 0
        event rowShown
        screen list: star
        tip star
          anchor list.star
          rule rowShown.count == 0
        when app launching: set opens 5
        when app launch: set opens += 1
        when screen list opens: donate rowShown
        when screen list closes: set opens 0
        launch
        expect status star available
        open list
        expect hidden star
        expect displays star 0
        close list
        model
        """, file: "app.scenario")
    #expect(report.exitCode == 0, "\(report.errors)\(report.failureMessage)")
    let transcript = report.transcript
    // Before TipKit is configured a write has no effect (rule 11), as on the device.
    #expect(transcript.contains("reaction    when app launching (line 7)"))
    #expect(transcript.contains("warning     set opens 5 before launch has no effect"))
    #expect(transcript.contains("set         opens = 1, was 0"))
    // The donation comes before the tip is decided: it never appears, not even once.
    let lines = transcript.split(separator: "\n").map(String.init)
    let opened = lines.firstIndex { $0.hasSuffix("open        list") } ?? -1
    #expect(lines[opened + 1].hasSuffix("reaction    when screen list opens (line 9)"))
    #expect(lines[opened + 2].contains("donate      rowShown"))
    #expect(lines[opened + 3].contains("suppressed  star at list.star"))
    #expect(transcript.contains("reaction    when screen list closes (line 10)"))
    #expect(
      transcript.contains(
        "reactions (the app's own code):\n  when app launching (line 7): 1 command\n  when app launch (line 8): 1 command"))
  }

  @Test func aResetRunsOnlyBeforeConfigureAndTheOSConditionFollowsTheDevice() {
    let refused = ScenarioRunner.run(source: "when app launch: reset\n", file: "r.scenario")
    #expect(refused.exitCode == 2)
    #expect(refused.errors.contains("`reset` runs before TipKit is configured"))
    let report = ScenarioRunner.run(
      source: """
        param opens = 0
        param modern = false
        when app launching: reset
        when app launch: set opens += 1
        when app launch if os >= 18: set modern true
        device phone os 17.5
        launch
        quit
        launch

        """)
    #expect(report.exitCode == 0, "\(report.errors)")
    // Every launch erases the datastore before configuring: the count starts again.
    #expect(report.session.world.engine.parameterValue("opens")?.value == .int(1))
    #expect(report.session.world.engine.parameterValue("modern")?.value == .bool(false))
    let newer = ScenarioRunner.run(source: "param modern = false\nwhen app launch if os >= 18: set modern true\nlaunch\n")
    #expect(newer.session.world.engine.parameterValue("modern")?.value == .bool(true))
  }

  @Test func anActionsStepUnderAnOSTestRunsOnlyOnADeviceWhoseOSPassesIt() {
    // The app's `if #available(iOS 18, *) { … } else { … }` inside a button's code.
    let action =
      "param modern = false\nparam legacy = false\naction use: if os >= 18: set modern true; if os < 18 and not off: set legacy true\n"
    let older = ScenarioRunner.run(source: "condition off = false\n" + action + "device phone os 17.5\nlaunch\nperform use\n")
    #expect(older.exitCode == 0, "\(older.errors)")
    #expect(older.session.world.engine.parameterValue("modern")?.value == .bool(false))
    #expect(older.session.world.engine.parameterValue("legacy")?.value == .bool(true))
    let newer = ScenarioRunner.run(source: "condition off = false\n" + action + "device phone os 18.2\nlaunch\nperform use\n")
    #expect(newer.session.world.engine.parameterValue("modern")?.value == .bool(true))
    #expect(newer.session.world.engine.parameterValue("legacy")?.value == .bool(false))
    let refused = ScenarioRunner.run(source: "param p = 0\naction use: if os >= : set p 1\n", file: "a.scenario")
    #expect(refused.exitCode == 2)
    #expect(refused.errors.contains("a.scenario:2:"), "\(refused.errors)")
  }

  @Test func anAnchorShownUnderAConditionStartsHiddenAtEachVisitAndShowIsHarmlessTwice() {
    let report = ScenarioRunner.run(
      source: """
        screen home: banner(hidden) star
        tip hint
          anchor home.banner inline
        launch
        open home
        expect suppressed hint by anchorHidden
        show home.banner
        expect shown hint
        show home.banner
        close home
        open home
        expect hidden hint
        model
        """)
    #expect(report.exitCode == 0, "\(report.errors)\(report.failureMessage)")
    #expect(report.transcript.contains("warning"))
    #expect(report.transcript.contains("\n  home: banner(hidden) star · open\n"))
  }

  @Test func aScenarioAddsAnchorsToAnIncludedScreenAndPlacesAnIncludedTipElsewhere() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try """
    screen home: star
    tip favorite
      title "Favorite"
      anchor home.star
    when app launch: set opens += 1

    """.write(toFile: folder + "/generated/tips.scenario", atomically: true, encoding: .utf8)
    try """
    param opens = 0
    include generated/tips.scenario
    screen home adds: toolbar(hidden)
    place favorite at home.toolbar inline
    launch
    open home
    expect suppressed favorite by anchorHidden
    show home.toolbar
    expect shown favorite
    expect status favorite pending

    """.write(toFile: folder + "/team.scenario", atomically: true, encoding: .utf8)
    let report = ScenarioRunner.run(file: folder + "/team.scenario")
    #expect(report.exitCode == 1)
    // The failure is on the including file's line; the reaction names its own file.
    #expect(report.failureMessage.contains("team.scenario:10: expect status favorite pending"))
    #expect(report.transcript.contains("reaction    when app launch (generated/tips.scenario:5)"))
  }

  @Test func anErrorInAnIncludedFileIsReportedAtItsPlaceInThatFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "screen home: a\nopen hme\n".write(toFile: folder + "/generated/tips.scenario", atomically: true, encoding: .utf8)
    try "include generated/tips.scenario\nlaunch\n".write(toFile: folder + "/main.scenario", atomically: true, encoding: .utf8)
    let unknown = ScenarioRunner.run(file: folder + "/main.scenario")
    #expect(unknown.exitCode == 2)
    #expect(unknown.errors.hasPrefix("generated/tips.scenario:2:6: error: unknown screen 'hme'\nopen hme\n     ^~~"))
    try "screen home: a\ntip\n".write(toFile: folder + "/generated/tips.scenario", atomically: true, encoding: .utf8)
    let syntax = ScenarioRunner.run(file: folder + "/main.scenario")
    #expect(syntax.errors.hasPrefix("generated/tips.scenario:2:"))
    #expect(syntax.transcript.isEmpty)
    try "include ../main.scenario\n".write(toFile: folder + "/generated/tips.scenario", atomically: true, encoding: .utf8)
    let loop = ScenarioRunner.run(file: folder + "/main.scenario")
    #expect(loop.errors.contains("includes itself"))
    let missing = ScenarioRunner.run(source: "include nowhere.scenario\n", file: folder + "/m.scenario")
    #expect(missing.errors.hasPrefix("\(folder)/m.scenario:1:9: error: nowhere.scenario: no such file"))
    // A sandboxed run (the fuzzer) reads no file.
    var sandboxed = Session()
    sandboxed.isSandboxed = true
    let refused = ScenarioRunner.run(source: "include \(folder)/main.scenario\n", session: sandboxed)
    #expect(refused.errors.contains("which this run does not allow"))
  }

  @Test func tipsimTestOnAFolderLeavesOutFilesOfDefinitionsOnly() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "screen home: star\ntip favorite\n  anchor home.star\nwhen app launch: open home\n".write(
      toFile: folder + "/generated/tips.scenario", atomically: true, encoding: .utf8)
    try "include generated/tips.scenario\nlaunch\n".write(toFile: folder + "/story.scenario", atomically: true, encoding: .utf8)
    try "tip broken\n  anchr x\n".write(toFile: folder + "/broken.scenario", atomically: true, encoding: .utf8)
    let tester = GoldenTester(paths: [folder], environment: [:])
    #expect(tester.scenarioFiles() == [folder + "/broken.scenario", folder + "/story.scenario"])
    // Named on the command line, it runs.
    #expect(GoldenTester(paths: [folder + "/generated/tips.scenario"], environment: [:]).scenarioFiles().count == 1)
  }

  @Test func rule33_testingOverridesAreTheRunningAppsAndEndWhenItQuits() {
    let report = ScenarioRunner.run(
      source: """
        param ready = false
        screen s: a
        tip t
          anchor s.a
          rule ready == true
        testing showAll
        launch
        open s
        expect shown t
        quit
        launch
        open s
        expect hidden t
        testing show t
        expect shown t
        invalidate t actionPerformed
        expect status t available
        quit
        when app launch: testing showAll
        launch
        open s
        expect shown t
        """)
    #expect(report.exitCode == 0, "\(report.errors)\(report.failureMessage)")
    let transcript = report.transcript
    #expect(
      transcript.contains(
        "note        set before launch: the next launch applies these testing overrides as it configures TipKit, as a call before Tips.configure() does (rule 33)"
      ))
    #expect(transcript.contains("note        the testing overrides end with the app; the next launch runs without them"))
    #expect(report.session.world.engine.configuration.testing.showAll)
  }

  private func temporaryFolder() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-include-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder + "/generated", withIntermediateDirectories: true)
    return folder
  }
}
