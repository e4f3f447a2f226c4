/// How a run prints its log.
public enum OutputFormat: Sendable {
  case text(TextStyle)
  /// JSON Lines, one object per log record.
  case json
}
