import Runner
import ScenarioLanguage
import Simulation
import Testing
import TipEngine

/// `day N HH:MM`: instants counted in days from the start's date (day 1), in the scenario's
/// time zone, wherever an instant is written but `start`.
@Suite struct DayInstantTests {
  /// The world after `source`'s statements, each resolved as a run resolves it.
  func world(after source: String) throws -> World {
    var world = World()
    for statement in try Parser(source: source).parse() {
      if case .command(let command) = try Resolver.resolve(statement, in: world) { _ = try world.apply(command) }
    }
    return world
  }

  func instant(_ text: String, in zone: SimTimeZone = .utc) -> Instant {
    let fields = text.split { $0 == "-" || $0 == "T" || $0 == ":" }.map { Int64($0)! }
    return zone.instant(of: CivilTime(year: fields[0], month: fields[1], day: fields[2], hour: fields[3], minute: fields[4]))
  }

  @Test func dayOneIsTheStartsDateAndADayWithoutATimeIsItsMidnight() throws {
    let source = "start 2026-11-02T08:00\n"
    #expect(try world(after: source + "advance to day 4 08:00").clock == instant("2026-11-05T08:00"))
    #expect(try world(after: source + "advance to day 1 21:30").clock == instant("2026-11-02T21:30"))
    #expect(try world(after: source + "advance to day 3").clock == instant("2026-11-04T00:00"))
    #expect(try world(after: source + "advance to day 2 08:00:30").clock.seconds == instant("2026-11-03T08:00").seconds + 30)
    // Across a month's end, and from the default start (2026-01-01T09:00).
    #expect(try world(after: "start 2026-01-30T10:00\nadvance to day 5 07:00").clock == instant("2026-02-03T07:00"))
    #expect(try world(after: "advance to day 2 09:00").clock == instant("2026-01-02T09:00"))
  }

  @Test func daysAreLocalDatesInTheScenariosTimeZone() throws {
    // Tokyo is UTC+9: the start's local date is 2026-11-03, so day 2 is 2026-11-04 local.
    let tokyo = try #require(SimTimeZone(identifier: "Asia/Tokyo"))
    let world = try world(after: "timezone Asia/Tokyo\nstart 2026-11-03T01:00\nadvance to day 2 08:00")
    #expect(world.clock == instant("2026-11-04T08:00", in: tokyo))
    #expect(world.day(of: world.clock) == 2)
    #expect(world.day(of: world.start) == 1)
    // Across a daylight-saving change a day is still a date: 08:00 local on both sides.
    let paris = try #require(SimTimeZone(identifier: "Europe/Paris"))
    let autumn = try self.world(after: "timezone Europe/Paris\nstart 2026-10-24T08:00\nadvance to day 3 08:00")
    #expect(autumn.clock == instant("2026-10-26T08:00", in: paris))
    #expect(autumn.day(of: autumn.clock) == 3)
  }

  @Test func expectationsAndTimelinesTakeDays() throws {
    let story = """
      start 2026-11-02T08:00
      screen home: button
      tip a
        anchor home.button
      launch
      repeat 3 every 1d: open home; close home
      expect first display a at day 1 08:00
      expect displays a 2 between day 2 00:00 and day 3 23:59
      expect displays a 1 between 2026-11-02T00:00 and day 1 23:59
      expect next a at day 4 08:00
      timeline from day 1 to day 3
      """
    let run = ScenarioRunner.run(source: story)
    #expect(run.exitCode == 0 && run.expectationsChecked == 4, "\(run.transcript)")
    let timeline = try #require(try Parser(source: "timeline from day 1 to day 3").parse().first)
    let world = try world(after: "start 2026-11-02T08:00")
    guard case .timeline(let request) = try Resolver.resolve(timeline, in: world) else {
      Issue.record("not a timeline")
      return
    }
    #expect(request.from == instant("2026-11-02T00:00") && request.to == instant("2026-11-04T00:00"))
  }

  @Test(arguments: [
    ("advance to day 0 08:00", "day 0 is out of range: day 1 is the start's date", 16, 1),
    ("advance to day 4 8", "malformed time of day: write 08:00 or 08:00:30", 18, 1),
    ("advance to day 4 24:00", "malformed time of day: write 08:00 or 08:00:30", 18, 5),
    ("advance to day 4 08:7", "malformed time of day: write 08:00 or 08:00:30", 18, 4),
    ("advance to day 4 08:00:00:00", "unexpected ':' after the instant", 26, 1),
    ("advance to day four", "expected a day number (day 1 is the start's date), found 'four'", 16, 4),
    ("advance to tomorrow", "expected an instant such as 2026-11-01T09:00, 2026-11-01 or day 3 08:00, found 'tomorrow'", 12, 8),
    ("start day 2", "expected an instant such as 2026-11-01T09:00 or 2026-11-01, found 'day'", 7, 3),
    ("expect first display a at day 2 08:00 please", "unexpected 'please' after the expectation", 39, 6),
  ])
  func badDaysAreErrorsAtTheirColumn(line: String, message: String, column: Int, length: Int) throws {
    let source = "screen home: button\ntip a\n  anchor home.button\n" + line
    do {
      _ = try world(after: source)
      Issue.record("no error for \(line)")
    } catch let d as Diagnostic {
      #expect(d.message == message, "\(line)")
      #expect(d.location == SourceLocation(line: 4, column: column), "\(line)")
      #expect(d.length == length, "\(line)")
    }
  }

  @Test func aDayInThePastIsRefusedAsAnyInstantIs() throws {
    #expect(throws: SimulationError.self) { try world(after: "start 2026-11-02T08:00\nadvance 3d\nadvance to day 2 08:00") }
  }
}
