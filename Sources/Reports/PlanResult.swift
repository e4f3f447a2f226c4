import ScenarioLanguage
import Simulation

/// What `plan` found: today's figures, the options that meet every target (fewest changes
/// first), else the closest and why it falls short, and what the search covered.
public struct PlanResult: Codable, Sendable {
  public struct Figure: Codable, Sendable {
    public var target: String
    /// A share, a day number or a count; nil: a first display that never came (for most users).
    public var value: Double?
    public var text: String
    /// Half the 95% interval of a reach; nil for other measures.
    public var margin: Double?
    public var met: Bool

    /// `66.3% ±9.8`, `day 5`.
    public var shown: String { text + (margin.map { " ±" + PopulationReport.percent($0).dropLast() } ?? "") }
  }

  public struct Option: Codable, Sendable {
    /// Per `tune` line, in order: the index of the value it takes, or -1 for today's setting.
    public var choices: [Int]
    /// The `whatif` changes it makes; empty for today's settings.
    public var changes: [String]
    public var figures: [Figure]
    public var met: Int
    public var meetsEveryTarget: Bool { met == figures.count }
  }

  /// The option run again with the next seed (other users, the same cohorts).
  public struct Confirmation: Codable, Sendable {
    public var seed: UInt64
    public var figures: [Figure]
    public var meetsEveryTarget: Bool
  }

  /// Why the closest option misses a target, in the population's words.
  public struct Shortfall: Codable, Sendable {
    public var target: String
    public var lines: [String]
  }

  public struct Level: Codable, Sendable {
    public var changes: Int
    public var searched: Int
    public var total: Double
  }

  public var users: Int
  public var days: Int
  public var seed: UInt64
  public var cohorts: [String]
  public var targets: [String]
  public var tunes: [String]
  public var budget: Int
  public var searched: Int
  /// How many of them were simulated: the others leave the definitions as one of those did.
  public var simulated: Int
  public var combinations: Double
  public var levels: [Level]
  public var today: Option
  /// How many options run meet every target; `meeting` lists the first few of those that
  /// need every change they make (not one that meets them with fewer).
  public var meetingCount: Int
  public var meeting: [Option]
  /// The option that comes nearest when none meets every target: most targets met, then the
  /// smallest total shortfall.
  public var closest: Option?
  public var confirmation: Confirmation?
  public var shortfalls: [Shortfall]
  /// Every option run, in the order run (today's settings first).
  public var options: [Option]

  public var searchedEverything: Bool { Double(searched) >= combinations }
  /// Whether today's settings or an option run meet every target (`tipsim plan` exits 0).
  public var isMet: Bool { today.meetsEveryTarget || meetingCount > 0 }
  /// The option a report shows: the first that meets every target, else the closest.
  public var best: Option? { meeting.first ?? closest }
  static let listed = 5

  init(
    planner: Planner, results: [(option: PlanSearch.Option, score: PlanSearch.Score)], figures: [PlanSearch.Option: [PlanMeasure.Reading]],
    coverage: PlanSearch.Coverage, simulated: Int
  ) throws(PlanError) {
    self.simulated = simulated
    users = planner.users
    days = Int((planner.span.seconds + 86_399) / 86_400)
    seed = planner.seed
    cohorts = planner.session.cohorts.map(\.name)
    targets = planner.measures.map(\.target.description)
    tunes = planner.session.tunes.map(\.description)
    budget = planner.budget
    searched = coverage.searched
    combinations = coverage.total
    levels = coverage.levels.map { Level(changes: $0.changes, searched: $0.searched, total: $0.total) }
    func option(_ option: PlanSearch.Option) -> Option {
      let values = figures[option] ?? []
      let changes = planner.changes(option).map(\.description)
      return Option(choices: option, changes: changes, figures: PlanResult.figures(planner, values), met: planner.score(values).met)
    }
    options = results.map { option($0.option) }
    let todayOption = results.first { PlanSearch.changes($0.option) == 0 }?.option ?? []
    today = option(todayOption)
    let meetingOptions = results.filter { $0.score.met == planner.measures.count && PlanSearch.changes($0.option) > 0 }
      .enumerated().sorted { a, b in
        let (x, y) = (PlanSearch.changes(a.element.option), PlanSearch.changes(b.element.option))
        return x != y ? x < y : a.offset < b.offset
      }.map(\.element.option)
    meetingCount = meetingOptions.count
    // An option that only adds changes to another that meets every target is not listed.
    let needed = meetingOptions.filter { candidate in
      !meetingOptions.contains { other in other != candidate && zip(other, candidate).allSatisfy { $0 < 0 || $0 == $1 } }
    }
    meeting = needed.prefix(PlanResult.listed).map(option)
    closest = nil
    shortfalls = []
    var chosen = meetingOptions.first
    if !today.meetsEveryTarget && meetingOptions.isEmpty, let nearest = PlanSearch.ranked(results).first?.option {
      closest = option(nearest)
      chosen = nearest
      shortfalls = try PlanResult.shortfalls(planner, nearest)
    }
    if let chosen = chosen ?? (today.meetsEveryTarget ? todayOption : nil) {
      let next = planner.seed &+ 1
      let values = planner.readings(try planner.population(planner.changes(chosen), seed: next).runBlocking())
      confirmation = Confirmation(
        seed: next, figures: PlanResult.figures(planner, values), meetsEveryTarget: planner.score(values).met == planner.measures.count)
    }
  }

