import Foundation
import Runner
import Testing
import Tooling

/// The same scenario gives byte-identical output in two processes: each has its own hash
/// seed (one fixed by SWIFT_DETERMINISTIC_HASHING, one random), so an output that follows a
/// dictionary's or a set's order differs between them.
@Suite struct DeterminismTests {
  static let seeds: [[String: String]] = [["SWIFT_DETERMINISTIC_HASHING": "1"], [:]]

  @Test func everyStoryPrintsTheSameTextAndJSONInTwoProcesses() throws {
    let stories = GoldenTester(paths: [packageRoot + "/Scenarios"], environment: [:]).scenarioFiles()
    #expect(stories.count > 10)
    let folder = URL(fileURLWithPath: packageRoot)
    for story in stories {
      for format in [[], ["--json"]] {
        let runs = try Self.seeds.map { try tipsim(["run"] + format + [story], environment: $0, in: folder) }
        #expect(runs[0].out == runs[1].out, "\(story) \(format)")
        #expect(runs[0].err == runs[1].err, "\(story) \(format)")
        #expect(!runs[0].out.isEmpty)
      }
    }
  }

  @Test func generatedScenariosPrintTheSameInTwoProcesses() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-determinism-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for seed in UInt64(1)...8 {
      var generator = ScenarioGenerator(seed: seed)
      let file = folder.appendingPathComponent("generated-\(seed).scenario")
      try (generator.scenario(actions: 200).joined(separator: "\n") + "\nstatus\nwhy t0\ntimeline\n").write(
        to: file, atomically: true, encoding: .utf8)
      let runs = try Self.seeds.map { try tipsim(["run", file.lastPathComponent], environment: $0, in: folder) }
      #expect(runs[0].out == runs[1].out, "seed \(seed)")
      #expect(runs[0].status == runs[1].status)
    }
  }
}
