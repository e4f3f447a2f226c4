import Testing
import TipImport

/// Each lint finding on a fixture written to show it, at its Swift place.
@Suite struct SwiftLintTests {
  @Test func eachMistakeIsFoundAtItsPlace() throws {
    let findings = try imported("LintApp").findings
    let found = Set(findings.map { "\($0.code) \($0.file):\($0.line)" })
    let expected: Set<String> = [
      "sharedGenericTip LintApp/InboxView.swift:10",
      "resetAfterConfigure LintApp/LintApp.swift:10",
      "testingOverrideInRelease LintApp/LintApp.swift:11",
      "invalidatedOnBackground LintApp/LintApp.swift:18",
      "invalidatedOnBackground LintApp/LintApp.swift:26",
      "duplicateEventID LintApp/Tips.swift:6",
      "rulesNeverHold LintApp/Tips.swift:10",
      "durationBelowFloor LintApp/Tips.swift:17",
      "computedTipID LintApp/Tips.swift:21",
      "eventNeverDonated LintApp/Tips.swift:27",
      "eventNeverRead LintApp/Tips.swift:27",
      "parameterWrittenInInit LintApp/Tips.swift:33",
      "tipNeverDisplayed LintApp/Tips.swift:41",
    ]
    #expect(found == expected)
    for finding in findings {
      #expect(finding.column > 0)
      #expect(!finding.fix.isEmpty)
    }
    #expect(findings.first { $0.code == "duplicateEventID" }?.message.contains("counts twice") == true)
    #expect(
      findings.first { $0.code == "rulesNeverHold" }?.message.contains("`archived.count == 0` and `archived.count >= 3` contradict") == true
    )
  }

  @Test func noConfigureAnywhereMeansNoTipEverShows() throws {
    #expect(try imported("NoConfigure").codes == ["noConfigure"])
    // Overrides under DEBUG, in previews or tests are not findings; a configure call is found.
    let clean = try imported("ConfigureDebug").codes
    #expect(!clean.contains("noConfigure"))
    #expect(!clean.contains("testingOverrideInRelease"))
  }

  @Test func findingsPrintLikeACompilersWithTheFixUnderneath() throws {
    let finding = try #require(try imported("NoConfigure").findings.first)
    #expect(finding.text.hasPrefix("NoConfigure/Lonely.swift:4:8: warning: no Tips.configure call"))
    #expect(finding.text.contains("\n  fix: call try? Tips.configure()"))
  }

  @Test func configureReachedTwiceAndAResetThatShipsAreFound() throws {
    let app = """
      import SwiftUI
      import TipKit

      @main
      struct TwiceApp: App {
        init() {
          if UserDefaults.standard.bool(forKey: "fresh") {
            Tips.resetDatastore()
          }
          #if DEBUG
            try? Tips.resetDatastore()
          #endif
          if Flags.fast {
            try? Tips.configure([.displayFrequency(.immediate)])
          } else {
            try? Tips.configure([.displayFrequency(.daily)])
          }
        }
        var body: some Scene { WindowGroup { HomeView() } }
      }

      struct HomeView: View {
        var body: some View {
          Text("Home").popoverTip(HomeTip())
            .task { try? Tips.configure() }
        }
      }

      struct HomeTip: Tip { var title: Text { Text("Home") } }
      """
    let findings = try imported([("Twice/App.swift", app)]).findings
    let found = findings.filter { ["configureTwice", "resetDatastoreInRelease"].contains($0.code) }.map { "\($0.code) \($0.line)" }
    // The else branch is another way to configure; the view's task is a second call.
    #expect(found == ["resetDatastoreInRelease 8", "configureTwice 25"])
    #expect(findings.first { $0.code == "configureTwice" }?.message.contains("Twice/App.swift:14, Twice/App.swift:25") == true)
  }

  /// Two apps in one folder each configure their own TipKit once; a preview's reset and
  /// configure, and a branch taken only under a UI-testing launch argument, are not the
  /// shipped app's.
  @Test func configureIsCountedPerAppAndPreviewsAndUITestBranchesAreTestCode() throws {
    func app(_ name: String) -> String {
      """
      import SwiftUI
      import TipKit

      @main
      struct \(name)App: App {
        init() {
          if ProcessInfo.processInfo.arguments.contains("-uitesting") {
            Tips.resetDatastore()
            try? Tips.configure([.displayFrequency(.immediate)])
          }
          try? Tips.configure()
        }
        var body: some Scene { WindowGroup { Text("x").popoverTip(\(name)Tip()) } }
      }

      struct \(name)Tip: Tip { var title: Text { Text("\(name)") } }

      #Preview {
        Tips.resetDatastore()
        try? Tips.configure()
        return Text("x")
      }
      """
    }
    let findings = try imported([("Apps/Phone/App.swift", app("Phone")), ("Apps/Watch/App.swift", app("Watch"))]).findings
    let codes = findings.map(\.code)
    #expect(!codes.contains("configureTwice"), "\(findings.map(\.text))")
    #expect(!codes.contains("resetDatastoreInRelease"))
    #expect(!codes.contains("resetAfterConfigure"))
    // One app that configures twice is still found.
    let twice = try imported([
      ("One/App.swift", app("One").replacingOccurrences(of: "var body", with: "func again() { try? Tips.configure() }\n  var body"))
    ])
    #expect(twice.findings.filter { $0.code == "configureTwice" }.count == 1)
  }

  /// A count past what its event keeps (its DonationLimit, or the last 1000) and a window
  /// longer than its maxAge never hold as written (rule 18).
  @Test func rule18_aCountPastTheDonationLimitAndAWindowPastMaxAgeAreFound() throws {
    let tips = """
      import SwiftUI
      import TipKit

      struct StreakTip: Tip {
        static let opened = Event(id: "opened")
        static let saved = Event(id: "saved", donationLimit: .init(maximumCount: 50, maximumAge: .days(7)))
        @Parameter static var isPro: Bool = false

        var title: Text { Text("Streak") }
        var rules: [Rule] {
          #Rule(Self.opened) { $0.donations.count >= 1500 }
          #Rule(Self.saved) { $0.donations.donatedWithin(.days(30)).count >= 3 }
        }
      }

      struct SaverTip: Tip {
        var title: Text { Text("Saver") }
        var rules: [Rule] {
          #Rule(StreakTip.saved) { $0.donations.count >= 60 }
        }
      }

      struct HomeView: View {
        var body: some View {
          VStack { Text("a").popoverTip(StreakTip()); Text("b").popoverTip(SaverTip()) }
            .onAppear { Task { await StreakTip.opened.donate(); await StreakTip.saved.donate() } }
            .task { try? Tips.configure() }
        }
      }
      """
    let findings = try imported([("Caps/Tips.swift", tips)]).findings
    let found = findings.filter { ["countBeyondLimit", "windowBeyondMaxAge"].contains($0.code) }.map { "\($0.code) \($0.line)" }
    #expect(found == ["countBeyondLimit 11", "windowBeyondMaxAge 12", "countBeyondLimit 19"], "\(findings.map(\.text))")
    #expect(
      findings.first { $0.code == "countBeyondLimit" }?.message.contains("rules see at most the last 1000 donations of opened") == true)
    #expect(findings.last { $0.code == "countBeyondLimit" }?.message.contains("the last 50 donations of saved") == true)
  }
}
