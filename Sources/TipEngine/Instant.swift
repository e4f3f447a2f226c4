/// A point on the simulated clock: whole seconds since 1970-01-01T00:00:00Z.
///
/// The engine never reads the wall clock; every instant is handed to it (spec preamble).
public struct Instant: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  public var seconds: Int64

  public init(seconds: Int64) { self.seconds = seconds }

  public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.seconds < rhs.seconds }

  public static func + (lhs: Instant, rhs: TimeSpan) -> Instant {
    Instant(seconds: lhs.seconds &+ rhs.seconds)
  }

  public static func - (lhs: Instant, rhs: TimeSpan) -> Instant {
    Instant(seconds: lhs.seconds &- rhs.seconds)
  }

  public static func - (lhs: Instant, rhs: Instant) -> TimeSpan {
    TimeSpan(seconds: lhs.seconds &- rhs.seconds)
  }

  public var description: String { "@\(seconds)" }

  public init(from decoder: any Decoder) throws {
    seconds = try decoder.singleValueContainer().decode(Int64.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(seconds)
  }
}

/// A length of simulated time, in whole seconds.
public struct TimeSpan: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  public var seconds: Int64

  public init(seconds: Int64) { self.seconds = seconds }

  public static let zero = TimeSpan(seconds: 0)
  public static func seconds(_ n: Int64) -> TimeSpan { TimeSpan(seconds: n) }
  public static func minutes(_ n: Int64) -> TimeSpan { TimeSpan(seconds: n * 60) }
  public static func hours(_ n: Int64) -> TimeSpan { TimeSpan(seconds: n * 3600) }
  public static func days(_ n: Int64) -> TimeSpan { TimeSpan(seconds: n * 86_400) }
  public static func weeks(_ n: Int64) -> TimeSpan { TimeSpan(seconds: n * 604_800) }

  public static func < (lhs: TimeSpan, rhs: TimeSpan) -> Bool { lhs.seconds < rhs.seconds }
  public static func + (lhs: TimeSpan, rhs: TimeSpan) -> TimeSpan {
    TimeSpan(seconds: lhs.seconds &+ rhs.seconds)
  }
  public static func - (lhs: TimeSpan, rhs: TimeSpan) -> TimeSpan {
    TimeSpan(seconds: lhs.seconds &- rhs.seconds)
  }

  /// The compact form the scenario language reads back: `1d12h`, `90s`, `0s`.
  public var description: String {
    if seconds == 0 { return "0s" }
    var rest = seconds < 0 ? -seconds : seconds
    var text = seconds < 0 ? "-" : ""
    for (unit, size) in [("w", Int64(604_800)), ("d", 86_400), ("h", 3600), ("m", 60), ("s", 1)]
    where rest >= size {
      // Weeks only when the span is a whole number of weeks: `10d` reads better than `1w3d`.
      if unit == "w" && rest % size != 0 { continue }
      text += "\(rest / size)\(unit)"
      rest %= size
    }
    return text
  }

  public init(from decoder: any Decoder) throws {
    seconds = try decoder.singleValueContainer().decode(Int64.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(seconds)
  }
}
