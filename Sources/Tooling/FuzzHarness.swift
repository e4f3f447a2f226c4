import Audit
import Foundation
import Reports
import Runner
import ScenarioLanguage
import Sessions
import Simulation
import TipEngine

/// The whole path a fuzzer drives: bytes → decoding → lexer → parser → simulation → log, and
/// the audit and the report of what runs. Both fuzzers use it: the deterministic mutation fuzzer in the test
/// suite and the libFuzzer target `tipsim-fuzz`.
public enum FuzzHarness {
  /// Runs one input in a sandboxed session (no files, small populations) and returns its exit
  /// code. Every input must end with 0, 1 or 2; a trap or a hang is a bug. The input runs
  /// twice, with the speed machinery and through the plain model, and a difference in what
  /// they print traps too (the differential test).
  public static func run(_ bytes: some Collection<UInt8>) -> Int32 {
    switch ScenarioFile.decode(Data(bytes)) {
    case .failure:
      return 2
    case .success(let text):
      let fast = replay(text, shortcuts: true)
      let plain = replay(text, shortcuts: false)
      precondition(
        fast.exitCode == plain.exitCode && fast.transcript == plain.transcript && fast.errors == plain.errors,
        "the plain model and the speed machinery print different logs")
      if fast.exitCode != 2 {
        audit(text)
        report(fast.session)
      }
      return fast.exitCode
    }
  }

  /// Audits a scenario that runs, with a small search: a refusal is an answer, a trap a bug.
  private static func audit(_ text: String) {
    guard case .success(let input) = AuditInput.scenario(text: text, path: "fuzz.scenario", includes: .none) else { return }
    var auditor = Auditor(input: input, days: 2)
    auditor.searchLimit = 20
    auditor.populationUsers = 5
    _ = try? auditor.audit()
  }

  /// Renders the session's report, as `report` writes it: a refusal is an answer, a trap a bug.
  private static func report(_ session: Session) {
    guard let report = try? StoryReport(session: session) else { return }
    _ = report.html()
    _ = report.markdown()
  }

  private static func replay(_ text: String, shortcuts: Bool) -> RunReport {
    var world = World()
    world.usesShortcuts = shortcuts
    var session = Session(world: world)
    session.isSandboxed = true
    return ScenarioRunner.run(source: text, file: "fuzz.scenario", session: session, options: RunOptions(format: .json))
  }
}
