import Foundation
import Runner
import Testing

@testable import Audit
@testable import TipImport

/// Shapes the real apps of the corpus showed the importer missing, one tip each in ShapesApp:
/// what each does to the audit's verdict.
@Suite struct ShapesTests {
  static let audited: (report: AuditReport, result: SwiftImporter.Result)? = {
    guard let result = try? SwiftImporter.run(paths: ["ShapesApp"], in: fixtures, forAudit: true), let input = result.audit,
      let report = try? Auditor(input: input).audit()
    else { return nil }
    return (report, result)
  }()

  func tip(_ name: String) throws -> TipAudit {
    try #require(Self.audited?.report.tips.first { $0.tip == name })
  }

  /// `hasItems = itemCount > 0` inside the type that declares the parameter, by bare name.
  @Test func aParameterWrittenByBareNameInItsOwnTypeIsAWrite() throws {
    let items = try tip("ItemsTip")
    #expect(items.verdict == .shows)
    #expect(Self.audited?.result.scenario.contains("if TourState_itemCount_gt_0: set hasItems true") == true)
  }

  /// `bump(&TourState.visits)`: a function of the app's may write any value there.
  @Test func aParameterHandedInOutIsWrittenWithAnyValue() throws {
    let visits = try tip("VisitsTip")
    #expect(visits.verdict == .shows)
    #expect(visits.causes.isEmpty)
  }

  /// `PickerRow(onPick: { PickTip.picked.sendDonation() })`: an action, whose witness names
  /// the assumption that the row calls it.
  @Test func aClosureHandedToTheAppsOwnViewIsAnAction() throws {
    let pick = try tip("PickTip")
    #expect(pick.verdict == .shows)
    #expect(pick.assumptions.map(\.text) == ["assuming PickerRow calls the closure passed as onPick"])
  }

  /// `popoverTip(FirstTip()) { _ in SecondTip.firstDone = true }`: FirstTip declares no action,
  /// so the handler never runs and the chain stops; ThirdTip declares one, so it does.
  @Test func aTipsActionHandlerRunsOnlyWhenItHasActions() throws {
    let second = try tip("SecondTip")
    #expect(second.verdict == .never)
    #expect(second.causes.map(\.code) == [.parameterNeverWritten])
    #expect(try tip("FourthTip").verdict == .shows)
    #expect(Self.audited?.result.scenario.contains("runs only when the user taps one of its actions, and it declares none") == true)
  }

  /// Two locals `tip` in one controller: each display shows the tip its own local holds.
  @Test func localsOfOneNameInTwoFunctionsAreTwoTips() throws {
    let lines = try #require(Self.audited?.result.definitions)
    #expect(lines.contains("screen SidesViewController: LeftTip RightTip"))
    #expect(try tip("LeftTip").verdict == .shows)
    #expect(try tip("RightTip").verdict == .shows)
  }

  /// `Text("Steps").captioned("first").tourTip(Tour.steps.currentTip as? StepOneTip)`: both
  /// calls start where `Text` does, and each argument goes to its own call's parameter; the
  /// flow follows the cast member of a static group through the app's modifier to its
  /// display. The group's other member is never the one shown.
  @Test func chainedCallsOfTheAppsFunctionsEachTakeTheirOwnArguments() throws {
    let files = try ["Tips.swift", "Views.swift", "Tour.swift", "ShapesApp.swift"].map { name in
      let path = "ShapesApp/" + name
      return try SwiftImporter.scan(path: path, text: String(contentsOfFile: fixtures + "/" + path, encoding: .utf8), target: BuildTarget())
    }
    let model = AppModel(files: files)
    let stepOne = try #require(model.tips.firstIndex { $0.name == "StepOneTip" })
    let stepTwo = try #require(model.tips.firstIndex { $0.name == "StepTwoTip" })
    #expect(model.flow?.ledgers[stepOne]?.displays.map(\.fileLine) == ["ShapesApp/Tour.swift:18"])
    #expect(model.flow?.ledgers[stepTwo] == nil)
    #expect(try tip("StepOneTip").verdict == .shows)
    #expect(try tip("StepTwoTip").verdict == .never)
  }

  /// `Analytics.track(TrackTip.opened)` donates through its parameter: the flow of values
  /// names the event, and the button's action donates it.
  @Test func anEventHandedToTheAppsFunctionIsDonatedThere() throws {
    #expect(try tip("TrackTip").verdict == .shows)
    #expect(Self.audited?.result.definitions.contains("action EventsView_Button_Open: donate opened") == true)
  }

  /// `ExternalForwarder.forward(ForwardTip.forwarded)`: code the sources do not have may donate
  /// it, so `eventNeverDonated` is not proved, and the note names the place.
  @Test func anEventHandedToCodeNotReadMayBeDonated() throws {
    let forward = try tip("ForwardTip")
    #expect(forward.verdict == .unknown)
    #expect(forward.note?.contains("it is passed to `ExternalForwarder.forward(_:)` at ShapesApp/Tour.swift:33") == true)
  }

