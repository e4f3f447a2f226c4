import Foundation
import Renderers
import Reports
import Runner
import Testing
import Tooling

/// The test suite runs `tipsim test` over `Scenarios/`: every story's expectations hold and
/// its log matches its golden transcript byte for byte.
@Suite struct ScenarioSuiteTests {
  static let files = GoldenTester(paths: [packageRoot + "/Scenarios"], environment: [:]).scenarioFiles()

  @Test func thereAreScenarios() {
    #expect(ScenarioSuiteTests.files.count >= 5)
  }

  @Test(arguments: files)
  func scenarioMatchesItsGoldenTranscript(file: String) {
    let outcome = GoldenTester(paths: [file], environment: [:]).test(file)
    #expect(outcome.passed, "\(outcome.message)")
  }

  /// The JSON log is written member by member, without a JSON library: every story's log,
  /// and a scenario with the kinds the stories lack, must parse as one object per record.
  @Test(arguments: files + ["tap-and-reset-eligibility"])
  func everyJSONLogLineIsAnObjectWithTheRecordsStampAndKind(file: String) throws {
    let report =
      file.hasSuffix(".scenario")
      ? ScenarioRunner.run(file: file, options: RunOptions(format: .json))
      : ScenarioRunner.run(
        source: #"""
          screen home: a
          tip t
            title "T"
            anchor home.a
            action more "More \\ \"details\""
          launch
          open home
          tap t more
          dismiss t
          reset eligibility t
          """#, options: RunOptions(format: .json))
    // Every record printed (a story that restores or undoes prints more than it keeps), then
    // the summary.
    let lines = report.transcript.split(separator: "\n")
    #expect(!lines.isEmpty)
    var kinds: Set<String> = []
    for line in lines.dropLast() {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
      let kind = try #require(object["kind"] as? String)
      kinds.insert(kind)
      #expect(object["epoch"] is Int)
      #expect((object["at"] as? String)?.count == 19)
      if kind == "tap" { #expect(object["title"] as? String == #"More \ "details""#) }
    }
    let summary = try #require(try JSONSerialization.jsonObject(with: Data((lines.last ?? "").utf8)) as? [String: Any])
    #expect(summary["kind"] as? String == "summary")
    if !file.hasSuffix(".scenario") { #expect(kinds.isSuperset(of: ["tap", "resetEligibility", "invalidated", "shown"])) }
  }

  @Test func recordingIsRefusedUnderCI() {
    let tester = GoldenTester(paths: [packageRoot + "/Scenarios"], environment: ["TIPSIM_UPDATE": "1", "CI": "true"])
    var lines: [String] = []
    let (_, code) = tester.run { lines.append($0) }
    #expect(code == 2)
    #expect(lines.first?.contains("refused under CI=true") == true)
  }

  @Test func aMismatchShowsAUnifiedDiffAndHowToReRecord() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-golden-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let scenario = dir.appendingPathComponent("s.scenario").path
    try "launch\nadvance 1h\n".write(toFile: scenario, atomically: true, encoding: .utf8)
    try "something else\n".write(toFile: GoldenTester.transcriptPath(for: scenario), atomically: true, encoding: .utf8)
    let outcome = GoldenTester(paths: [scenario], environment: [:]).test(scenario)
    #expect(!outcome.passed)
    #expect(outcome.message.contains("-something else"))
    #expect(outcome.message.contains("+2026-01-01 09:00:00  launch"))
    #expect(outcome.message.contains("TIPSIM_UPDATE=1"))
  }
}
