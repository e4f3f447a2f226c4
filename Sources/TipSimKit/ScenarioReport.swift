import Foundation
import Runner
import Simulation
import TipEngine

/// The outcome of replaying one scenario: whether it passed, its log, and structured answers
/// about each tip (when it appeared, its status at the end, what holds it back).
public struct ScenarioReport: Sendable {
  let run: RunReport
  let origin: Origin

  /// Where the scenario came from, to place failures in the test's terms.
  enum Origin: Sendable {
    case file(String)
    /// `openingLine` is nil when no `"""` was found at or after the call's line.
    case literal(fileID: String, filePath: String, openingLine: Int?, callLine: Int)
  }

  init(_ run: RunReport, origin: Origin) {
    self.run = run
    self.origin = origin
  }

  /// The scenario's name in messages: its path, or the name given to an inline scenario.
  public var name: String { run.file }
  /// Every expectation held and the input was valid.
  public var passed: Bool { run.passed }
  /// What `tipsim run` exits with: 0 passed, 1 an expectation failed, 2 invalid input.
  public var exitCode: Int32 { run.exitCode }
  /// The log, as `tipsim run` prints it.
  public var transcript: String { run.transcript }
  /// The diagnostic of invalid input (`file:line:col: error: …` and a caret), or empty.
  public var errors: String { run.errors }
  /// How many `expect` lines ran.
  public var expectationsChecked: Int { run.expectationsChecked }

  /// The message `tipsim run` prints for a failed run: each failed expectation with what was
  /// expected, what was found and the tip's `why`, or the diagnostic.
  public var failureMessage: String { run.failureMessage }

  /// Each failed expectation, placed and worded for a test report.
  public var failures: [ExpectationFailure] {
    run.failures.map { result in
      ExpectationFailure(
        expectation: result.text, found: result.foundText,
        explanation: result.explanationText(timeZone: run.session.world.timeZone),
        location: location(ofLine: result.line ?? 1, column: 1, in: result.file))
    }
  }

  /// Where invalid input is, when the replay stopped on it (exit 2).
  public var inputError: (message: String, location: SourceLine)? {
    guard let diagnostic = run.diagnostic else { return nil }
    return (diagnostic.message, location(ofLine: diagnostic.location.line, column: diagnostic.location.column, in: diagnostic.file))
  }

  /// Throws when an expectation failed or the input was not valid, with the same message as
  /// `tipsim run`.
  public func check() throws(ScenarioFailure) {
    guard !passed else { return }
    throw ScenarioFailure(exitCode: exitCode, description: failureMessage)
  }

  /// A line of the scenario, in the file a test author edits: the scenario file, the Swift
  /// file around the literal, or a file they include.
  func location(ofLine line: Int, column: Int, in included: String? = nil) -> SourceLine {
    if let included {
      // Named from the folder of the scenario (or of the test file around the literal).
      let folder: String
      switch origin {
      case .file(let path): folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
      case .literal(_, let filePath, _, _): folder = URL(fileURLWithPath: filePath).deletingLastPathComponent().path
      }
      let path = included.hasPrefix("/") ? included : URL(fileURLWithPath: folder).appendingPathComponent(included).standardizedFileURL.path
      return SourceLine(scenarioFile: path, line: line, column: column)
    }
    switch origin {
    case .file(let path):
      return SourceLine(scenarioFile: path, line: line, column: column)
    case .literal(let fileID, let filePath, let openingLine?, _):
      return SourceLine(fileID: fileID, filePath: filePath, line: openingLine + line, column: column)
    case .literal(let fileID, let filePath, nil, let callLine):
      return SourceLine(fileID: fileID, filePath: filePath, line: max(1, callLine), column: 1)
    }
  }
}

extension ScenarioReport {
  /// What a test reports: each failed expectation, or the input error; and first, when the
  /// literal's lines cannot be placed, why.
  var problems: [(message: String, location: SourceLine)] {
    var found: [(message: String, location: SourceLine)] = []
    if case .literal(_, let filePath, nil, let callLine) = origin, !passed {
      found.append(
        (
          "TipSim.replay(line: \(callLine)): no \"\"\" at or after line \(callLine) of \(filePath), so the scenario's lines are reported at the call",
          location(ofLine: 1, column: 1)
        ))
    }
    if let inputError { return found + [("invalid scenario: \(inputError.message)", inputError.location)] }
    return found + failures.map { ($0.message, $0.location) }
  }
}