  /// `if UserDefaults…("introShown") { TourState.seenIntro = true }`: no rule reads seenIntro,
  /// so the step is a comment and its condition is not written, only counted.
  @Test func aConditionThatGatesNothingATipReadsIsOnlyCounted() throws {
    let scenario = try #require(Self.audited?.result.scenario)
    #expect(scenario.contains("TourState.seenIntro = true not run: no rule reads seenIntro, so its condition is not written"))
    #expect(!scenario.contains("condition introShown"))
    #expect(scenario.contains("# 1 more condition the code tests gates nothing a tip reads: not written."))
  }

  /// A donation in a computed property runs neither by itself nor in an action: the summary
  /// lists it as not translated (it never says everything was). A property's `didSet` is an
  /// action.
  @Test func whatBecomesNoStepIsListedAsNotTranslated() throws {
    let result = try #require(Self.audited?.result)
    #expect(
      result.summary.contains(
        "ShapesApp/Views.swift:62: TrackTip.opened.sendDonation(): in BadgeView.badge, which the import runs neither by itself nor as an action"
      ), "\(result.summary)")
    #expect(!result.summary.contains("everything read was translated"))
    #expect(result.definitions.contains("action BadgeView_count_didSet(visits: Int): set visits visits"))
  }

  /// An unknown app condition is false until set: a witness that relies on that says so, as
  /// it does for one it sets true.
  @Test func aWitnessReliantOnAnUnknownConditionBeingFalseNamesIt() throws {
    let empty = try tip("NoPeopleTip")
    #expect(empty.verdict == .shows)
    #expect(empty.assumptions.map(\.text) == ["assuming `store.hasPeople` is false"], "\(empty.assumptions)")
  }

  /// `if !Onboarding.started()`, where `started()` returns `UserDefaults.standard.bool(forKey:
  /// startedKey)`: that default, false on a fresh install, not an unknown.
  @Test func aDefaultReadThroughASmallFunctionIsThatDefault() throws {
    let lines = try #require(Self.audited?.result.definitions)
    #expect(lines.contains("condition onboardingStarted = false"), "\(lines.filter { $0.hasPrefix("condition") })")
    #expect(lines.contains("screen StartView: StartTip(if not onboardingStarted)"))
    #expect(try tip("StartTip").assumptions.isEmpty)
  }

  /// `if #available(iOS 18, *) { … } else { … }` inside a button's code: each branch runs
  /// only on its side of the device's OS, never both.
  @Test func anAvailabilityTestInsideAnActionFollowsTheDevicesOS() throws {
    let result = try #require(Self.audited?.result)
    let action = try #require(result.definitions.first { $0.contains("donate sharedModern") })
    #expect(action.hasSuffix(": if os >= 18: donate sharedModern; if os < 18: donate sharedLegacy"), "\(action)")
    let name = try #require(action.split(separator: ":").first?.split(separator: " ").last)
    for (os, shown, hidden) in [("17.5", "LegacyShareTip", "ModernShareTip"), ("18.2", "ModernShareTip", "LegacyShareTip")] {
      let script =
        result.scenario
        + "\ndevice phone os \(os)\nlaunch\nopen ShapesView\nperform \(name)\nexpect shown \(shown)\nexpect hidden \(hidden)\n"
      let run = ScenarioRunner.run(source: script)
      #expect(run.exitCode == 0, "iOS \(os): \(run.errors)\n\(run.transcript.suffix(1500))")
    }
    // The audit finds the older branch's tip on a device of an older OS, and says so.
    let legacy = try tip("LegacyShareTip")
    #expect(legacy.verdict == .shows)
    #expect(legacy.witness.first == "device older os 17.5", "\(legacy.witness)")
    #expect(legacy.assumptions.map(\.text).contains { $0.hasPrefix("assuming a device on OS 17.5") })
  }

  /// `.tipViewStyle(.closing)`, whose button calls `configuration.tip.invalidate(reason:)`:
  /// listed as not translated, saying what it is (the shown tip's close button), never dropped.
  @Test func aStylesButtonThatInvalidatesItsTipIsListed() throws {
    let result = try #require(Self.audited?.result)
    #expect(result.summary.contains("a TipViewStyle's button that ends whichever tip the style shows"), "\(result.summary)")
    #expect(try tip("ModernShareTip").ends.contains(.closeButton))
  }

  /// An anchor under `if showAddActions` in a helper view property reached through three
  /// `#available` branches keeps its condition in each (the issue's shape; it held here).
  @Test func anAnchorsConditionSurvivesHelpersReachedThroughAvailabilityBranches() throws {
    let result = try imported([
      (
        "Helpers/ListScreen.swift",
        """
        import SwiftUI
        import TipKit

        struct AddTip: Tip { var title: Text { Text("Add") } }

        struct ListScreen: View {
          @State private var showAddActions = false
          var body: some View { NavigationStack { content }.task { try? Tips.configure() } }

          @ViewBuilder private var content: some View {
            if #available(iOS 18, *) {
              modern
            } else if #available(iOS 17.2, *) {
              middle
            } else {
              toolbarItems
            }
          }

          private var modern: some View { toolbarItems.padding() }
          private var middle: some View { toolbarItems }

          @ViewBuilder private var toolbarItems: some View {
            if showAddActions {
              Button("Add") {}.popoverTip(AddTip())
            }
          }
        }
        """
      )
    ])
    #expect(result.definitions.contains("screen ListScreen: AddTip(if ListScreen_showAddActions)"), "\(result.definitions)")
  }
}