  static func figures(_ planner: Planner, _ readings: [PlanMeasure.Reading]) -> [Figure] {
    zip(planner.measures, readings).map { measure, reading in
      Figure(
        target: measure.target.description, value: reading.value.isFinite ? reading.value : nil,
        text: PlanResult.text(measure.target, reading.value), margin: measure.margin(reading), met: measure.target.isMet(by: reading.value))
    }
  }

  /// `81.2%`, `day 9`, `never`, `3`, `1.45`.
  static func text(_ target: PlanTarget, _ value: Double) -> String {
    switch target.measure {
    case .reach: return PopulationReport.percent(value)
    case .firstDisplay: return value.isFinite ? "day \(Int(value))" : "never"
    case .displays, .distinctTips:
      let hundredths = Int((value * 100).rounded())
      return hundredths % 100 == 0 ? "\(hundredths / 100)" : StoryReport.number(value)
    }
  }

  /// For each target the option misses: per cohort, who had not seen the tip by the target's
  /// day and what held them back then, as the population's page says it; for displays and
  /// load, which tips the users saw most.
  static func shortfalls(_ planner: Planner, _ option: PlanSearch.Option) throws(PlanError) -> [Shortfall] {
    var population = try planner.population(planner.changes(option), seed: planner.seed)
    let horizons = Set(planner.measures.map(\.horizon)).filter { $0 <= planner.span.seconds }.sorted()
    population.checkpoints = horizons
    let outcomes = population.runBlocking()
    let readings = planner.readings(outcomes)
    let cohorts = planner.session.cohorts.map(\.name)
    let tips = population.base.engine.catalog.tips.map(\.name)
    let days = Int((planner.span.seconds + 86_399) / 86_400)
    return zip(planner.measures, readings).compactMap { measure, reading -> Shortfall? in
      guard !measure.target.isMet(by: reading.value) else { return nil }
      let checkpoint = horizons.firstIndex(of: measure.horizon)
      let asOf = checkpoint.map { PlanResult.asOf(outcomes, checkpoint: $0, horizon: measure.horizon) } ?? outcomes
      let by = checkpoint == nil ? "by the end of the run (day \(days))" : "by day \(measure.horizon / 86_400)"
      let lines = (measure.cohort.map { [$0] } ?? Array(cohorts.indices)).map { cohort in
        let users = asOf.filter { $0.cohort == cohort }
        guard let tip = measure.tip, measure.target.measure != .displays else {
          let most = tips.indices.map { tip in
            (tips[tip], Double(users.reduce(0) { $0 + $1.displayTimes[tip].count { $0 < measure.horizon } }) / Double(max(1, users.count)))
          }.sorted { $0.1 > $1.1 }.prefix(3)
          return "\(cohorts[cohort]): displays per user \(by), most first: "
            + most.map { "\($0.0) \(StoryReport.number($0.1))" }.joined(separator: ", ")
        }
        let figures = PopulationReport.figures(of: tip, cohort: cohorts[cohort], users: users) { _ in nil }
        guard figures.reach < 0.999_5 else { return "\(cohorts[cohort]): every user saw \(tips[tip]) \(by)" }
        let reasons = StoryReport.reasons(figures, tip: tips[tip], in: population.base)
        return "\(cohorts[cohort]): \(PopulationReport.percent(1 - figures.reach)) had not seen \(tips[tip]) \(by) — "
          + reasons.joined(separator: "; ")
      }
      return Shortfall(target: measure.target.description, lines: lines)
    }
  }

  /// The users as they stood at checkpoint `index` (`horizon` seconds from the start): a later
  /// first display is not yet one, and what held them back is what held them then.
  static func asOf(_ outcomes: [Population.UserOutcome], checkpoint index: Int, horizon: Int64) -> [Population.UserOutcome] {
    outcomes.map { user in
      var then = user
      then.firstDisplay = user.firstDisplay.map { $0 >= horizon ? -1 : $0 }
      if index < user.heldBackAt.count {
        then.reasons = user.heldBackAt[index].reasons
        then.unmetRules = user.heldBackAt[index].unmetRules
      }
      then.stoppedEarly = user.stoppedAt.map { $0 < horizon } ?? false
      return then
    }
  }
}
