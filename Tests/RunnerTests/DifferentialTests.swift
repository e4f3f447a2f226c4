import Foundation
import Runner
import Sessions
import Simulation
import Testing
import Tooling

/// The plain model and the speed machinery print the same log, byte for byte: every story,
/// every fuzz fixture and generated scenarios, replayed with `usesShortcuts` on and off.
@Suite struct DifferentialTests {
  func bothWays(_ source: String, file: String) -> (fast: RunReport, plain: RunReport) {
    var plainWorld = World()
    plainWorld.usesShortcuts = false
    let options = RunOptions(format: .json)
    return (
      ScenarioRunner.run(source: source, file: file, options: options),
      ScenarioRunner.run(source: source, file: file, session: Session(world: plainWorld), options: options)
    )
  }

  func expectSame(_ source: String, file: String) {
    let (fast, plain) = bothWays(source, file: file)
    #expect(fast.exitCode == plain.exitCode, "\(file)")
    #expect(fast.errors == plain.errors, "\(file)")
    guard fast.transcript != plain.transcript else { return }
    let a = fast.transcript.split(separator: "\n")
    let b = plain.transcript.split(separator: "\n")
    let first = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
    Issue.record(
      "\(file): the plain model differs from line \(first + 1): \(first < b.count ? b[first] : "(end)") vs \(first < a.count ? a[first] : "(end)")"
    )
  }

  @Test func everyStoryAndFuzzFixture() throws {
    let folders = [packageRoot + "/Scenarios", packageRoot + "/Tests/RunnerTests/FuzzFixtures"]
    for folder in folders {
      for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where name.hasSuffix(".scenario") {
        let path = folder + "/" + name
        expectSame(try String(contentsOfFile: path, encoding: .utf8), file: path)
      }
    }
  }

  @Test func generatedScenarios() {
    for seed in 0..<UInt64(60) {
      var generator = ScenarioGenerator(seed: seed)
      expectSame(generator.scenario(actions: 120).joined(separator: "\n") + "\n", file: "generated-\(seed).scenario")
    }
  }
}
