import ScenarioLanguage
import Sessions
import Simulation
import TipEngine

/// `plan`: the session's population (its last `population` line, as `report` runs it) under
/// today's settings and under the options the `tune` lines allow — the same users, the same
/// draws — scored against the `target` lines.
public struct Planner {
  public let session: Session
  public let users: Int
  public let span: TimeSpan
  public let seed: UInt64
  /// At most this many options are simulated, today's settings included.
  public let budget: Int
  /// Hears how many options are done, of how many the search may run.
  public var progress: (@Sendable (Int, Int) -> Void)?
  public static let defaultBudget = 200

  let measures: [PlanMeasure]

  public init(session: Session, budget: Int = Planner.defaultBudget) throws(PlanError) {
    self.session = session
    let asked = session.populationAsked ?? StoryReport.defaultPopulation
    users = session.isSandboxed ? min(asked.users, Session.sandboxUsers) : asked.users
    span = asked.span
    seed = asked.seed
    // A fuzzer's input must finish quickly: a sandboxed session runs a few options.
    self.budget = session.isSandboxed ? min(max(1, budget), 6) : max(1, budget)
    guard !session.cohorts.isEmpty else { throw PlanError("a plan needs a usage model: define at least one `cohort`") }
    guard !session.targets.isEmpty else {
      throw PlanError("a plan needs targets: add `target` lines, e.g. target welcomeTip reach >= 80% by day 14")
    }
    let tips = session.world.engine.catalog.tips.map(\.name)
    let cohorts = session.cohorts.map(\.name)
    var measures: [PlanMeasure] = []
    for target in session.targets { measures.append(try PlanMeasure(target, tips: tips, cohorts: cohorts, spanSeconds: span.seconds)) }
    self.measures = measures
    for tune in session.tunes {
      for change in tune.alternatives {
        if let mismatch = WhatIf(change: change, session: session, width: 100).mismatch() {
          throw PlanError("tune \(tune.setting): \(mismatch)")
        }
      }
    }
  }

  /// The changes an option makes, in the tunes' order.
  func changes(_ option: PlanSearch.Option) -> [WhatIfChange] {
    zip(session.tunes, option).compactMap { tune, choice in choice >= 0 ? tune.alternatives[choice] : nil }
  }

  /// The definitions with `changes` made: two options that leave the same definitions (a
  /// tune's value that is today's) are the same users' same figures.
  func definitions(_ changes: [WhatIfChange]) -> [Statement] {
    WhatIf.changed(session, with: changes).filter(\.isDefinition)
  }

  /// The users of the session's cohorts, from the definitions with `changes` made.
  func population(_ changes: [WhatIfChange], seed: UInt64) throws(PlanError) -> Population {
    try population(definitions: definitions(changes), seed: seed, changes: changes)
  }

  private func population(definitions: [Statement], seed: UInt64, changes: [WhatIfChange]) throws(PlanError) -> Population {
    switch Session.replay(definitions) {
    case .failure(let d):
      throw PlanError("with \(changes.map(\.description).joined(separator: "; ")) the definitions no longer run: \(d.message)")
    case .success(let changed):
      return Population(base: changed.world, cohorts: session.cohorts, users: users, span: span, seed: seed)
    }
  }

  /// Each target's figure for `outcomes`.
  func readings(_ outcomes: [Population.UserOutcome]) -> [PlanMeasure.Reading] { measures.map { $0.reading(outcomes) } }

  func score(_ readings: [PlanMeasure.Reading]) -> PlanSearch.Score {
    var score = PlanSearch.Score(met: 0, shortfall: 0)
    for (measure, reading) in zip(measures, readings) {
      if measure.target.isMet(by: reading.value) {
        score.met += 1
      } else {
        score.shortfall += shortfall(measure.target, reading.value)
      }
    }
    return score
  }

  /// How far `value` is from the bound, as a share of it (a never-seen first display counts
  /// as the day after the run).
  func shortfall(_ target: PlanTarget, _ value: Double) -> Double {
    let days = Double((span.seconds + 86_399) / 86_400)
    let v = value.isFinite ? value : days + 1
    return abs(v - target.bound) / max(abs(target.bound), target.measure == .reach ? 0.01 : 1)
  }

  /// Runs the search and reads what it found.
  public func run() throws(PlanError) -> PlanResult {
    let search = PlanSearch(sizes: session.tunes.map(\.alternatives.count), budget: budget)
    let planned = Int(min(search.total, Double(budget)))
    var failure: PlanError?
    var figures: [PlanSearch.Option: [PlanMeasure.Reading]] = [:]
    var known: [[Statement.Action]: [PlanMeasure.Reading]] = [:]
    var done = 0
    let (results, coverage) = search.run { batch in
      batch.map { option in
        guard failure == nil else { return PlanSearch.Score(met: 0, shortfall: .infinity) }
        // The shell's Ctrl-C: no plan from part of the options.
        if let stop = session.populationShouldStop, stop() {
          failure = PlanError("the plan was stopped after \(done) of \(planned) options: no plan")
          return PlanSearch.Score(met: 0, shortfall: .infinity)
        }
        do throws(PlanError) {
          let definitions = definitions(changes(option))
          let key = definitions.map(\.action)
          let readings: [PlanMeasure.Reading]
          if let same = known[key] {
            readings = same
          } else {
            readings = self.readings(try population(definitions: definitions, seed: seed, changes: changes(option)).runBlocking())
            known[key] = readings
          }
          figures[option] = readings
          done += 1
          progress?(done, planned)
          return score(readings)
        } catch {
          failure = error
          return PlanSearch.Score(met: 0, shortfall: .infinity)
        }
      }
    }
    if let failure { throw failure }
    progress?(planned, planned)
    return try PlanResult(planner: self, results: results, figures: figures, coverage: coverage, simulated: known.count)
  }
}
