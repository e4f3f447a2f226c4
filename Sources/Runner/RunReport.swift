import Foundation
import Renderers
import ScenarioLanguage
import Sessions
import Simulation
import TipEngine

/// The outcome of replaying one scenario.
public struct RunReport: Sendable {
  public var file: String
  /// 0: every expectation held; 1: one failed; 2: the input is not valid.
  public var exitCode: Int32
  /// What the run printed on standard output: the log.
  public var transcript: String
  /// What it printed on standard error: the diagnostic of invalid input.
  public var errors: String
  public var failures: [ExpectationResult]
  public var expectationsChecked: Int
  /// The session as the run left it.
  public var session: Session
  /// Why the input is not valid (exit 2).
  public var diagnostic: Diagnostic? = nil

  public var passed: Bool { exitCode == 0 }

  /// The message `tipsim run` prints for a failed run: each failed expectation with what was
  /// expected, what was found and the tip's `why`, or the diagnostic.
  public var failureMessage: String {
    if exitCode == 2 { return errors }
    let renderer = TextRenderer(timeZone: session.world.timeZone, file: file)
    return failures.map { failure in
      renderer.render(LogRecord(instant: session.world.clock, event: .expectation(failure)))
    }.joined(separator: "\n")
  }
}
