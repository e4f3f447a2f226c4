import Foundation
import ScenarioLanguage
import Sessions

/// Replays scenarios: run each statement in order; a syntax error anywhere runs nothing, and
/// the first invalid statement stops the run with exit 2 (`ScenarioRun` says how).
public enum ScenarioRunner {
  /// Replays scenario text; `out` and `err` receive output as it is produced.
  public static func run(
    source: String, file: String = "<string>", session: Session = Session(), options: RunOptions = RunOptions(),
    out: (String) -> Void = { _ in }, err: (String) -> Void = { _ in }
  ) -> RunReport {
    run(source: source, file: file, session: session, options: options, bytesOut: { out(String(decoding: $0, as: UTF8.self)) }, err: err)
  }

  /// The same, with the output handed over as UTF-8 bytes (`tipsim run` writes them as they
  /// are; making the log a string first validated every byte again).
  public static func run(
    source: String, file: String = "<string>", session: Session = Session(), options: RunOptions = RunOptions(),
    bytesOut out: (UnsafeRawBufferPointer) -> Void, err: (String) -> Void = { _ in }
  ) -> RunReport {
    withoutActuallyEscaping(out) { out in
      withoutActuallyEscaping(err) { err in
        var run = ScenarioRun(
          source: source, file: file, session: session, options: options, output: RunOutput(keepsLog: options.keepsLog, out: out, err: err))
        return run.report()
      }
    }
  }

  /// Replays a scenario file; an unreadable file or one that is not UTF-8 text exits 2.
  public static func run(
    file path: String, session: Session = Session(), options: RunOptions = RunOptions(), out: (String) -> Void = { _ in },
    err: (String) -> Void = { _ in }
  ) -> RunReport {
    run(file: path, session: session, options: options, bytesOut: { out(String(decoding: $0, as: UTF8.self)) }, err: err)
  }

  /// The same, with the output handed over as UTF-8 bytes.
  public static func run(
    file path: String, session: Session = Session(), options: RunOptions = RunOptions(),
    bytesOut out: (UnsafeRawBufferPointer) -> Void, err: (String) -> Void = { _ in }
  ) -> RunReport {
    switch ScenarioFile.read(path) {
    case .success(let source):
      return run(source: source, file: path, session: session, options: options, bytesOut: out, err: err)
    case .failure(let problem):
      let text = "\(path):1:1: error: \(problem.message)\n"
      err(text)
      return RunReport(
        file: path, exitCode: 2, transcript: "", errors: text, failures: [], expectationsChecked: 0, session: Session(),
        diagnostic: Diagnostic(problem.message, at: SourceLocation(line: 1, column: 1)))
    }
  }

  /// The summary line's words: `3 expectations held`, `1 of 3 expectations failed`.
  public static func summary(checked: Int, failed: Int) -> String {
    let expectations = "expectation\(checked == 1 ? "" : "s")"
    return failed == 0 ? "\(checked) \(expectations) held" : "\(failed) of \(checked) \(expectations) failed"
  }
}
