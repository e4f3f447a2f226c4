import Foundation
import Simulation
import TipEngine

/// When a user does what a usage line says: the line's process (evenly spaced or Poisson) runs
/// on the time of the days it happens on only, and with a time of day each occurrence moves to
/// that time on its day. Offsets are seconds from the population's start.
public struct UsageCalendar: Sendable {
  /// The local days of the population's span.
  var days: [LocalDay]
  var start: Instant
  /// A time of day → its instant on each of `days` (daylight saving moves it), as an offset.
  var timesOfDay: [Int: [Double]]

  public init(start: Instant, span: TimeSpan, timeZone: SimTimeZone, cohorts: [Cohort]) {
    self.start = start
    days = timeZone.days(from: start, to: start + span)
    let times = Set(cohorts.flatMap(\.usage).compactMap(\.timeOfDay))
    var timesOfDay: [Int: [Double]] = [:]
    for seconds in times {
      timesOfDay[seconds] = days.map { day in
        var civil = day.date
        (civil.hour, civil.minute, civil.second) = (Int64(seconds / 3600), Int64(seconds % 3600 / 60), Int64(seconds % 60))
        return Double((timeZone.instant(of: civil) - start).seconds)
      }
    }
    self.timesOfDay = timesOfDay
  }

  /// The line's occurrences before `end`, in order.
  public func occurrences(of usage: Usage, until end: Double, rng: inout SplitMix64) -> [Double] {
    guard usage.perDay > 0 else { return [] }
    var rate = usage.perDay / 86_400
    if usage.distribution == .heavytail {
      // Pareto(α = 1.5) scaled to mean 1: x_m = (α − 1) / α.
      let factor = (1.0 / 3.0) / pow(max(rng.nextDouble(), 1e-12), 1 / 1.5)
      rate *= min(factor, 20)
    }
    // The stretches of time the line runs on, laid end to end: (from, length, a day's time).
    var stretches: [(from: Double, length: Double, at: Double?)] = []
    if usage.days == .every && usage.timeOfDay == nil {
      stretches = [(0, end, nil)]
    } else {
      for (index, day) in days.enumerated() where usage.days.contains(day: day.date.weekday) {
        let from = Double((day.midnight - start).seconds)
        let to = Double((day.next - start).seconds)
        if let seconds = usage.timeOfDay {
          // A whole day each, so every day has the same chance; the time itself may be outside the span.
          stretches.append((from, to - from, timesOfDay[seconds]?[index]))
        } else if min(to, end) > max(from, 0) {
          stretches.append((max(from, 0), min(to, end) - max(from, 0), nil))
        }
      }
    }
    let total = stretches.reduce(0) { $0 + $1.length }
    var t: Double
    switch usage.distribution {
    case .fixed: t = rng.nextDouble() / rate
    case .poisson, .heavytail: t = -log(max(1 - rng.nextDouble(), 1e-12)) / rate
    }
    var out: [Double] = []
    var stretch = 0
    var passed = 0.0
    while t < total && out.count < 100_000 {
      while t >= passed + stretches[stretch].length {
        passed += stretches[stretch].length
        stretch += 1
      }
      let at = stretches[stretch].at ?? stretches[stretch].from + (t - passed)
      if usage.timeOfDay == nil || (at >= 0 && at < end) { out.append(at) }
      t += usage.distribution == .fixed ? 1 / rate : -log(max(1 - rng.nextDouble(), 1e-12)) / rate
    }
    return out
  }
}
