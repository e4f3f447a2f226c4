import Foundation
import Testing
import TipSimKit

/// A team's tests include the definitions `tipsim import` wrote, untouched, and keep their
/// actions and expectations in their own files.
@Suite struct IncludeTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path

  @Test func aScenarioFileIncludesDefinitionsAndItsFailuresLandOnItsOwnLines() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-kit-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try "screen home: star\ntip favorite\n  anchor home.star\n".write(
      toFile: directory + "/tips.scenario", atomically: true, encoding: .utf8)
    try "include tips.scenario\nlaunch\nopen home\nexpect hidden favorite\n".write(
      toFile: directory + "/story.scenario", atomically: true, encoding: .utf8)
    let report = TipSim.replay(file: "story.scenario", relativeTo: directory + "/Test.swift")
    #expect(report.exitCode == 1)
    let failure = try #require(report.failures.first)
    #expect(failure.location.filePath == directory + "/story.scenario" && failure.location.line == 4)
    // An error in the included file is placed in it.
    try "screen home: star\ntip favorite\n  anchor home.sta\n".write(
      toFile: directory + "/tips.scenario", atomically: true, encoding: .utf8)
    let broken = TipSim.replay(file: directory + "/story.scenario")
    let error = try #require(broken.inputError)
    #expect(error.location.filePath == directory + "/tips.scenario" && error.location.line == 3)
  }

  @Test func aLiteralIncludesFilesBesideTheTestFile() throws {
    let name = "tipsim-kit-\(UUID().uuidString).scenario"
    try "screen home: star\ntip favorite\n  anchor home.star\n".write(toFile: Self.folder + "/" + name, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: Self.folder + "/" + name) }
    let report = TipSim.replay("include \(name)\nlaunch\nopen home\nexpect shown favorite\n")
    #expect(report.passed, "\(report.errors)")
  }

  @Test func aLineThatIsNotTheLiteralsIsSaidNotTrapped() {
    // `line: 0` trapped the test process ("Can't drop a negative number of elements").
    let report = TipSim.replay("launch\nexpect status nobody pending\n", line: 0)
    #expect(report.exitCode == 2)
    let far = TipSim.replay("param p = false\nlaunch\nexpect status p pending\n", line: 100_000)
    #expect(far.exitCode == 2)
    let placed = TipSim.replay(
      """
      screen s: a
      tip t
        anchor s.a
      launch
      expect status t pending
      """, line: 1)
    #expect(placed.failures.count == 1)
    #expect(placed.failures.first?.location.line == 1)
  }
}
