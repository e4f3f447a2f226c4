import TipEngine

/// Days as a person counts them in a story: day 1 is the start's date, in the world's time zone.
extension World {
  /// The day of `instant`: 1 on the start's date, 0 the day before.
  public func day(of instant: Instant) -> Int { timeZone.day(of: instant, since: start) }

  /// The instant `seconds` after the local midnight that begins day `n`.
  public func instant(day n: Int, at seconds: Int) -> Instant {
    let midnight = timeZone.civil(of: start).daysSinceEpoch + Int64(n - 1)
    return timeZone.instant(of: CivilTime(secondsAsIfUTC: midnight * 86_400 + Int64(seconds)))
  }
}
