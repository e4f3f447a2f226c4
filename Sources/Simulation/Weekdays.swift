import TipEngine

/// The days of the week a usage line happens on, in the scenario's time zone
/// (`on sat,sun`, `on weekends`, `on weekdays`).
public struct Weekdays: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Sunday first, as a weekday number from 0.
  public static let names = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
  public static let every = Weekdays(rawValue: 0x7F)
  public static let weekends = Weekdays(rawValue: 1 | 1 << 6)
  public static let weekdays = Weekdays(rawValue: 0x7F & ~(1 | 1 << 6))

  /// `sun` is 0, `sat` 6.
  public init(day: Int) { rawValue = 1 << UInt8(day) }

  public func contains(day: Int) -> Bool { rawValue & (1 << UInt8(day)) != 0 }

  public var count: Int { rawValue.nonzeroBitCount }

  /// As the language writes it: `weekends`, `weekdays`, `mon,wed,fri`.
  public var written: String {
    switch self {
    case .weekends: "weekends"
    case .weekdays: "weekdays"
    default: (0..<7).filter(contains(day:)).map { Weekdays.names[$0] }.joined(separator: ",")
    }
  }

  /// "Sat and Sun", "weekdays", "Mon, Wed and Fri"; "every day".
  public var words: String {
    switch self {
    case .every: return "every day"
    case .weekends: return "weekends"
    case .weekdays: return "weekdays"
    default:
      // Monday first, as people list them.
      let names = [1, 2, 3, 4, 5, 6, 0].filter(contains(day:)).map {
        Weekdays.names[$0].prefix(1).uppercased() + Weekdays.names[$0].dropFirst()
      }
      return names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
  }
}

extension CivilTime {
  /// 0 for Sunday … 6 for Saturday (1970-01-01 was a Thursday).
  public var weekday: Int { Int(((daysSinceEpoch + 4) % 7 + 7) % 7) }
}

extension Usage {
  /// `08:00`, or `08:00:30` for a time with seconds.
  public static func clock(_ seconds: Int) -> String {
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
    let text = two(seconds / 3600) + ":" + two(seconds % 3600 / 60)
    return seconds % 60 == 0 ? text : text + ":" + two(seconds % 60)
  }
}
