import Foundation
import Persistence
import Renderers
import Runner
import Simulation
import Testing
import TipEngine
import Tooling

/// Durable state: `save-state`, `load-state` and `tipsim run --state`.
@Suite struct StateFileTests {
  func temporary(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-state-\(UUID().uuidString)-\(name)").path
  }

  @Test func aSavedDatastoreLoadsBackExactly() throws {
    for seed in 0..<UInt64(40) {
      var generator = ScenarioGenerator(seed: seed)
      var lines = generator.scenario(actions: 40)
      if ScenarioRunner.run(source: lines.joined(separator: "\n")).session.world.isRunning { lines.append("quit") }
      let report = ScenarioRunner.run(source: lines.joined(separator: "\n"))
      #expect(report.exitCode == 0, "\(report.errors)")
      let text = StateFile.encode(report.session.world)
      let catalog = report.session.world.engine.catalog
      let stores = try StateFile.decode(Data(text.utf8)) { catalog.event(named: $0)?.limit ?? DonationLimit() }.get()
      #expect(stores.count == 1)
      var original = report.session.world.engine.datastore
      // A display in progress is saved as ended; none is in progress after quit.
      for id in original.tips.keys { original.tips[id]?.displayStartedAt = nil }
      #expect(stores.first?.1 == original, "seed \(seed)")
    }
  }

  @Test func runWithStateResumesWhereTheLastRunStopped() throws {
    let path = temporary("resume.json")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let scenario = "screen s: a\ntip t\n  title \"T\"\n  anchor s.a\n  maxDisplayCount 2\nlaunch\nopen s\nclose s\n"
    #expect(ScenarioRunner.run(source: scenario, options: RunOptions(state: path)).exitCode == 0)
    let second = ScenarioRunner.run(
      source: scenario + "expect status t invalidated(displayCountExceeded)\n", options: RunOptions(state: path))
    #expect(second.exitCode == 0, "\(second.failureMessage)")
    #expect(second.session.world.engine.record(of: "t").displayCount == 2)
  }

  @Test(arguments: [
    ("{", "malformed or truncated"),
    (#"{"format":"something-else","version":1,"devices":[]}"#, "not a TipSim state file"),
    (#"{"format":"tipsim-state","version":99,"devices":[]}"#, "version 99"),
    (
      #"{"format":"tipsim-state","version":1,"devices":[{"name":"device","datastore":{"tips":{"t":{}},"parameters":{},"events":{}}}]}"#,
      "tip t is malformed"
    ),
    (#"{"format":"tipsim-state","version":1}"#, "has no devices"),
    (#"{"format":"tipsim-state","version":1,"devices":[{"name":"device"}]}"#, "a device entry lacks its name or datastore"),
    (#"{"format":"tipsim-state","version":1,"devices":[{"name":"d","datastore":{"tips":{}}}]}"#, "lacks tips, parameters or events"),
    (
      #"{"format":"tipsim-state","version":1,"devices":[{"name":"d","datastore":{"tips":{},"parameters":{"p":{"value":{"int":1,"bool":true},"setAt":0}},"events":{}}}]}"#,
      "parameter p is malformed"
    ),
    (
      #"{"format":"tipsim-state","version":1,"devices":[{"name":"d","datastore":{"tips":{},"parameters":{},"events":{"e":[{"at":"x","fields":{}}]}}}]}"#,
      "a donation of e is malformed"
    ),
  ])
  func aBadStateFileIsRefusedAndNeverOverwritten(contents: String, message: String) throws {
    let path = temporary("bad.json")
    defer { try? FileManager.default.removeItem(atPath: path) }
    try contents.write(toFile: path, atomically: true, encoding: .utf8)
    let report = ScenarioRunner.run(source: "screen s: a\nlaunch\n", options: RunOptions(state: path))
    #expect(report.exitCode == 2)
    #expect(report.errors.contains(message), "\(report.errors)")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == contents)
  }

  /// A file written before the state file went through Codable (explicit nulls, keys in
  /// the writer's order) reads the same.
  @Test func aStateFileWithNullsReads() throws {
    let path = temporary("nulls.json")
    defer { try? FileManager.default.removeItem(atPath: path) }
    try #"""
    {"format":"tipsim-state","version":1,"devices":[{"name":"device","datastore":{"tips":{"t":{"invalidation":"displayCountExceeded","invalidatedAt":1767258000,"displayCount":1,"firstDisplayedAt":1767258000,"lastDisplayedAt":1767258000,"displaySeconds":0,"displayCountBaseline":0,"displaySecondsBaseline":0,"modifiedAt":1767258000,"changes":3}},"parameters":{"p":{"value":{"int":4},"setAt":1767258000}},"events":{"e":[{"at":1767258000,"fields":{"k":{"double":2.5}}}]},"intervalStart":null,"intervalStartedBy":null}}]}
    """#.write(toFile: path, atomically: true, encoding: .utf8)
    let scenario = "screen s: a\ntip t\n  anchor s.a\n  maxDisplayCount 1\nevent e(k)\nparam p = 1\nlaunch\n"
    let report = ScenarioRunner.run(
      source: scenario + "expect status t invalidated(displayCountExceeded)\nexpect displays t 1\n", options: RunOptions(state: path))
    #expect(report.exitCode == 0, "\(report.errors)\(report.failureMessage)")
    #expect(report.session.world.engine.parameterValue("p")?.value == .int(4))
  }

  @Test func saveStateAndLoadStateInAScenario() throws {
    let path = temporary("session.json")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let first = ScenarioRunner.run(source: "param p = 0\nlaunch\nset p 5\nquit\nsave-state \(path)\n")
    #expect(first.exitCode == 0, "\(first.errors)")
    let second = ScenarioRunner.run(
      source: "param p = 0\nload-state \(path)\nlaunch\ntip t\n  title \"T\"\n  rule p == 5\nexpect status t available\n")
    #expect(second.exitCode == 0, "\(second.errors)\(second.failureMessage)")
    let running = ScenarioRunner.run(source: "param p = 0\nlaunch\nload-state \(path)\n")
    #expect(running.exitCode == 2)
    #expect(running.errors.contains("load the state before `launch`"))
  }
}
