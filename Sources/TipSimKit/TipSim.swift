import Foundation
import Runner

/// The one-call API for a Swift package's own tests: replay a scenario, then assert on the
/// outcome with the message `tipsim run` prints, or ask it when each tip appeared.
///
/// ```swift
/// import Testing
/// import TipSimKit
///
/// @Test func favoriteTipCadence() {
///   TipSim.replay(file: "favorite.scenario", relativeTo: #filePath).expectAll()
/// }
/// ```
public enum TipSim {
  /// Replays a scenario file; a relative path is read from the current directory.
  public static func replay(file path: String) -> ScenarioReport {
    ScenarioReport(ScenarioRunner.run(file: path), origin: .file(path))
  }

  /// Replays a scenario file found relative to the folder of `sourceFile`: pass `#filePath`,
  /// and a scenario beside the test file is found under `swift test` and Xcode alike,
  /// whatever the current directory.
  public static func replay(file path: String, relativeTo sourceFile: String) -> ScenarioReport {
    let folder = URL(fileURLWithPath: sourceFile).deletingLastPathComponent()
    let resolved = path.hasPrefix("/") ? path : folder.appendingPathComponent(path).standardizedFileURL.path
    return replay(file: resolved)
  }

  /// Replays scenario text written in a Swift string literal. A failure is reported at the
  /// Swift line that holds the scenario's line: the literal is the first `"""` at or after
  /// `line` (the call's) in `filePath`. Its `include` lines name files relative to the
  /// folder of `filePath`.
  ///
  /// - Parameter name: the name used in diagnostics and failure messages.
  public static func replay(
    _ source: String, name: String = "<string>", fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
  ) -> ScenarioReport {
    ScenarioReport(
      ScenarioRunner.run(source: source, file: name, options: RunOptions(includes: .files(relativeTo: filePath))),
      origin: .literal(fileID: fileID, filePath: filePath, openingLine: openingLine(in: filePath, from: line), callLine: line))
  }

  /// The line of the first `"""` at or after `line`: the literal may open on the call's line
  /// or on the next. Nil when there is none there (a `line:` that is not the call's), or
  /// without the source file (a test binary moved elsewhere).
  private static func openingLine(in filePath: String, from line: Int) -> Int? {
    guard line >= 1, let text = try? String(contentsOfFile: filePath, encoding: .utf8) else { return nil }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(line - 1).prefix(8)
    return lines.firstIndex { $0.contains("\"\"\"") }.map { $0 + 1 }
  }
}
