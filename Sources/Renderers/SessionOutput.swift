import Simulation

/// What a statement gives back: its log records, or text that is not part of the log.
public enum SessionOutput: Sendable {
  /// Log records, as the statement made them (one array, not an output per record: the
  /// records are not copied out of it).
  case records([LogRecord])

  /// The outputs of a statement's records: none when it made none.
  public static func of(_ records: [LogRecord]) -> [SessionOutput] { records.isEmpty ? [] : [.records(records)] }
  /// Text that is not part of the log (`help`, `timeline`, `whatif`, the replay of `log`).
  case text(String)
}
