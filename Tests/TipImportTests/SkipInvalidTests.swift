import Foundation
import Testing

@testable import Audit
@testable import TipImport

/// `--skip-invalid`: a file that is not valid Swift (a stray file no target builds) is left
/// out with a warning and a caret instead of stopping the import, and the audit proves no
/// `never` that code there could break: a tip, parameter or event it names is unproved.
@Suite struct SkipInvalidTests {
  static let sources: [(path: String, text: String)] = [
    (
      "App/Tips.swift",
      """
      import SwiftUI
      import TipKit

      struct ShownTip: Tip {
        var title: Text { Text("Shown") }
      }

      struct StrayTip: Tip {
        var title: Text { Text("Stray") }
      }

      struct GatedTip: Tip {
        @Parameter static var ready: Bool = false
        var title: Text { Text("Gated") }
        var rules: [Rule] { #Rule(Self.$ready) { $0 == true } }
      }

      struct ForgottenTip: Tip {
        var title: Text { Text("Forgotten") }
      }

      @main
      struct TheApp: App {
        init() { try? Tips.configure() }
        var body: some Scene { WindowGroup { HomeView() } }
      }

      struct HomeView: View {
        var body: some View {
          VStack {
            TipView(ShownTip())
            TipView(GatedTip())
          }
        }
      }
      """
    ),
    (
      "App/Broken.swift",
      """
      import SwiftUI
      import TipKit

      struct StrayView: View {
        var body: some View {
          TipView(StrayTip()).onAppear { GatedTip.ready = true }
        }
      }

      struct
      """
    ),
  ]

  @Test func withoutTheFlagAnInvalidFileStopsTheImport() {
    #expect {
      try SwiftImporter.run(sources: SkipInvalidTests.sources)
    } throws: { error in
      (error as? ImportError)?.message.hasPrefix("App/Broken.swift:10:7: error: expected a name") == true
    }
  }

  @Test func theFileIsLeftOutWithAWarningAndACaret() throws {
    let result = try SwiftImporter.run(sources: SkipInvalidTests.sources, skipInvalid: true)
    #expect(result.tipCount == 4)
    #expect(result.fileCount == 1)
    #expect(
      result.invalidFiles == [
        "App/Broken.swift:10:7: warning: expected a name (this is not valid Swift); the file is left out (--skip-invalid)\nstruct\n      ^"
      ])
    #expect(result.summary.hasPrefix("tipsim import: 2 Swift files read (1 left out: not valid Swift): 4 tips"))
    #expect(result.summary.contains("App/Broken.swift:10: left out: not valid Swift, assumed not part of the app's build (--skip-invalid)"))
    #expect(result.scenario.contains("left out: not valid Swift, assumed not part of the app's build (--skip-invalid)"))
    let finding = try #require(result.findings.first { $0.code == "invalidSwiftLeftOut" })
    #expect(finding.position == SwiftPosition(file: "App/Broken.swift", line: 10, column: 7))
  }

  /// The tip the left-out file displays and the parameter it writes are not proved never;
  /// a tip it does not name still is.
  @Test func whatTheFileNamesIsNotProvedNever() throws {
    let result = try SwiftImporter.run(sources: SkipInvalidTests.sources, forAudit: true, skipInvalid: true)
    let report = try Auditor(input: try #require(result.audit)).audit()
    let verdicts = Dictionary(uniqueKeysWithValues: report.tips.map { ($0.tip, $0.verdict) })
    #expect(verdicts == ["ShownTip": .shows, "StrayTip": .unknown, "GatedTip": .unknown, "ForgottenTip": .never])
    let stray = try #require(report.tips.first { $0.tip == "StrayTip" })
    #expect(stray.note?.contains("App/Broken.swift:10, a file that is not valid Swift, left out") == true)
    #expect(report.findings.contains { $0.rule == "invalidSwiftLeftOut" && $0.place == "App/Broken.swift:10:7" })
  }
}
