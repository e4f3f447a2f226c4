import Foundation

/// One failed `expect`, written for a test report.
public struct ExpectationFailure: Hashable, Sendable {
  /// The expectation as written, without `expect` (`shown favoriteBackyard`).
  public var expectation: String
  /// What the replay found instead.
  public var found: String
  /// The tip's `why` at the failure, when the expectation is about a tip.
  public var explanation: String?
  /// Where the failure is in Swift terms: the scenario file and line, or the line of a
  /// string literal's scenario in the test's source file.
  public var location: SourceLine

  /// The expectation, what was found and the `why`, without the log's time stamps.
  public var message: String {
    var lines = ["expect \(expectation)", "found: \(found)"]
    if let explanation { lines.append(explanation) }
    return lines.joined(separator: "\n")
  }
}

/// A line of a file: a scenario file's, or a Swift source file's.
public struct SourceLine: Hashable, Sendable, CustomStringConvertible {
  /// `Module/File.swift` for a Swift file (as `#fileID`); the path for a scenario file.
  public var fileID: String
  /// The file's full path.
  public var filePath: String
  /// 1-based.
  public var line: Int
  /// 1-based, in characters.
  public var column: Int

  public var description: String { "\(filePath):\(line):\(column)" }
}

extension SourceLine {
  /// A line of a scenario file (the one replayed, or one it includes).
  init(scenarioFile path: String, line: Int, column: Int) {
    self.init(fileID: "Scenarios/" + URL(fileURLWithPath: path).lastPathComponent, filePath: path, line: line, column: column)
  }
}
