import ArgumentParser
import Foundation
import Shell
import Simulation
import TipEngine
import TipSimKit

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

  func row(_ name: String, _ figure: String, _ target: String) {
    Console.out(
      name.padding(toLength: 46, withPad: " ", startingAt: 0) + figure.padding(toLength: 30, withPad: " ", startingAt: 0) + target + "\n")
  }

  func run() throws {
    Console.out("tipsim bench — \(ProcessInfo.processInfo.activeProcessorCount) cores\n")
    row("measurement", "result", "target")
    // Replay speed, against awk reading the same file.
    let source = BenchmarkInputs.replayScenario(lines: lines)
    let count = source.split(separator: "\n").count
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-bench-\(getpid()).scenario").path
    try source.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let (report, seconds) = time { ScenarioRunner.run(source: source, file: path) }
    guard report.exitCode != 2 else {
      Console.err(report.errors)
      throw ExitCode(2)
    }
    row(
      "replay \(count) lines (text log)", String(format: "%.3f s · %.0f lines/s", seconds, Double(count) / seconds), "≥ 1,000,000 lines/s")
    let (_, quiet) = time { ScenarioRunner.run(source: source, file: path, format: .json) }
    row("replay \(count) lines (JSON log)", String(format: "%.3f s · %.0f lines/s", quiet, Double(count) / quiet), "")
    if let awk = awkSeconds(path) {
      row("awk reading the same file", String(format: "%.3f s (TipSim %.1f× awk)", awk, seconds / max(awk, 1e-9)), "within 5× of awk")
    }
    let half = BenchmarkInputs.replayScenario(lines: lines / 2)
    let (_, halfSeconds) = time { ScenarioRunner.run(source: half, file: path) }
    row(
      "linearity: \(lines / 2) vs \(lines) lines",
      String(format: "%.3f s vs %.3f s (ratio %.2f)", halfSeconds, seconds, seconds / max(halfSeconds, 1e-9)), "≈ 2.0")
    // Ten simulated years with screens open.
    let (years, yearsSeconds) = time { ScenarioRunner.run(source: BenchmarkInputs.longAdvance(years: 10), file: "years") }
    row("10 simulated years, screens open", String(format: "%.4f s · %d log records", yearsSeconds, years.session.records.count), "< 0.2 s")
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
  }

  func awkSeconds(_ path: String) -> Double? {
    guard let awk = ["/usr/bin/awk", "/bin/awk"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: awk)
    process.arguments = ["{ n += NF } END { print n }", path]
    process.standardOutput = FileHandle.nullDevice
    let (_, s) = time { () -> Void in
      try? process.run()
      process.waitUntilExit()
    }
    return s
  }
}
