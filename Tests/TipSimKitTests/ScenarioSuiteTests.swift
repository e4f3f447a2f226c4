import Foundation
import Testing
import TipSimKit

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
