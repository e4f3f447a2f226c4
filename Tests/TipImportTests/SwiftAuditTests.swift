import Foundation
import Runner
import Testing

@testable import Audit
@testable import TipImport

/// `tipsim audit` on Swift: the verdicts, causes and places of the AuditApp fixture, whose
/// tips each stand for one verdict or cause, and its witnesses replayed.
@Suite struct SwiftAuditTests {
  func audited() throws -> (AuditReport, AuditInput) {
    let input = try #require(try SwiftImporter.run(paths: ["AuditApp"], in: fixtures, forAudit: true).audit)
    return (try Auditor(input: input).audit(), input)
  }

  @Test func eachTipGetsItsVerdictAndCauseAtItsSwiftPlace() throws {
    let (report, _) = try audited()
    func tip(_ name: String) -> TipAudit? { report.tips.first { $0.tip == name } }
    #expect(tip("ShareTip")?.verdict == .shows)
    #expect(tip("SearchTip")?.verdict == .shows)
    // The noteID its button computes is an input of the button's action: the audit picks one
    // value for it, twice, and says so.
    #expect(tip("FavoriteTip")?.verdict == .shows)
    #expect(
      tip("FavoriteTip")?.witness == [
        "launch", "open NoteListView", "perform NoteListView_Button_Favorite noteID=1", "perform NoteListView_Button_Favorite noteID=1",
      ])
    #expect(
      tip("FavoriteTip")?.assumptions == [
        .init(
          text: "assuming the user taps Button(\"Favorite\") when the values it computes are noteID = 1",
          place: "AuditApp/NoteListView.swift:30")
      ])
    let causes = report.tips.filter { $0.verdict == .never }.map { "\($0.tip) \($0.causes.map { "\($0.code.rawValue) \($0.place)" })" }
    #expect(
      causes == [
        #"ArchiveTip ["noDisplaySite AuditApp/Tips.swift:15"]"#,
        #"ExportTip ["eventNeverDonated AuditApp/Tips.swift:21"]"#,
        #"SyncTip ["parameterNeverWritten AuditApp/Tips.swift:30"]"#,
        #"PinTip ["valueNeverWritten AuditApp/NotesApp.swift:13"]"#,
        #"TagTip ["contradictoryRules AuditApp/Tips.swift:48"]"#,
        #"FolderTip ["groupBlocked AuditApp/NoteListView.swift:6"]"#,
        #"WelcomeTip ["ownScreenDefeatsTip AuditApp/NoteListView.swift:13"]"#,
      ])
  }

  @Test func aButtonsDonationIsAnActionAndItsWitnessReplays() throws {
    let (report, input) = try audited()
    #expect(input.definitions.contains("\naction NoteListView_Button_Share: donate noteShared\n"))
    #expect(
      input.places.actions["NoteListView_Button_Share"]
        == AuditPlaces.Origin(place: "AuditApp/NoteListView.swift:20", words: "the user taps Button(\"Share\")", isUserAction: true))
    // What runs as the screen appears is a reaction, not an action.
    #expect(input.definitions.contains("\nwhen screen NoteListView opens: donate listViewed\n"))
    let share = try #require(report.tips.first { $0.tip == "ShareTip" })
    // A user's tap assumes nothing.
    #expect(
      share.witness == [
        "launch", "open NoteListView", "perform NoteListView_Button_Share", "perform NoteListView_Button_Share",
        "perform NoteListView_Button_Share",
      ])
    #expect(share.assumptions.isEmpty)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-swift-audit-\(UUID().uuidString)").path
    let names = try EmittedTests(report: report, definitions: input.definitions).write(to: folder)
    #expect(names == ["definitions.scenario", "ShareTip.scenario", "FavoriteTip.scenario", "SearchTip.scenario"])
    for name in names.dropFirst() {
      let run = ScenarioRunner.run(file: (folder as NSString).appendingPathComponent(name))
      #expect(run.exitCode == 0 && run.expectationsChecked == 1, "\(name): \(run.errors)")
    }
  }

  @Test func lintAndAuditShareRuleIdsAndAFindingIsNotSaidTwice() throws {
    let (report, _) = try audited()
    let rules = report.findings.map(\.rule)
    // Lint reports these three; the audit's own causes under the same ids are not repeated.
    #expect(rules.filter { $0 == "tipNeverDisplayed" }.count == 1)
    #expect(rules.filter { $0 == "rulesNeverHold" }.count == 1)
    #expect(rules.filter { $0 == "eventNeverDonated" }.count == 1)
    for rule in [
      "parameterNeverWritten", "valueNeverWritten", "groupBlocked", "ownScreenDefeatsTip", "returnsUntilClosed", "tipFatigue",
      "popoversCompete",
    ] {
      #expect(rules.contains(rule), "\(rule)")
    }
    #expect(report.text.contains("AuditApp/NoteListView.swift:13: warning: tip WelcomeTip never shows: it needs `listViewed.count == 0`"))
  }

  /// Every fixture app's witnesses, written by --emit-tests, replay with their definitions.
  @Test(arguments: [
    "AppCode", "AppKitApp", "BirdsApp", "ConfigureDebug", "Constructs", "HelperApp", "LintApp", "NoConfigure", "PlatformApp", "UIKitApp",
  ])
  func everyFixturesWitnessesReplay(app: String) throws {
    let input = try #require(try SwiftImporter.run(paths: [app], in: fixtures, forAudit: true).audit)
    var auditor = Auditor(input: input)
    auditor.populationUsers = 20
    let report = try auditor.audit()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-fixture-audit-\(UUID().uuidString)").path
    let names = try EmittedTests(report: report, definitions: input.definitions).write(to: folder)
    #expect(names.count == 1 + report.tips.count { $0.verdict == .shows })
    for name in names.dropFirst() {
      let run = ScenarioRunner.run(file: (folder as NSString).appendingPathComponent(name))
      #expect(run.exitCode == 0 && run.expectationsChecked == 1, "\(app)/\(name): \(run.errors)")
    }
  }

  @Test func anAppThatNeverConfiguresShowsNothing() throws {
    let input = try #require(try SwiftImporter.run(paths: ["NoConfigure"], in: fixtures, forAudit: true).audit)
    #expect(!input.configures)
    let report = try Auditor(input: input).audit()
    #expect(report.tips.map(\.verdict) == [.never])
    #expect(report.tips.first?.causes.map(\.code) == [.neverConfigured])
    #expect(report.tips.first?.displays == 0 && report.tips.first?.firstDisplay == nil)
    // Lint says it once.
    #expect(report.findings.map(\.rule) == ["noConfigure"])
  }
}
