import ArgumentParser
import Foundation
import HostOS
import Renderers
import Reports
import Runner
import Shell
import Simulation
import Terminal
import TipEngine
import Tooling

/// `tipsim bench`: each measurement generates its input (deterministically), runs it, and
/// prints wall-clock figures. Timing lives here, at the edge; the core never reads a clock.
struct Benchmarks {
  var lines: Int
  var quick: Bool

  func time<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let start = DispatchTime.now().uptimeNanoseconds
    let result = try body()
    return (result, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
  }

  /// The median wall time of `runs` runs of `body`, with the last run's result: a single run
  /// reads slow when the host is busy.
  func medianTime<T>(of runs: Int, _ body: () throws -> T) rethrows -> (T, Double) {
    var samples: [Double] = []
    var last: T?
    for _ in 0..<runs {
      let (result, seconds) = try time(body)
      samples.append(seconds)
      last = result
    }
    return (last!, median(samples))
  }

  func row(_ name: String, _ figure: String, _ target: String) {
    Console.out(
      name.padding(toLength: 40, withPad: " ", startingAt: 0) + figure.padding(toLength: 40, withPad: " ", startingAt: 0) + target + "\n")
  }

  func run() throws {
    Console.out("tipsim bench — \(ProcessInfo.processInfo.activeProcessorCount) cores, \(Allocator.description)\n")
    row("measurement", "result", "target")
    // First, while this process is small (spawning from a large one costs more).
    if let startup = startupSeconds() {
      row("start-up to exit (median of 21)", String(format: "%.1f ms", startup * 1000), "prompt < 50 ms")
    }
    // Memory for a million donations.
    var big = TipEngine()
    big.catalog.define(EventDefinition(id: "e", limit: DonationLimit(maximumCount: 1_000_000)))
    big.configure(at: Instant(seconds: 0))
    let before = HostOS.residentBytes()
    for i in 0..<1_000_000 { _ = try? big.donate("e", at: Instant(seconds: Int64(i))) }
    if let before, let after = HostOS.residentBytes() {
      row("memory for 10^6 donations", String(format: "%.0f MB resident growth", Double(max(0, after - before)) / 1e6), "< 200 MB")
    } else {
      row("memory for 10^6 donations", "not measured on this system", "< 200 MB")
    }
    withExtendedLifetime(big) {}
    // Replay speed, against awk reading the same file.
    let source = BenchmarkInputs.replayScenario(lines: lines)
    let count = source.split(separator: "\n").count
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tipsim-bench-\(ProcessInfo.processInfo.processIdentifier).scenario"
    ).path
    try source.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    // As `tipsim run` replays: the log is rendered and handed out line by line (here
    // counted, not written), and no transcript or log is kept.
    func replay(_ source: String, format: OutputFormat = .text(.plain)) -> RunReport {
      var bytes = 0
      let report = ScenarioRunner.run(
        source: source, file: path, options: RunOptions(format: format, keepsLog: false), bytesOut: { bytes += $0.count })
      precondition(bytes > 0 || report.exitCode == 2)
      return report
    }
    let (report, seconds) = medianTime(of: 3) { replay(source) }
    guard report.exitCode != 2 else {
      Console.err(report.errors)
      throw ExitCode(2)
    }
    row(
      "replay \(count) lines (text, median of 3)", String(format: "%.3f s · %.0f lines/s", seconds, Double(count) / seconds),
      "≥ 1,000,000 lines/s")
    let (_, quiet) = medianTime(of: 3) { replay(source, format: .json) }
    row("replay \(count) lines (JSON, median of 3)", String(format: "%.3f s · %.0f lines/s", quiet, Double(count) / quiet), "")
    // Process against process: `tipsim run FILE` as a user runs it (start-up, reading the
    // file and writing the log included), and awk splitting the same file into fields.
    if let executable = ownExecutable(), let command = medianSpawnSeconds([executable, "run", path], runs: 5) {
      row(
        "tipsim run on that file (median of 5)", String(format: "%.3f s · %.0f lines/s", command, Double(count) / command),
        "≥ 1,000,000 lines/s")
      if let awk = awkPath(), let awkSeconds = medianSpawnSeconds([awk, "{ n += NF } END { print n }", path], runs: 5) {
        row(
          "awk on that file (median of 5)", String(format: "%.3f s (tipsim run %.1f× awk)", awkSeconds, command / max(awkSeconds, 1e-9)),
          "within 5× of awk")
      }
    }
    let half = BenchmarkInputs.replayScenario(lines: lines / 2)
    let (_, halfSeconds) = medianTime(of: 3) { replay(half) }
    row(
      "linearity: \(lines / 2) vs \(lines) lines",
      String(format: "%.3f s vs %.3f s (ratio %.2f)", halfSeconds, seconds, seconds / max(halfSeconds, 1e-9)), "≈ 2.0")
    // Ten simulated years with screens open.
    let (years, yearsSeconds) = time { ScenarioRunner.run(source: BenchmarkInputs.longAdvance(years: 10), file: "years") }
    row("10 simulated years, screens open", String(format: "%.4f s · %d log records", yearsSeconds, years.session.records.count), "< 0.2 s")
    // Population.
    for users in quick ? [500] : [10_000, 100_000] {
      let popSeconds = try population(users: users, days: 90)
      row("population \(users) users × 90 days", String(format: "%.2f s", popSeconds), users == 100_000 ? "< 10 s" : "")
    }
    // Plans: about a hundred options, every one run; then a million, searched within the budget.
    let planUsers = quick ? 500 : 10_000
    let grid = ["frequency hourly, weekly", "planWeekTip.rule recipeSaved.count >= 1...4", "sharePlanTip.maxDisplayCount 2...5, none"]
    let (small, smallSeconds) = try time { try plan(users: planUsers, tunes: grid) }
    row(
      "plan, \(small.searched) options, \(planUsers) users × 28d",
      String(format: "%.1f s (%.2f s per option)", smallSeconds, smallSeconds / Double(max(1, small.searched + 1))),
      planUsers == 10_000 ? "< 60 s" : "")
    if !quick {
      // Six tunes of nine values: each at today's setting or one of nine, 10^6 options.
      let wide = [
        "planWeekTip.rule recipeSaved.count >= 1...9", "shoppingListTip.rule planMade.count >= 1...9",
        "timerTip.rule recipeSaved.count >= 1...9",
        "sharePlanTip.maxDisplayCount 1...9", "timerTip.maxDisplayCount 1...9", "saveRecipeTip.maxDisplayCount 1...9",
      ]
      let (big, bigSeconds) = try time { try plan(users: planUsers, tunes: wide) }
      row(
        "plan, 10^6 options: \(big.searched) run of \(big.budget)",
        String(format: "%.1f s (%.2f s per option)", bigSeconds, bigSeconds / Double(max(1, big.searched + 1))), "within the budget")
    }
    // Rule evaluation against history length.
    for exponent in quick ? [3, 4] : [3, 4, 5, 6] {
      let n = Int(pow(10, Double(exponent)))
      var engine = TipEngine()
      engine.catalog.define(EventDefinition(id: "e", fields: ["kind"], limit: DonationLimit(maximumCount: n)))
      let rule = Expression.comparison(.aggregate(EventAggregate(event: "e", within: .days(1))), .greaterOrEqual, .literal(.int(3)))
      engine.catalog.define(TipDefinition(name: "t", title: "T", rules: [rule]))
      engine.configure(at: Instant(seconds: 0))
      for i in 0..<n { _ = try? engine.donate("e", fields: ["kind": .int(i % 3)], at: Instant(seconds: Int64(i))) }
      let now = Instant(seconds: Int64(n))
      let evaluations = 100_000
      let (_, s) = time {
        var holds = 0
        for _ in 0..<evaluations where engine.status(of: "t", at: now) == .available { holds += 1 }
        return holds
      }
      row(
        "rule evaluation, 10^\(exponent) donations", String(format: "%.2f µs per evaluation", s / Double(evaluations) * 1e6),
        "flat from 10^3 to 10^6")
    }
    // The Swift importer: its own executable (it links swift-syntax), run for its rows.
    let files = quick ? "100" : "1000"
    let importRows = ImporterExecutable.capture(["--bench", "--files", files])
    if importRows.status == 0 {
      Console.out(importRows.output)
    } else {
      row("import: \(ImporterExecutable.name) not measured", importRows.errors.split(separator: "\n").first.map(String.init) ?? "", "")
    }
  }

  /// Population: users × days, every core.
  func population(users: Int, days: Int) throws -> Double {
    let report = ScenarioRunner.run(source: BenchmarkInputs.populationScenario, file: "population")
    let base = try Population.baseWorld(of: report.session).get()
    let population = Population(base: base, cohorts: report.session.cohorts, users: users, span: .days(Int64(days)), seed: 1)
    let (_, seconds) = time { population.runBlocking() }
    return seconds
  }

  /// A plan of the benchmark's meal-planning app with `tunes`, at the default budget.
  func plan(users: Int, tunes: [String]) throws -> PlanResult {
    let report = ScenarioRunner.run(source: BenchmarkInputs.planScenario(users: users, tunes: tunes), file: "plan")
    guard report.exitCode == 0 else { throw ValidationError("the plan benchmark's scenario does not run: \(report.errors)") }
    return try Planner(session: report.session).run()
  }

  /// Start-up: the binary started on an empty script, to exit.
  /// The median of 21 runs of `tipsim --empty` on empty input: start, read end of input, exit.
  /// Without a terminal there is no prompt; this bounds the time to it from above.
  func startupSeconds() -> Double? {
    guard let executable = ownExecutable() else { return nil }
    return medianSpawnSeconds([executable, "--empty"], runs: 21)
  }

  /// awk, as the shell finds it on Debian.
  func awkPath() -> String? {
    ["/usr/bin/awk", "/bin/awk"].first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// This binary's path, to run it as a user would.
  func ownExecutable() -> String? { HostOS.executablePath() }

  /// The median wall time of `runs` runs of a program (the first argument, a path), with
  /// standard input and output on `/dev/null`, or nil when one fails.
  func medianSpawnSeconds(_ arguments: [String], runs: Int) -> Double? {
    let process = SilentProcess(arguments)
    var samples: [Double] = []
    for _ in 0..<runs {
      let (succeeded, s) = time { process.run() }
      guard succeeded else { return nil }
      samples.append(s)
    }
    return median(samples)
  }

  /// The middle one of `samples` (the upper middle of an even count).
  func median(_ samples: [Double]) -> Double { samples.sorted()[samples.count / 2] }
}
