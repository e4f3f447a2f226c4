import Foundation
import Reports
import Runner
import Sessions
import Testing

/// A story beside a `NAME.report.md` is checked against it: the summary a PM pastes into a
/// pull request, as `tipsim report NAME.scenario --format md` writes it. Re-record with
/// `TIPSIM_UPDATE=1 swift test --filter ReportGoldenTests` (refused when `CI=true`).
@Suite struct ReportGoldenTests {
  static let goldens: [String] = {
    let folder = "\(packageRoot)/Scenarios"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(".report.md") }.sorted().map { "\(folder)/\($0)" }
  }()

  @Test func atLeastOneStoryIsCheckedByItsReport() {
    #expect(Self.goldens.contains { $0.hasSuffix("/habit-plan.report.md") })
  }

  @Test(arguments: goldens)
  func theReportsSummaryMatchesItsGoldenFile(golden: String) throws {
    let scenario = String(golden.dropLast(".report.md".count)) + ".scenario"
    var session = Session()
    session.skipsReports = true
    let run = ScenarioRunner.run(file: scenario, session: session)
    #expect(run.exitCode == 0, "\(run.errors)")
    let markdown = try StoryReport(session: run.session).markdown()
    let environment = ProcessInfo.processInfo.environment
    if environment["TIPSIM_UPDATE"] == "1" && environment["CI"] != "true" {
      try markdown.write(toFile: golden, atomically: true, encoding: .utf8)
    }
    let expected = try String(contentsOfFile: golden, encoding: .utf8)
    #expect(markdown == expected, "\(UnifiedDiff.diff(old: expected, new: markdown, oldName: golden, newName: "this run"))")
  }
}
