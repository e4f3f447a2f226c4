import Foundation
import HostOS
import Runner
import ScenarioLanguage
import Testing

/// The deepest rules the language allows (32 levels), through every pass that recurses over a
/// rule — type checks, decisions, `why`, lint, the model, the population, undo, saved state —
/// on a thread with the stack a Mac gives every thread but the main one, in a debug build too
/// (the figures: BENCHMARKS.md, "Stacks").
@Suite struct DeepRuleTests {
  @Test(arguments: [
    String(repeating: "not ", count: 32) + "p",
    String(repeating: "p and (", count: 31) + "p" + String(repeating: ")", count: 31),
    "e.count(where: " + String(repeating: "(", count: 31) + "k == 1" + String(repeating: ")", count: 31) + ") >= 0",
  ])
  func theDeepestRuleRunsEverywhereOnAMacsThreadStack(rule: String) {
    let state = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-deep-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: state) }
    let source = """
      param p = false
      event e(k)
      screen s: t
      tip t
        title "T"
        anchor s.t
        rule \(rule)
      launch
      open s
      set p true
      donate e k=1
      why t
      checkpoint a
      set p false
      restore a
      undo
      lint
      model
      timeline
      whatif t.maxDisplayCount 1
      cohort all 100%
        open s 2 per day poisson for 1m
        donate e k=1 1 per day poisson
        relaunch 1 per day fixed
      population 20 for 3d seed 1
      save-state \(state)
      quit
      load-state \(state)

      """
    let report = HostOS.onThread(stackSize: HostOS.secondaryThreadStack) { ScenarioRunner.run(source: source) }
    #expect(report.exitCode == 0, "\(report.errors)")
  }

  /// `include` recurses too: files included inside each other as deep as allowed (16), the
  /// last with the deepest rule, parse and run on that thread, and one more is refused.
  @Test func theDeepestIncludeChainParsesOnAMacsThreadStack() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-includes-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let depth = IncludeReader.maximumDepth + 1
    for level in 0...depth {
      let next =
        level < depth
        ? "include f\(level + 1).scenario\n" : "tip t\n  title \"T\"\n  rule \(String(repeating: "not ", count: 32))p\(level)\n"
      try "param p\(level) = false\n\(next)".write(toFile: "\(folder)/f\(level).scenario", atomically: true, encoding: .utf8)
    }
    let reports = HostOS.onThread(stackSize: HostOS.secondaryThreadStack) {
      [ScenarioRunner.run(file: "\(folder)/f1.scenario"), ScenarioRunner.run(file: "\(folder)/f0.scenario")]
    }
    #expect(reports.first?.exitCode == 0, "\(reports.first?.errors ?? "")")
    #expect(reports.last?.errors.contains("files included more than 16 deep") == true, "\(reports.last?.errors ?? "")")
  }
}
