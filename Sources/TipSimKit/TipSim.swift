/// The one-call API for a Swift package's own tests: replay a scenario and assert on the
/// outcome, with the failure message `tipsim run` prints.
///
/// ```swift
/// import Testing
/// import TipSimKit
///
/// @Test func favoriteTipCadence() throws {
///   try TipSim.replay(file: "Scenarios/favorite.scenario").check()
/// }
/// ```
public enum TipSim {
  /// Replays a scenario file.
  public static func replay(file path: String) -> RunReport {
    ScenarioRunner.run(file: path)
  }

  /// Replays scenario text; `name` is used in diagnostics and failure messages.
  public static func replay(_ source: String, name: String = "<string>") -> RunReport {
    ScenarioRunner.run(source: source, file: name)
  }
}

/// A replay that did not pass: its description is what `tipsim run` prints.
public struct ScenarioFailure: Error, CustomStringConvertible, Sendable {
  public var exitCode: Int32
  public var description: String
}

extension RunReport {
  /// Throws when an expectation failed or the input was not valid, with the same message as
  /// `tipsim run`: file and line, what was expected, what was found, and the tip's `why`.
  public func check() throws(ScenarioFailure) {
    guard !passed else { return }
    throw ScenarioFailure(exitCode: exitCode, description: failureMessage)
  }
}
