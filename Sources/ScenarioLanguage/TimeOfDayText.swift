/// What a time of day written on a 12-hour clock (`4pm`, `4:30 pm`) is in the language.
enum TimeOfDayText {
  static func twelveHour(hour: Int, minute: Int, _ unit: String) -> String {
    let pm = unit.lowercased() == "pm"
    let written = "\(hour)" + (minute == 0 ? "" : ":" + pad(minute)) + (minute == 0 ? unit : " " + unit)
    guard (1...12).contains(hour) else { return "a time of day is written on a 24-hour clock, as 16:00 (not '\(written)')" }
    let hours = hour % 12 + (pm ? 12 : 0)
    return "a time of day is written on a 24-hour clock: \(pad(hours)):\(pad(minute)), not \(written)"
  }

  private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
