/// A point on the simulated clock: whole seconds since 1970-01-01T00:00:00Z.
///
/// The engine never reads the wall clock; every instant is handed to it (spec preamble).
public struct Instant: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Seconds since 1970-01-01T00:00:00Z.
  public var seconds: Int64

  /// The instant `seconds` after 1970-01-01T00:00:00Z.
  public init(seconds: Int64) { self.seconds = seconds }

  public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.seconds < rhs.seconds }

  /// The instant a span later.
  public static func + (lhs: Instant, rhs: TimeSpan) -> Instant {
    Instant(seconds: lhs.seconds &+ rhs.seconds)
  }

  /// The instant a span earlier.
  public static func - (lhs: Instant, rhs: TimeSpan) -> Instant {
    Instant(seconds: lhs.seconds &- rhs.seconds)
  }

  /// The span from `rhs` to `lhs`.
  public static func - (lhs: Instant, rhs: Instant) -> TimeSpan {
    TimeSpan(seconds: lhs.seconds &- rhs.seconds)
  }

  public var description: String { "@\(seconds)" }

}

/// A length of simulated time, in whole seconds.
public struct TimeSpan: Hashable, Comparable, Sendable, CustomStringConvertible {
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
    var text = seconds < 0 ? "-" : ""
    forEachPart { count, unit in
      text += String(count)
      text.unicodeScalars.append(unit)
    }
    return text
  }

  /// The compact form's parts after its sign, largest unit first: each whole number of a
  /// unit (`1d12h` is 1 `d`, then 12 `h`). Renderers write them as bytes.
  public func forEachPart(_ body: (_ count: Int64, _ unit: Unicode.Scalar) -> Void) {
    if seconds == 0 { return body(0, "s") }
    var rest = seconds < 0 ? -seconds : seconds
    for (unit, size) in TimeSpan.units where rest >= size {
      // Weeks only when the span is a whole number of weeks: `10d` reads better than `1w3d`.
      if unit == "w" && rest % size != 0 { continue }
      body(rest / size, unit)
      rest %= size
    }
  }

  private static let units: [(Unicode.Scalar, Int64)] = [("w", 604_800), ("d", 86_400), ("h", 3600), ("m", 60), ("s", 1)]

}
