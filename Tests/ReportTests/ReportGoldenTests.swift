import Foundation
import Reports
import Runner
import ScenarioLanguage
import Sessions
import Testing

/// A story beside a `NAME.report.md` is checked against it: the page a PM pastes into a
/// pull request, as `tipsim report NAME.scenario --format md` writes it (with the options
/// `options` gives the story, as its header comment says). Re-record with
/// `TIPSIM_UPDATE=1 swift test --filter ReportGoldenTests` (refused when `CI=true`).
@Suite struct ReportGoldenTests {
  /// A story's `--title` and `--whatif`.
  static let options: [String: (title: String, whatIf: String)] = [
    "lesson-plan": ("Lessons: the five-tip plan", "frequency weekly")
  ]

  static let goldens: [String] = {
    let folder = "\(packageRoot)/Scenarios"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(".report.md") }.sorted().map { "\(folder)/\($0)" }
  }()

  @Test func atLeastOneStoryIsCheckedByItsReport() {
    #expect(Self.goldens.contains { $0.hasSuffix("/habit-plan.report.md") })
    #expect(Self.goldens.contains { $0.hasSuffix("/lesson-plan.report.md") })
  }

  @Test(arguments: goldens)
  func theReportsSummaryMatchesItsGoldenFile(golden: String) throws {
    let scenario = String(golden.dropLast(".report.md".count)) + ".scenario"
    var session = Session()
    session.skipsReports = true
    let run = ScenarioRunner.run(file: scenario, session: session)
    #expect(run.exitCode == 0, "\(run.errors)")
    let name = URL(fileURLWithPath: scenario).deletingPathExtension().lastPathComponent
    let options = Self.options[name]
    let change = try options.flatMap { try Self.change($0.whatIf) }
    #expect((change == nil) == (options == nil), "the whatif change parses")
    let markdown = try StoryReport(session: run.session, whatIf: change, title: options?.title).markdown()
    let environment = ProcessInfo.processInfo.environment
    if environment["TIPSIM_UPDATE"] == "1" && environment["CI"] != "true" {
      try markdown.write(toFile: golden, atomically: true, encoding: .utf8)
    }
    let expected = try String(contentsOfFile: golden, encoding: .utf8)
    #expect(markdown == expected, "\(UnifiedDiff.diff(old: expected, new: markdown, oldName: golden, newName: "this run"))")
  }

  /// A `whatif` line's change.
  static func change(_ text: String) throws -> WhatIfChange? {
    guard case .whatIf(let change) = try Parser(source: "whatif " + text).parse().first?.action else { return nil }
    return change
  }
}
