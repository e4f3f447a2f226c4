import Foundation
import TipEngine

/// The simulation's time zone: how instants are read from and written as local civil time.
/// Offsets come from the system's tz database; everything else is integer arithmetic, so the
/// same scenario prints the same instants on every machine.
public struct SimTimeZone: Hashable, Sendable {
  public let identifier: String

  public static let utc = SimTimeZone(validated: "UTC")

  private init(validated identifier: String) { self.identifier = identifier }

  /// Nil when the identifier is not a known time zone.
  public init?(identifier: String) {
    if identifier == "UTC" || identifier == "GMT" {
      self.identifier = identifier
      return
    }
    guard TimeZone(identifier: identifier) != nil else { return nil }
    self.identifier = identifier
  }

  /// The offset from UTC in force at `instant`.
  public func offset(at instant: Instant) -> Int64 {
    guard identifier != "UTC", identifier != "GMT", let zone = TimeZone(identifier: identifier) else { return 0 }
    return Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant.seconds))))
  }

  /// The instant of a local civil time; in a daylight-saving gap the later offset wins, in an
  /// overlap the earlier instant.
  public func instant(of civil: CivilTime) -> Instant {
    let naive = civil.secondsAsIfUTC
    var guess = Instant(seconds: naive - offset(at: Instant(seconds: naive)))
    guess = Instant(seconds: naive - offset(at: guess))
    return guess
  }

  /// The day of `instant` in a story that started at `start`: 1 on the start's local date.
  public func day(of instant: Instant, since start: Instant) -> Int {
    Int(civil(of: instant).daysSinceEpoch - civil(of: start).daysSinceEpoch) + 1
  }

  /// The local days that overlap `start ..< end`, each from its midnight to the next.
  public func days(from start: Instant, to end: Instant) -> [LocalDay] {
    var date = civil(of: start)
    (date.hour, date.minute, date.second) = (0, 0, 0)
    var days: [LocalDay] = []
    while true {
      let next = CivilTime(secondsAsIfUTC: date.secondsAsIfUTC + 86_400)
      let midnight = instant(of: date)
      guard midnight < end else { return days }
      days.append(LocalDay(date: date, midnight: midnight, next: instant(of: next)))
      date = next
    }
  }

  /// The local civil time of an instant.
  public func civil(of instant: Instant) -> CivilTime {
    CivilTime(secondsAsIfUTC: instant.seconds + offset(at: instant))
  }
}

/// A calendar date and wall-clock time, without a zone.
public struct CivilTime: Hashable, Sendable, Comparable {
  public var year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64

  public init(year: Int64, month: Int64, day: Int64, hour: Int64 = 0, minute: Int64 = 0, second: Int64 = 0) {
    (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
  }

  public static func < (a: CivilTime, b: CivilTime) -> Bool { a.secondsAsIfUTC < b.secondsAsIfUTC }

  /// Whether the fields name a real date and time.
  public var isValid: Bool {
    guard (1...12).contains(month), (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second),
      (1...9999).contains(year)
    else { return false }
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    let lengths: [Int64] = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    return (1...lengths[Int(month - 1)]).contains(day)
  }

  /// Days from civil, after H. Hinnant's public-domain algorithm.
  var secondsAsIfUTC: Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    let days = era * 146_097 + doe - 719_468
    return days * 86_400 + hour * 3600 + minute * 60 + second
  }

  /// Days from 1970-01-01 to the date, whatever the time.
  var daysSinceEpoch: Int64 {
    let s = secondsAsIfUTC
    return s >= 0 ? s / 86_400 : (s - 86_399) / 86_400
  }

  init(secondsAsIfUTC s: Int64) {
    var days = s / 86_400
    var rest = s % 86_400
    if rest < 0 {
      rest += 86_400
      days -= 1
    }
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    self.init(year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d, hour: rest / 3600, minute: rest % 3600 / 60, second: rest % 60)
  }

  private func pad(_ n: Int64, _ width: Int = 2) -> String {
    let s = String(n)
    return String(repeating: "0", count: max(0, width - s.count)) + s
  }

  /// `2026-11-01T09:00` (seconds shown when not zero), the form the language reads.
  public var iso: String {
    "\(pad(year, 4))-\(pad(month))-\(pad(day))T\(pad(hour)):\(pad(minute))" + (second == 0 ? "" : ":\(pad(second))")
  }

  /// `2026-11-01 09:00:00`, the form of the log.
  public var logStamp: String { stamp(separator: " ") }

  /// `2026-11-01T09:00:00`, the form of JSON Lines.
  public var isoStamp: String { stamp(separator: "T") }

  private func stamp(separator: Character) -> String {
    // Every record starts with one: written digit by digit, without interpolation.
    guard (0...9999).contains(year), let middle = separator.asciiValue else {
      return "\(pad(year, 4))-\(pad(month))-\(pad(day))\(separator)\(pad(hour)):\(pad(minute)):\(pad(second))"
    }
    return String(unsafeUninitializedCapacity: 19) { buffer in
      fillStamp(buffer, separator: middle)
      return 19
    }
  }

  /// The stamp with `separator` (an ASCII byte) between the date and the time, for any year.
  public func stamp(separator: UInt8) -> String { stamp(separator: Character(Unicode.Scalar(separator))) }

  /// The length of a stamp whose year has four digits.
  public static let stampLength = 19

  /// Writes the stamp (`2026-11-01 09:00:00`, `separator` between the date and the time) as
  /// its `stampLength` bytes of UTF-8 at `bytes`, for renderers that write bytes. False, with
  /// nothing written, when the year does not have four digits (`stamp(separator:)`).
  public func writeStamp(separator: UInt8, to bytes: UnsafeMutableRawPointer) -> Bool {
    guard (0...9999).contains(year) else { return false }
    let buffer = bytes.bindMemory(to: UInt8.self, capacity: Self.stampLength)
    fillStamp(UnsafeMutableBufferPointer(start: buffer, count: Self.stampLength), separator: separator)
    return true
  }

  /// Writes the 19 bytes of a stamp with a year of four digits.
  private func fillStamp(_ buffer: UnsafeMutableBufferPointer<UInt8>, separator: UInt8) {
    func put(_ value: Int64, _ digits: Int, at offset: Int) {
      var rest = value
      for i in stride(from: offset + digits - 1, through: offset, by: -1) {
        buffer[i] = UInt8(truncatingIfNeeded: 48 + rest % 10)
        rest /= 10
      }
    }
    put(year, 4, at: 0)
    put(month, 2, at: 5)
    put(day, 2, at: 8)
    put(hour, 2, at: 11)
    put(minute, 2, at: 14)
    put(second, 2, at: 17)
    // Byte by byte: a list of (offset, byte) pairs was an array allocated for every stamp.
    buffer[4] = 45
    buffer[7] = 45
    buffer[10] = separator
    buffer[13] = 58
    buffer[16] = 58
  }

  /// `Nov 01 09:00`, the form of the shell's prompt.
  public var short: String {
    let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    return "\(names[Int(month - 1)]) \(pad(day)) \(pad(hour)):\(pad(minute))"
  }
}

/// One local calendar day: its date and the instants of its midnight and the next.
public struct LocalDay: Hashable, Sendable {
  public var date: CivilTime
  public var midnight: Instant
  public var next: Instant
}
