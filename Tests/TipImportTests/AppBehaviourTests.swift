import Foundation
import Runner
import Testing
import TipImport

/// The imported app behaves like the app: its tips are shown where its own helpers, UIKit
/// and AppKit show them, one platform's branches are read, and the code it runs by itself
/// (at launch, as views appear) runs in the simulation.
@Suite struct AppBehaviourTests {
  /// Imports a fixture app and replays its definitions followed by `actions`.
  func replay(_ app: String, platform: Platform? = nil, _ actions: String) throws -> RunReport {
    let result = try SwiftImporter.run(paths: [app], in: fixtures, platform: platform)
    return ScenarioRunner.run(source: result.scenario + actions, file: app)
  }

  // MARK: Where tips are displayed

  @Test func theAppsOwnHelpersDisplayOnTheCallersScreen() throws {
    let result = try imported("HelperApp")
    let lines = result.definitions
    // A `View` extension with `when:`, a helper through a `ViewModifier`, the modifier itself;
    // two `ContentView` types in two folders are two screens.
    // Each display under a condition is shown while an app condition holds: `!seenIntro`
    // (`@State var seenIntro = false`: false on a fresh install), a sheet presented.
    #expect(
      lines.contains(
        "screen Home_ContentView: IntroTip(if not Home_ContentView_seenIntro) HelpTip(if Home_ContentView_sheet) ComposeTip SearchTip(if not Home_ContentView_seenIntro) BadgeTip"
      ))
    #expect(lines.contains("condition Home_ContentView_seenIntro = false"))
    #expect(lines.contains("condition Home_ContentView_sheet = false"))
    #expect(lines.contains("screen Settings_ContentView: ThemeTip ExportTip"))
    #expect(lines.contains("  anchor Home_ContentView.BadgeTip"))
    #expect(lines.contains("  anchor Settings_ContentView.ExportTip"))
    #expect(!result.scenario.contains("never displayed"))
    // Each condition is said, and the summary lists them: nothing is left untranslated.
    #expect(
      result.scenario.contains(
        "# SearchTip is shown only when `!seenIntro` holds (HelperApp/Home/ContentView.swift:12): while not Home_ContentView_seenIntro"))
    #expect(result.scenario.contains("# HelpTip is shown only when the sheet is presented (.sheet)"))
    #expect(result.scenario.contains("# `seenIntro` at HelperApp/Home/ContentView.swift:16: ContentView.seenIntro starts false"))
    #expect(
      result.scenario.contains("through the app's hint(), then HintModifier; its .popoverTip at HelperApp/Shared/TipHelpers.swift:20"))
    #expect(
      result.summary.contains(
        "what its code tests that the import cannot decide, as app conditions: Home_ContentView_seenIntro, Home_ContentView_sheet"))
    #expect(result.summary.hasSuffix("everything read was translated"))
  }

  @Test func uikitAndAppKitDisplaysAreRead() throws {
    let uikit = try imported("UIKitApp").definitions
    #expect(uikit.contains("screen LibraryViewController: LibraryTip"))
    #expect(uikit.contains("screen StatusViewController: StatusTip"))
    #expect(uikit.contains("screen ProfileViewController: ProfileTip"))
    // A collection view cell's `configureTip`, and a helper called from a target-action.
    #expect(uikit.contains("screen FeedViewController: FeedTip FilterTip(if FeedViewController_filterTapped)"))
    #expect(uikit.contains("condition FeedViewController_filterTapped = false"))
    #expect(uikit.contains("  anchor ProfileViewController.ProfileTip inline"))
    #expect(uikit.contains("  anchor LibraryViewController.LibraryTip"))
    let appkit = try imported("AppKitApp")
    #expect(appkit.definitions.contains("screen EditorViewController: InspectorTip"))
    #expect(appkit.definitions.contains("screen SidebarViewController: SidebarTip"))
    #expect(appkit.summary.hasSuffix("everything read was translated"))
  }

  /// After import, opening a screen shows what the app's users see there.
  @Test func openingImportedScreensShowsUIKitAppKitAndHelperTips() throws {
    // Daily frequency: one new tip a day (rule 26).
    let uikit = try replay(
      "UIKitApp",
      """
      launch
      open LibraryViewController
      expect shown LibraryTip
      advance 1d
      open ProfileViewController
      expect shown ProfileTip
      advance 1d
      open FeedViewController
      expect shown FeedTip
      advance 1d
      expect suppressed FilterTip by anchorHidden
      show FeedViewController.FilterTip
      expect shown FilterTip

      """)
    #expect(uikit.exitCode == 0, "\(uikit.errors)\(uikit.failureMessage)")
    let appkit = try replay(
      "AppKitApp", platform: .macos,
      "launch\nopen EditorViewController\nexpect shown InspectorTip\nopen SidebarViewController\nexpect shown SidebarTip\n")
    #expect(appkit.exitCode == 0, "\(appkit.errors)\(appkit.failureMessage)")
    let helpers = try replay(
      "HelperApp",
      """
      launch
      open Home_ContentView
      expect shown ComposeTip
      expect suppressed BadgeTip by popoverBusy
      expect shown IntroTip
      expect hidden HelpTip
      tapoutside ComposeTip
      expect shown SearchTip
      set Home_ContentView_seenIntro true
      expect hidden IntroTip
      expect hidden SearchTip
      expect shown BadgeTip
      set Home_ContentView_sheet true
      expect suppressed HelpTip by popoverBusy
      open Settings_ContentView
      expect shown ThemeTip

      """)
    #expect(helpers.exitCode == 0, "\(helpers.errors)\(helpers.failureMessage)")
  }

  // MARK: One platform at a time

  @Test func everyIfIsDecidedForOnePlatformSoATipNeverMixesBranches() throws {
    let ios = try imported("PlatformApp")
    #expect(
      ios.scenario.contains(
        "message \"Open Settings on your iPhone.\"\n  anchor PlatformApp.SyncTip\n  rule devices >= 2\n  maxDisplayCount 2"))
    #expect(ios.scenario.contains("\nfrequency daily\n"))
    #expect(ios.scenario.contains("when app launch: set devices 2"))
    let mac = try SwiftImporter.run(paths: ["PlatformApp"], in: fixtures, platform: .macos)
    #expect(mac.scenario.contains("message \"Open Settings on your Mac.\"\n  rule devices >= 3\n  maxDisplayCount 5"))
    #expect(mac.scenario.contains("\nfrequency weekly\n"))
    #expect(mac.scenario.contains("when app launch: set devices 3"))
    // The iOS-only display is not the Mac's; the file that imports UIKit is left out, and said.
    #expect(!mac.scenario.contains("anchor PlatformApp.SyncTip"))
    #expect(mac.skippedFileCount == 1)
    #expect(mac.summary.hasPrefix("tipsim import: 3 Swift files read (1 left out: they build only for another platform than macOS)"))
    #expect(mac.summary.contains("PlatformApp/iOS/ShortcutTip.swift:1: left out: import UIKit"))
    #expect(mac.scenario.contains("title \"Press ⌘K for shortcuts\""))
    let phone = try SwiftImporter.run(paths: ["PlatformApp"], in: fixtures, platform: .ios)
    #expect(phone.summary.contains("PlatformApp/macOS/ShortcutTip.swift:1: left out: import AppKit"))
    #expect(!phone.scenario.contains("MacWindowController"))
  }

  @Test func typesOfOneNameAndIDFromTwoPlatformsShareOneParameter() throws {
    let result = try imported("PlatformApp")
    #expect(result.definitions.filter { $0.hasPrefix("param shortcutsUsed") }.count == 1)
    #expect(result.definitions.filter { $0 == "tip ShortcutTip" }.count == 1)
    #expect(result.scenario.contains("also declared at PlatformApp/macOS/ShortcutTip.swift:5 by a type of the same name: one parameter"))
  }

  // MARK: Values and events

  @Test func rule13_optionalAndEnumParametersAndDonationLimitsReadAsTheAppDeclaresThem() throws {
    let lines = try imported("AppCode").definitions
    #expect(lines.contains("param lastPlan: String? = nil"))
    #expect(lines.contains("  rule lastPlan != nil"))
    #expect(lines.contains("param plan = \"free\""))
    #expect(lines.contains("  rule plan == \"pro\""))
    #expect(lines.contains("event opened limit 50 maxAge 30d"))
    // The enum's case is its name as a string; the optional holds nil until written.
    let report = try replay(
      "AppCode",
      """
      launch
      donate opened
      expect status UpgradeTip pending
      set plan "pro"
      expect status UpgradeTip pending
      set lastPlan "free"
      expect status UpgradeTip available
      set lastPlan nil
      expect status UpgradeTip pending

      """)
    #expect(report.exitCode == 0, "\(report.errors)\(report.failureMessage)")
  }

  // MARK: The app's own code

  @Test func codeAtLaunchBecomesLaunchReactionsFollowedOnceThroughItsCalls() throws {
    let result = try imported("AppCode")
    let whens = result.definitions.filter { $0.hasPrefix("when ") }
    // The four counters bumped through a local capped by min(…, 99), the one read written last;
    // code reached from init and from the root view's onAppear runs once.
    // What runs under a condition runs under an app condition: a reset only when the stored
    // flag says so (false on a fresh install), a Bool the app computes as the condition it
    // tests, each branch of an `if … else` under its side.
    #expect(whens.first == "when app launching if resetTips: reset")
    #expect(
      Array(whens.dropFirst().prefix(6)) == [
        """
        when app launch: set ShareTip_appOpens ReviewTip_appOpens + 1 atMost 99; set SyncTip_appOpens ReviewTip_appOpens + 1 atMost 99; \
        set WidgetTip_appOpens ReviewTip_appOpens + 1 atMost 99; set ReviewTip_appOpens ReviewTip_appOpens + 1 atMost 99
        """,
        "when app launch if Store_shared_isPro: set isPro true", "when app launch if not Store_shared_isPro: set isPro false",
        "when app launch if not Launch_notesShown: set notesSeen true", "when app launch if Store_shared_prefersGrid: set layout \"grid\"",
        "when app launch if not Store_shared_prefersGrid: set layout \"list\"",
      ])
    #expect(result.definitions.contains("condition resetTips = false"))
    #expect(result.definitions.contains("condition Store_shared_isPro = unknown"))
    #expect(whens.contains("when app launch if os >= 18: set modern true"))
    #expect(whens.contains("when app launch: toggle darkMode; set wasPro isPro; donate opened"))
    #expect(whens.contains("when screen NotesListView closes: set leftNotes true"))
    #expect(whens.contains("when screen NoteRow opens: donate rowShown"))
    // The appear code of a `View` extension function and of a view modifier runs on the
    // screen that uses them.
    #expect(whens.contains("when screen NotesListView opens: set visits += 1; donate screenSeen"))
    // A view that shows no tip but moves them is a screen; `.task` and `await` run now.
    #expect(result.definitions.contains("screen SettingsView"))
    #expect(whens.contains("when screen SettingsView opens: donate opened; invalidate PinTip actionPerformed"))
    // UIKit's view controller methods, and the app delegate's launch.
    let uikit = try imported("UIKitApp").definitions.filter { $0.hasPrefix("when ") }
    #expect(
      uikit == [
        "when app launch: set launches += 1", "when screen ProfileViewController opens: set launches 0",
        "when screen ProfileViewController closes: invalidate ProfileTip tipClosed",
        "when screen FeedViewController opens: donate feedScrolled",
      ])
    let scenario = result.scenario
    // Code that runs later is an action of the app's; code under a flag stays a comment.
    #expect(scenario.contains("UpgradeTip.isPro = Store.shared.isPro → if Store_shared_isPro: set isPro true\n"))
    #expect(scenario.contains("UpgradeTip.notesSeen = true → if not Launch_notesShown: set notesSeen true\n"))
    #expect(scenario.contains("UpgradeTip.plan = .pro not run: it runs later, when the notification is posted (.addObserver): an action"))
    #expect(result.definitions.contains("action Launch_addObserver: set plan \"pro\""))
    #expect(result.definitions.contains("action NotesListView_Button_Save: donate saved"))
    #expect(scenario.contains("Tips.showAllTipsForTesting() not run: under #if DEBUG"))
    #expect(scenario.contains("Tips.resetDatastore() → if resetTips: reset"))
    #expect(scenario.contains("donated at AppCode/Views/NotesListView.swift:9 (donate()) (when the user taps Button(\"Save\"))"))
    #expect(
      result.summary.contains(
        "the app's code that something the sources do not show calls, as actions: Launch_addObserver, NotesListView_Button_Save"))
    #expect(
      result.summary.contains(
        "not translated (1), each a comment in the output:\n  AppCode/App/NotesApp.swift:11: Tips.showAllTipsForTesting()"))
  }

  @Test func theImportedAppCountsLaunchesAndItsRowDefeatsItsOwnTip() throws {
    let report = try replay(
      "AppCode",
      """
      launch
      quit
      launch
      quit
      launch
      expect status ReviewTip available
      expect status SyncTip pending
      open NoteRow
      expect hidden PinTip
      expect displays PinTip 0

      """)
    #expect(report.exitCode == 0, "\(report.errors)\(report.failureMessage)")
    let world = report.session.world
    #expect(world.engine.parameterValue("ReviewTip_appOpens")?.value == .int(3))
    #expect(world.engine.parameterValue("WidgetTip_appOpens")?.value == .int(3))
    // iOS 26 by default: the #available branch ran; toggled three times.
    #expect(world.engine.parameterValue("modern")?.value == .bool(true))
    #expect(world.engine.parameterValue("darkMode")?.value == .bool(true))
  }

  @Test func aResetBeforeConfigureRunsAtEveryLaunchUnlessACondition() throws {
    let result = try imported([
      (
        "App.swift",
        """
        import SwiftUI
        import TipKit
        struct A: Tip { var title: Text { Text("A") } }
        @main struct Fresh: App {
          init() {
            Tips.resetDatastore()
            try? Tips.configure()
          }
          var body: some Scene { WindowGroup { Text("x").popoverTip(A()) } }
        }
        """
      )
    ])
    #expect(result.definitions.contains("when app launching: reset"))
    #expect(ScenarioRunner.run(source: result.scenario + "launch\nquit\nlaunch\n").exitCode == 0)
  }

  @Test func aCallNotFollowedIsSaid() throws {
    let result = try imported([
      (
        "App.swift",
        """
        import SwiftUI
        import TipKit
        struct A: Tip {
          @Parameter static var n: Int = 0
          var title: Text { Text("A") }
        }
        final class One { func refresh() { A.n = 1 } }
        final class Two { func refresh() { A.n = 2 } }
        final class Camera { func refresh() { print("focus") } }
        @main struct Calls: App {
          init() {
            try? Tips.configure()
            let model: AnyObject = One()
            (model as? One)?.refresh()
          }
          var body: some Scene { WindowGroup { Text("x").popoverTip(A()) } }
        }
        """
      )
    ])
    // What is true: three functions of the name, two of which touch tips, and which.
    #expect(
      result.summary.contains(
        "App.swift:14: a call of refresh() not followed: the code read has 3 functions of that name, and 2 of them touch tips (One.refresh() at App.swift:7, Two.refresh() at App.swift:8)"
      ), "\(result.summary)")
    #expect(!result.summary.contains("everything read was translated"))
  }

  @Test func appearCodeUnderAConditionRunsUnderAnAppConditionThatStartsAsTheCodeSays() throws {
    let result = try imported([
      (
        "List.swift",
        """
        import SwiftUI
        import TipKit
        struct A: Tip {
          static let listShown = Tips.Event(id: "listShown")
          var title: Text { Text("A") }
          var rules: [Rule] { #Rule(Self.listShown) { $0.donations.count >= 2 } }
        }
        struct ListScreen: View {
          @State private var showsList = false
          var body: some View {
            if showsList {
              List { Text("x").popoverTip(A()) }
                .onAppear { A.listShown.sendDonation() }
            }
          }
        }
        """
      )
    ])
    #expect(result.definitions.contains("when screen ListScreen opens if ListScreen_showsList: donate listShown"))
    #expect(result.definitions.contains("condition ListScreen_showsList = false"))
    #expect(result.definitions.contains("screen ListScreen: A(if ListScreen_showsList)"))
    #expect(result.scenario.contains("A.listShown.sendDonation() → if ListScreen_showsList: donate listShown\n"))
    #expect(result.summary.hasSuffix("everything read was translated"))
  }
}
