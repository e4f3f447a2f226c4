import Runner
import Testing
import Tooling

@testable import Audit

/// On random scenarios, what the audit says holds against the scenario's own run: a tip it
/// says never shows does not show when the script runs (the script only does what the audit
/// counts as the app's actions, and the user's), and every witness replays.
@Suite struct SoundnessTests {
  @Test(arguments: 1...12) func neverMeansTheScriptNeverShowsItAndWitnessesReplay(seed: UInt64) throws {
    var generator = ScenarioGenerator(seed: seed)
    let scenario = generator.scenario(actions: 80, allowResets: false).joined(separator: "\n") + "\n"
    let (report, input, path) = try audit(scenario)
    let run = ScenarioRunner.run(file: path)
    #expect(run.exitCode == 0, "\(run.errors)")
    for tip in report.tips where tip.verdict == .never {
      #expect(run.session.world.displayHistory[tip.tip] == nil, "seed \(seed): \(tip.tip) said never, shown by the script")
    }
    #expect(try replayEmittedTests(report, input).isEmpty, "seed \(seed)")
    #expect(report.tips.count == 5)
  }
}
