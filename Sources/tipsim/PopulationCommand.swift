import ArgumentParser
import Foundation
import Reports
import Runner
import Simulation
import Terminal

struct PopulationCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "population",
    abstract: "Simulate many users of a scenario's tips under its cohorts (usage model).",
    discussion: "The scenario's definitions and `cohort` blocks are used; its actions are not. Same seed, same numbers.")

  @Argument(help: "A scenario file with definitions and cohorts.") var file: String
  @Option(help: "How many simulated users.") var users = 10_000
  @Option(help: "How many days each user is simulated.") var days = 30
  @Option(help: "The random seed.") var seed: UInt64 = 1
  @Flag(help: "Print the report as one JSON object.") var json = false
  @Option(name: .customLong("at-day"), help: "The days the reach columns read, e.g. 7,14 (default: 1, 7, 30 and the last).")
  var atDay: String?
  @Option(help: "Also write reach over time as an SVG chart.") var svg: String?
  @Option(
    help:
      "Run the users with a change made to the definitions, as `whatif` writes it (\"frequency weekly\"); several at once separated by ';', as `plan` prints an option."
  )
  var whatif: String?

  func run() throws {
    Console.ignoreBrokenPipe()
    guard users > 0, days > 0, days <= 3650 else { throw ValidationError("--users must be positive and --days between 1 and 3650") }
    let atDays = try atDay.map(ReportCommand.days) ?? []
    if let late = atDays.first(where: { $0 > days }) { throw ValidationError("--at-day \(late) is after the last day (--days \(days))") }
    let report = try replayQuietly(file)
    guard !report.session.cohorts.isEmpty else { throw ValidationError("\(file) defines no `cohort`: population needs a usage model") }
    let changes = try whatif.map(ReportCommand.changes) ?? []
    for change in changes {
      if let mismatch = WhatIf(change: change, session: report.session, width: 100).mismatch() {
        Console.err("\(file): error: --whatif \(change): \(mismatch)\n")
        throw ExitCode(2)
      }
    }
    let base: World
    switch Population.baseWorld(of: report.session, with: changes) {
    case .success(let world): base = world
    case .failure(let d):
      Console.err("\(file): error: \(d.message)\n")
      throw ExitCode(2)
    }
    let population = Population(base: base, cohorts: report.session.cohorts, users: users, span: .days(Int64(days)), seed: seed)
    let total = users
    var progress: (@Sendable (Int) -> Void)?
    if Console.isTerminal(2) { progress = { done in Console.progress(done, of: total) } }
    let outcomes = population.runBlocking(progress: progress)
    let result = PopulationReport(population: population, outcomes: outcomes)
    Console.out((json ? result.json() : result.text(atDays: atDays)) + "\n")
    if let svg {
      try result.svg().write(toFile: svg, atomically: true, encoding: .utf8)
      if !json { Console.out("wrote \(svg)\n") }
    }
  }
}
