import Reports
import ScenarioLanguage
import Simulation
import Testing
import TipEngine

/// Usage lines on some days of the week and at a time of day: where the population's users
/// act, in the scenario's time zone.
@Suite struct UsageCalendarTests {
  /// The line of a one-line cohort as the parser reads it.
  func usage(_ line: String) throws -> Usage {
    let statements = try Parser(source: "screen home: a\nevent e\ncohort c 100%\n  \(line)\n").parse()
    guard case .cohort(let cohort) = statements.last?.action else {
      throw Diagnostic("no cohort", at: .init(line: 1, column: 1), length: 1)
    }
    return try #require(cohort.usage.first)
  }

  func civil(_ zone: SimTimeZone, _ start: Instant, _ offsets: [Double]) -> [CivilTime] {
    offsets.map { zone.civil(of: start + TimeSpan(seconds: Int64($0))) }
  }

  @Test func aWeekendLineHappensOnSaturdaysAndSundaysOnlyAtItsTimeOfDay() throws {
    let line = try usage("open home on weekends at 09:00 for 5m")
    #expect(line.days == .weekends && line.timeOfDay == 9 * 3600 && line.perDay == 1 && line.distribution == .fixed)
    let zone = try #require(SimTimeZone(identifier: "Europe/Paris"))
    // Monday 2 November, 08:00 local; four weeks.
    let start = zone.instant(of: CivilTime(year: 2026, month: 11, day: 2, hour: 8))
    let calendar = UsageCalendar(start: start, span: .days(28), timeZone: zone, cohorts: [Cohort(name: "c", share: 1, usage: [line])])
    var rng = SplitMix64(seed: 7)
    let times = civil(zone, start, calendar.occurrences(of: line, until: 28 * 86_400, rng: &rng))
    #expect(times.count == 8)
    #expect(times.allSatisfy { ($0.weekday == 6 || $0.weekday == 0) && $0.hour == 9 && $0.minute == 0 })
    #expect(times.map(\.day) == [7, 8, 14, 15, 21, 22, 28, 29])
  }

  @Test func aWeeklyRateIsSpreadOverItsDays() throws {
    let line = try usage("donate e 2 per week on sat,sun fixed at 09:01")
    #expect(line.perDay == 1 && line.days == .weekends)
    let three = try usage("open home 3 per week on mon,wed,friday poisson")
    #expect(three.perDay == 1 && three.days.words == "Mon, Wed and Fri" && three.distribution == .poisson)
  }

  @Test func withoutATimeOfDayTheLineRunsOnItsDaysAndAtAnyTime() throws {
    let line = try usage("open home 4 per day on weekdays poisson for 2m")
    let zone = SimTimeZone.utc
    let start = zone.instant(of: CivilTime(year: 2026, month: 11, day: 2, hour: 8))
    let calendar = UsageCalendar(start: start, span: .days(28), timeZone: zone, cohorts: [])
    var rng = SplitMix64(seed: 1)
    let times = civil(zone, start, calendar.occurrences(of: line, until: 28 * 86_400, rng: &rng))
    #expect(times.allSatisfy { (1...5).contains($0.weekday) })
    #expect(Set(times.map(\.hour)).count > 6, "spread over the day")
    // 20 weekdays, less the first morning: about 78 visits.
    #expect((50...110).contains(times.count), "\(times.count)")
  }

  @Test func anEveryDayLineIsTheSameProcessAsBefore() throws {
    let line = try usage("open home 2 per day fixed")
    let calendar = UsageCalendar(start: Instant(seconds: 0), span: .days(3), timeZone: .utc, cohorts: [])
    var rng = SplitMix64(seed: 3)
    let times = calendar.occurrences(of: line, until: 3 * 86_400, rng: &rng)
    var again = SplitMix64(seed: 3)
    let phase = again.nextDouble() / (2.0 / 86_400)
    #expect(times == Array((0..<6).reduce(into: [phase]) { t, _ in t.append(t.last! + 1 / (2.0 / 86_400)) }.dropLast()))
  }

  @Test(arguments: [
    ("open home on moon", "'moon' is not a day of the week (mon … sun), weekends or weekdays", 16),
    ("open home at 25:00", "malformed time of day: write 08:00 or 08:00:30", 16),
    ("open home at noon", "expected a time of day such as 08:00 after `at`", 16),
    // What a product manager writes first: a 12-hour clock, a day name in the singular.
    ("open home at 4pm", "a time of day is written on a 24-hour clock: 16:00, not 4pm", 16),
    ("open home at 4:30 pm", "a time of day is written on a 24-hour clock: 16:30, not 4:30 pm", 21),
    ("open home at 12am", "a time of day is written on a 24-hour clock: 00:00, not 12am", 16),
    ("open home on weekend", "'weekend' is not a day of the week (mon … sun), weekends or weekdays: did you mean `weekends`?", 16),
    ("open home fixed on weekends poisson", "the usage line already has its distribution", 31),
    ("donate e 1 per day for 2m", "only `open` takes `for DURATION`", 22),
    ("open home 86401 per day", "a usage line happens at most once a second: 86400 per day, 604800 per week", 13),
    ("open home 99999999999999999999999.5 per week", "a usage line happens at most once a second: 86400 per day, 604800 per week", 13),
    (
      "open home 1 per day sometimes",
      "unexpected 'sometimes' in the usage line: after the rate come `on DAYS`, fixed|poisson|heavytail, `at HH:MM`, `for DURATION`", 23
    ),
  ])
  func aMalformedScheduleIsAnErrorAtItsWord(line: String, message: String, column: Int) {
    #expect(throws: Diagnostic.self) { try usage(line) }
    do {
      _ = try usage(line)
    } catch let d as Diagnostic {
      #expect(d.message == message)
      #expect(d.location.line == 4 && d.location.column == column, "\(d.location)")
    } catch {}
  }
}
