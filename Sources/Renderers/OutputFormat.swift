/// How a run prints its log.
package enum OutputFormat: Sendable {
  case text(TextStyle)
  /// JSON Lines, one object per log record.
  case json
}
