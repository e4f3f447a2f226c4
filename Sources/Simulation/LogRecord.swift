import TipEngine

/// One happening in the simulated world, at its simulated instant. Plain values, so tests
/// compare whole logs.
public struct LogRecord: Hashable, Sendable {
  // The event comes first so that the synthesized memberwise initializer,
  // `init(event:instant:device:)`, differs from the public one below, which calls it.
  public var event: LogEvent
  public var instant: Instant
  /// The device it happened on, when the scenario has devices.
  public var device: String?
}

extension LogRecord {
  /// Calls the synthesized initializer: written out (`self.instant = instant` …), an
  /// initializer built the record, copied it whole and destroyed the first (Swift 6.3),
  /// retaining and releasing each of its names and arrays, for every record of a run.
  public init(instant: Instant, event: LogEvent, device: String? = nil) {
    self.init(event: event, instant: instant, device: device)
  }
}

/// A tip at its place on screen.
public struct TipRef: Hashable, Sendable {
  public var tip: String
  public var placement: Placement
}
