import Foundation
import Testing

@testable import Audit
@testable import TipImport

/// `never` for `noDisplaySite` is a proof: every use of a tip is followed (the ledger of
/// `ValueFlow`), and a use the import does not follow makes the answer `unknown`, with its
/// place. LedgerApp has one tip per shape real apps showed.
@Suite struct LedgerTests {
  func audited() throws -> (report: AuditReport, result: SwiftImporter.Result) {
    let result = try SwiftImporter.run(paths: ["LedgerApp"], in: fixtures, forAudit: true)
    return (try Auditor(input: try #require(result.audit)).audit(), result)
  }

  @Test func eachShapeGetsItsVerdict() throws {
    let (report, _) = try audited()
    let verdicts = Dictionary(uniqueKeysWithValues: report.tips.map { ($0.tip, $0.verdict) })
    #expect(
      verdicts == [
        // `TipView(ShareTip.shared)` in `.safeAreaInset { }` under `#available(iOS 17, *), showHints`.
        "ShareTip": .shows,
        // A group a model builds from its properties, shown as `currentTip as? SortTip`: its
        // other member is never the one shown.
        "SortTip": .shows, "FilterTip": .never,
        // `(any Tip)?` from a coordinator's function.
        "SyncTip": .shows, "BackupTip": .shows,
        // A helper class's `TipUIView(tip)` in a `shouldDisplayUpdates` loop.
        "ScanTip": .shows,
        // Kept as `Any?`, cast back.
        "DraftTip": .shows,
        // Handed to a type the sources do not declare.
        "InviteTip": .unknown,
        // Shown only by a view only a preview builds; shown nowhere.
        "PreviewTip": .never, "UnusedTip": .never,
      ])
  }

  @Test func aUseTheImportDoesNotFollowIsNamedWithItsPlace() throws {
    let (report, result) = try audited()
    let invite = try #require(report.tips.first { $0.tip == "InviteTip" })
    #expect(
      invite.note
        == "no display of InviteTip is placed, but not every use of it is accounted for: it is passed to `ExternalPresenter(tip:)` at LedgerApp/ListView.swift:46, which the import does not follow"
    )
    // Lint does not call it never displayed either.
    #expect(!result.findings.contains { $0.code == "tipNeverDisplayed" && $0.message.contains("InviteTip") })
  }

  @Test func aViewBuiltOnlyInAPreviewShowsNothing() throws {
    let (report, result) = try audited()
    let preview = try #require(report.tips.first { $0.tip == "PreviewTip" })
    #expect(preview.causes.map(\.code) == [.noDisplaySite])
    #expect(
      preview.causes.first?.message
        == "its only display is at LedgerApp/ListView.swift:59 in PreviewOnlyView, which is built only in a preview or test at LedgerApp/ListView.swift:64"
    )
    #expect(!result.scenario.contains("anchor PreviewOnlyView"))
  }

  /// `#available(iOS 17, *), showHints`: the OS, and the app's condition, which stays.
  @Test func theOSAndTheAppConditionOfOneIfAreBothKept() throws {
    let (_, result) = try audited()
    #expect(result.definitions.contains { $0.hasPrefix("screen ListView:") && $0.contains("ShareTip(if ListView_showHints)") })
    #expect(result.scenario.contains("# ShareTip: displayed on iOS 17 and later only"))
  }

  /// `#available` for another platform than the one read is `*`: it holds, and is no app
  /// condition.
  @Test func availabilityForAnotherPlatformHolds() throws {
    let swift = """
      import SwiftUI
      import TipKit
      struct SettingsTip: Tip { var title: Text { Text("Settings") } }
      struct LegacyTip: Tip { var title: Text { Text("Legacy") } }
      struct SettingsView: View {
        var body: some View {
          if #available(macOS 14.0, *) { TipView(SettingsTip()) }
          if #unavailable(macOS 14.0, *) { TipView(LegacyTip()) }
        }
      }
      @main struct App1: App { init() { try? Tips.configure() }; var body: some Scene { WindowGroup { SettingsView() } } }
      """
    let result = try imported([("App.swift", swift)])
    #expect(!result.scenario.contains("_available_"))
    #expect(result.definitions.contains("screen SettingsView: SettingsTip"))
    #expect(result.scenario.contains("LegacyTip"))
    #expect(!result.definitions.contains { $0.contains("anchor SettingsView.LegacyTip") })
  }
}
