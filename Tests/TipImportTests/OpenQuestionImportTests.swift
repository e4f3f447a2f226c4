import Foundation
import Runner
import Testing

@testable import Audit
@testable import TipImport

/// What an app's code leaves open, on the OpenApp fixture: entry points (a data-load
/// callback no code calls, an `@objc` method, a notification's handler, a button), values it
/// computes, conditions the importer cannot decide (an `@AppStorage` flag, a `@State` queue,
/// a `switch` on app state, a screenshot mode), a display under one. Each is an action or an
/// app condition, and the audit takes it as a step, named as an assumption.
@Suite struct OpenQuestionImportTests {
  @Test func entryPointsAndButtonsAreActionsWithTheValuesTheyComputeAsInputs() throws {
    let result = try imported("OpenApp")
    let lines = result.definitions
    #expect(
      lines.contains("action Loader_libraryDidLoad(itemCount: Int, hasContent: Bool): set itemCount itemCount; set hasContent hasContent"))
    #expect(lines.contains("action Loader_refreshFromObjectiveC: invalidate SyncTip actionPerformed"))
    #expect(lines.contains("action Loader_addObserver: donate synced"))
    #expect(lines.contains("action LibraryView_Button_Open(itemID: Int): donate itemOpened itemID=itemID"))
    // `startObserving()` only registers the handler, which is an action of its own.
    #expect(!lines.contains { $0.hasPrefix("action Loader_startObserving") })
    #expect(
      result.scenario.contains("# the app calls `Loader.libraryDidLoad(count:)`, which no code read calls (OpenApp/OpenApp.swift:32)"))
    // `LibraryTip.hasContent = count > 0`: the whole value after `=`.
    #expect(
      result.scenario.contains(
        "LibraryTip.hasContent = count > 0 → set hasContent hasContent: count > 0 is computed: the value is an input"))
    #expect(result.summary.hasSuffix("everything read was translated"))
    // App Intents' `@Parameter(title:) var` is an intent's input, not TipKit's.
    #expect(!lines.contains { $0.hasPrefix("param shelf") })
  }

  @Test func conditionsStartAsAFreshInstallHasThem() throws {
    let lines = try imported("OpenApp").definitions
    #expect(lines.contains("condition onboardingDone = false"))
    #expect(lines.contains("condition LibraryView_queue_isEmpty = true"))
    #expect(lines.contains("condition OpenApp_isScreenshotMode = false"))
    #expect(lines.contains("condition Store_shared_plan_is_pro = unknown"))
    #expect(lines.contains("when app launch if not OpenApp_isScreenshotMode: set launches += 1"))
    #expect(lines.contains("when app launch if onboardingDone: set onboarded true"))
    #expect(
      lines.contains(
        "screen LibraryView: LaunchTip ProTip WelcomeTip LibraryTip SyncTip QueueTip(if not LibraryView_queue_isEmpty) ItemTip"))
    // A fresh install has not finished onboarding: the reaction does not run at the first launch.
    let run = ScenarioRunner.run(
      source: try imported("OpenApp").scenario + "launch\nopen LibraryView\nexpect hidden WelcomeTip\nexpect hidden QueueTip\n")
    #expect(run.exitCode == 0, "\(run.errors)\(run.failureMessage)")
  }

  @Test func everyTipShowsWithTheAssumptionsItsWitnessMakes() throws {
    let input = try #require(try SwiftImporter.run(paths: ["OpenApp"], in: fixtures, forAudit: true).audit)
    var auditor = Auditor(input: input)
    auditor.populationUsers = 20
    let report = try auditor.audit()
    #expect(report.tips.allSatisfy { $0.verdict == .shows }, "\(report.text)")
    func assumptions(_ tip: String) -> [String] { report.tips.first { $0.tip == tip }?.assumptions.map(\.text) ?? [] }
    #expect(assumptions("LaunchTip") == [])
    #expect(assumptions("WelcomeTip") == ["assuming `onboardingDone` is true"])
    #expect(assumptions("QueueTip") == ["assuming `queue.isEmpty` is false"])
    #expect(assumptions("LibraryTip") == ["assuming the app calls `Loader.libraryDidLoad(count:)` with hasContent = true, itemCount = 10"])
    #expect(assumptions("SyncTip") == ["assuming the notification is posted (.addObserver)"])
    #expect(assumptions("ItemTip") == ["assuming the user taps Button(\"Open\") when the values it computes are itemID = 1"])
    // Every witness displays its tip when replayed from the emitted tests.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-open-\(UUID().uuidString)").path
    let names = try EmittedTests(report: report, definitions: input.definitions).write(to: folder)
    for name in names.dropFirst() {
      let run = ScenarioRunner.run(file: (folder as NSString).appendingPathComponent(name))
      #expect(run.exitCode == 0 && run.expectationsChecked == 1, "\(name): \(run.errors)")
    }
  }
}
