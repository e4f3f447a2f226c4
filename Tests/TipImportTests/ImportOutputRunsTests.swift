import Foundation
import Runner
import Testing

@testable import Audit
@testable import TipImport

/// Whatever the app, the import's output runs: its scenario, launched, and every test the
/// audit emits from it, each witness with its assumptions as comments. Every fixture app is
/// here, found on disk, so a new one is covered without a list to keep.
@Suite struct ImportOutputRunsTests {
  /// Each folder of Swift the fixtures hold as an app: a folder at the top (the apps), and the
  /// versions under `Compare`; the hostile inputs are files, checked in HostileSwiftTests.
  static let apps: [String] = {
    let manager = FileManager.default
    func folders(in path: String) -> [String] {
      ((try? manager.contentsOfDirectory(atPath: fixtures + "/" + path)) ?? []).sorted().filter { name in
        var isFolder: ObjCBool = false
        return manager.fileExists(atPath: fixtures + "/" + path + "/" + name, isDirectory: &isFolder) && isFolder.boolValue
      }
    }
    let top = folders(in: "").filter { $0 != "Compare" && $0 != "Hostile" }
    return top + folders(in: "Compare").map { "Compare/" + $0 }
  }()

  @Test func theFixturesAreFound() {
    #expect(Self.apps.count >= 20)
    #expect(Self.apps.contains("RunsApp") && Self.apps.contains("Compare/base"))
  }

  @Test(arguments: apps)
  func theScenarioAndEveryEmittedWitnessRun(app: String) throws {
    let result = try SwiftImporter.run(paths: [app], in: fixtures, forAudit: true)
    let launched = ScenarioRunner.run(source: result.scenario + "launch\n", file: app)
    #expect(launched.exitCode == 0, "\(launched.errors)")
    let input = try #require(result.audit)
    let report = try Auditor(input: input).audit()
    #expect(EmittedTests(report: report, definitions: input.definitions).failures() == [], "\(app)")
  }

  /// The check itself fails: a witness that does not replay is reported.
  @Test func aWitnessThatDoesNotReplayIsReported() throws {
    let input = try #require(try SwiftImporter.run(paths: ["RunsApp"], in: fixtures, forAudit: true).audit)
    var report = try Auditor(input: input).audit()
    let shown = try #require(report.tips.firstIndex { $0.verdict == .shows })
    report.tips[shown].witness.append("perform NoSuchAction")
    let failures = EmittedTests(report: report, definitions: input.definitions).failures()
    #expect(failures.count == 1 && failures[0].hasPrefix("\(report.tips[shown].tip).scenario: exit 2"), "\(failures)")
  }

  /// The three shapes that gave real apps no import: the negation of a compound condition, a
  /// reaction to a tip's end under a guard, a multi-line `if let` whose assumption is a comment.
  @Test func theShapesThatBrokeTheOutput() throws {
    let result = try SwiftImporter.run(paths: ["RunsApp"], in: fixtures, forAudit: true)
    let lines = result.definitions
    #expect(lines.contains("condition not_ShelfView_isEditing_and_ShelfView_isSearching = true"))
    #expect(lines.contains("condition not_ShelfView_isEditing_and_hasSynced = true"))
    #expect(lines.contains { $0.hasPrefix("when ShelfTip invalidated if hasSynced:") })
    let input = try #require(result.audit)
    let report = try Auditor(input: input).audit()
    let export = try #require(report.tips.first { $0.tip == "ExportTip" })
    #expect(export.verdict == .shows)
    #expect(export.assumptions.allSatisfy { !$0.text.contains(where: \.isNewline) })
    #expect(export.assumptions.contains { $0.text.contains("first.id > 0") }, "\(export.assumptions)")
  }
}
