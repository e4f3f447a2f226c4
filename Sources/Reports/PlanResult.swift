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
  }

  public struct Option: Codable, Sendable {
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
  public var combinations: Double
  public var levels: [Level]
  public var today: Option
  /// How many options run meet every target; `meeting` lists the first few.
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
    coverage: PlanSearch.Coverage
  ) throws(PlanError) {
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
      return Option(changes: changes, figures: PlanResult.figures(planner, values), met: planner.score(values).met)
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
    meeting = meetingOptions.prefix(PlanResult.listed).map(option)
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

  /// For each target the option misses: who in which cohort never saw the tip by the end of
  /// the run, and what held them back, as the population's page says it.
  static func shortfalls(_ planner: Planner, _ option: PlanSearch.Option) throws(PlanError) -> [Shortfall] {
    let population = try planner.population(planner.changes(option), seed: planner.seed)
    let outcomes = population.runBlocking()
    let report = PopulationReport(population: population, outcomes: outcomes)
    let readings = planner.readings(outcomes)
    return zip(planner.measures, readings).compactMap { measure, reading -> Shortfall? in
      guard !measure.target.isMet(by: reading.value) else { return nil }
      return Shortfall(target: measure.target.description, lines: PlanResult.why(measure, report: report, world: population.base))
    }
  }

  static func why(_ measure: PlanMeasure, report: PopulationReport, world: World) -> [String] {
    let cohorts = measure.cohort.map { [$0] } ?? Array(report.cohorts.indices)
    let end = "by the end of the run (day \(report.days))"
    guard let tip = measure.tip, measure.target.measure != .displays else {
      // Displays and load: which tips the users see most.
      return cohorts.map { cohort in
        let name = report.cohorts[cohort].0
        let most = report.tips.compactMap { figures -> (String, Double)? in
          figures.byCohort.count > cohort ? (figures.tip, figures.byCohort[cohort].displaysPerUser) : nil
        }.sorted { $0.1 > $1.1 }.prefix(3)
        return "\(name): displays per user over the run, most first: "
          + most.map { "\($0.0) \(StoryReport.number($0.1))" }.joined(separator: ", ")
      }
    }
    let figures = report.tips[tip]
    return cohorts.compactMap { cohort -> String? in
      guard cohort < figures.byCohort.count else { return nil }
      let users = figures.byCohort[cohort]
      guard users.reach < 0.999_5, users.users > 0 else { return "\(users.cohort): every user saw \(figures.tip) \(end)" }
      let reasons = StoryReport.reasons(users, tip: figures.tip, in: world)
      return "\(users.cohort): \(PopulationReport.percent(1 - users.reach)) never saw \(figures.tip) \(end) — "
        + reasons.joined(separator: "; ")
    }
  }
}
