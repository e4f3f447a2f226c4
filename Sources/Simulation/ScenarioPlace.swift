/// A line of a scenario: of the scenario run, or of a file it includes (`include FILE`).
public struct ScenarioPlace: Hashable, Sendable, CustomStringConvertible {
  public var line: Int
  /// The included file's name as the `include` line gave it; nil for the scenario's own lines.
  public var file: String?

  public init(line: Int, file: String? = nil) {
    self.line = line
    self.file = file
  }

  /// `line 14`, or `tips.scenario:14` for an included file's line.
  public var description: String { file.map { "\($0):\(line)" } ?? "line \(line)" }
}
