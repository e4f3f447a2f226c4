import Reports
import Runner
import ScenarioLanguage
import Simulation
import TipEngine

/// Many users instead of one: the default population (the typical user's day with its times
/// drawn at random: a launch a day, each screen with a tip opened for a minute about once a
/// day) for tips per user per week, or the cohorts of `--cohorts FILE` for everything the
/// typical user answers.
struct UsagePopulation {
  let base: World
  let cohorts: [Cohort]
  let days: Int
  let users: Int

  /// The most user-screen-days simulated: a large app gets fewer users (BENCHMARKS.md).
  static let budget = 600_000

  init(base: World, cohorts: [Cohort]?, typical: TypicalUser, users most: Int) {
    self.base = base
    days = typical.days
    self.cohorts = cohorts ?? [Self.defaultCohort(typical)]
    users = max(min(most, 20), min(most, Self.budget / max(1, typical.screens.count * days)))
  }

  /// The typical user's day with its times drawn at random: a launch, each screen with a tip
  /// opened for a minute, and each control its tips point at tapped, about once a day.
  static func defaultCohort(_ typical: TypicalUser) -> Cohort {
    let relaunch = Usage(action: .relaunch, perDay: 1, distribution: .fixed)
    let visits = typical.screens.map { Usage(action: .open($0, for: .minutes(1)), perDay: 1, distribution: .poisson) }
    let taps = typical.screens.flatMap { typical.taps[$0] ?? [] }.compactMap { line -> Usage? in
      guard let statement = WitnessSearch.statement(line), case .command(.perform(let action, let inputs)) = statement.action else {
        return nil
      }
      return Usage(action: .perform(action, inputs: inputs), perDay: 1, distribution: .poisson)
    }
    return Cohort(name: "typical", share: 1, usage: [relaunch] + visits + taps)
  }

  func run() -> [Population.UserOutcome] {
    Population(base: base, cohorts: cohorts, users: users, span: .days(Int64(days)), seed: 1).runBlocking()
  }

  /// Tip displays per user per week: the median and the 95th percentile.
  static func perWeek(_ outcomes: [Population.UserOutcome], days: Int) -> AuditReport.PerWeek {
    let weeks = Self.weeks(days)
    let rates = outcomes.map { Double($0.displays.reduce(0, +)) / weeks }.sorted()
    func percentile(_ p: Double) -> Double {
      guard !rates.isEmpty else { return 0 }
      return rates[min(rates.count - 1, Int((p * Double(rates.count - 1)).rounded()))]
    }
    return AuditReport.PerWeek(
      users: outcomes.count, p50: (percentile(0.5) * 10).rounded() / 10, p95: (percentile(0.95) * 10).rounded() / 10)
  }

  /// The weeks `days` make, at least one: what displays are divided by.
  static func weeks(_ days: Int) -> Double { max(Double(days) / 7, 1) }

  /// Each tip's median first display among the users who see it, and its median displays.
  static func medians(_ outcomes: [Population.UserOutcome], tip: Int) -> (first: Int64?, displays: Int) {
    let firsts = outcomes.map { $0.firstDisplay[tip] }.filter { $0 >= 0 }.sorted()
    let displays = outcomes.map { $0.displays[tip] }.sorted()
    return (firsts.isEmpty ? nil : firsts[firsts.count / 2], displays.isEmpty ? 0 : displays[displays.count / 2])
  }
}

extension Auditor {
  /// The cohorts of a scenario file (`cohort` blocks; its other statements are ignored).
  public static func cohorts(in path: String) -> Result<[Cohort], Problem> {
    read(path).flatMap { parse($0, path: path, includes: .files(relativeTo: path)) }.flatMap { statements in
      let cohorts = statements.compactMap { statement -> Cohort? in if case .cohort(let cohort) = statement.action { cohort } else { nil } }
      return cohorts.isEmpty ? .failure(Problem(message: "\(path):1:1: error: no cohort block in the file")) : .success(cohorts)
    }
  }
}
