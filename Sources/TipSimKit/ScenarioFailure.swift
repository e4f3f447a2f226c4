/// A replay that did not pass: its description is what `tipsim run` prints.
public struct ScenarioFailure: Error, CustomStringConvertible, Sendable {
  /// 1 when an expectation failed, 2 when the input is not valid (as `tipsim run`).
  public var exitCode: Int32
  public var description: String
}
