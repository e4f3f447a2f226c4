import Renderers
import ScenarioLanguage

/// How a run prints and what it keeps.
public struct RunOptions: Sendable {
  public var format: OutputFormat
  /// Whether the report keeps the log as its transcript. `tipsim run` prints as it goes and
  /// keeps none; the session then keeps its log only when a statement reads it, so memory
  /// does not grow with the log.
  public var keepsLog: Bool
  /// Whether the log is rendered at all. The reporting subcommands read the session the run
  /// leaves: no transcript, no summary, nothing printed.
  public var printsLog: Bool
  /// A state file (`--state`): what TipKit finds at the first launch, saved at the end.
  public var state: String?
  /// Where `include` reads files; by default the scenario's folder (none when sandboxed).
  public var includes: IncludeReader?

  public init(
    format: OutputFormat = .text(.plain), keepsLog: Bool = true, printsLog: Bool = true, state: String? = nil,
    includes: IncludeReader? = nil
  ) {
    self.format = format
    self.keepsLog = keepsLog
    self.printsLog = printsLog
    self.state = state
    self.includes = includes
  }
}
