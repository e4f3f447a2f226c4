import Renderers
import ScenarioLanguage
import Sessions
import Simulation
import TipEngine

/// What `report` writes: a session as a team reads it without TipSim — what to look at first
/// (findings), what went in (tips, cohorts, the one user's story), each tip's summary and its
/// timeline with the reason of every mark, the same under one change (`--whatif`), and, when
/// the session has cohorts, what many users see, under the change too with the same users.
public struct StoryReport: Sendable {
  /// One timeline's worth: the session as run, or as replayed with a change.
  public struct Story: Sendable {
    /// "as run", or the change (`frequency weekly`).
    public var label: String
    public var summaries: [TipSummary]
    public var marks: [TipMark]
    /// The first record's instant and the clock at the end.
    public var from: Instant
    public var to: Instant
  }

  /// The session replayed with some changes made, and the same users under them.
  public struct Alternative: Sendable {
    public var story: Story
    /// The session's world with the changes made, for the tips' words.
    var world: World
    /// Its tips that come back at every eligible visit until closed (`lint`'s).
    var returning: [String]
    public var population: PopulationReport?
    public var label: String { story.label }
  }

  /// The first what-if's story and users (the page of one change).
  public var whatIf: Story? { alternatives.first?.story }
  public var whatIfPopulation: PopulationReport? { alternatives.first?.population }

  /// The session's name: its scenario file's.
  public var name: String
  /// The page's title: `--title`, else the name.
  public var title: String
  public var timeZone: SimTimeZone
  /// Day 1's date is the start's.
  public var start: Instant
  public var story: Story
  public var population: PopulationReport?
  /// Each `--whatif` (several changes made at once are one), side by side: A, B, C….
  public var alternatives: [Alternative] = []
  /// With `target` lines: the plan, whose best option is the what-if when none is given.
  public var plan: PlanResult?
  /// `--at-day 7,14`: the days the reach columns read (none: day 30, or the last).
  public var atDays: [Int] = []
  /// What the inputs section shows: the session's definitions and frequency.
  var world: World
  /// Each cohort with its usage lines as written.
  var cohorts: [(cohort: Cohort, lines: [String])]
  /// The one user's story: the script's lines as written, definitions left out.
  var script: [String]
  /// Tips that come back at every eligible visit until the user closes them (`lint`'s
  /// returnsUntilClosed).
  var returning: [String]

  /// The report of `session` as it stands. A change that no longer replays, or a population
  /// that cannot run or was stopped (the shell's Ctrl-C, with its progress bar), is the
  /// diagnostic at `statement` (or at line 1).
  public init(session: Session, whatIf change: WhatIfChange? = nil, title: String? = nil, at statement: Statement? = nil)
    throws(Diagnostic)
  {
    try self.init(session: session, whatIf: change.map { [$0] } ?? [], title: title, at: statement)
  }

  /// The same, with every change of `changes` made at once (a plan's option).
  public init(
    session: Session, whatIf changes: [WhatIfChange], title: String? = nil, atDays: [Int] = [], at statement: Statement? = nil
  ) throws(Diagnostic) {
    try self.init(session: session, whatIfs: changes.isEmpty ? [] : [changes], title: title, atDays: atDays, at: statement)
  }

  /// The same with several what-ifs side by side, each its changes made at once.
  public init(
    session: Session, whatIfs: [[WhatIfChange]], title: String? = nil, atDays: [Int] = [], at statement: Statement? = nil
  ) throws(Diagnostic) {
    self.atDays = atDays
    func fail(_ message: String) -> Diagnostic {
      let keyword = statement?.keyword ?? Located("report", at: SourceLocation(line: 1, column: 1), length: 1)
      return Diagnostic(message, at: keyword.location, length: keyword.length)
    }
    name = session.name
    self.title = title ?? session.name
    timeZone = session.world.timeZone
    start = session.world.start
    world = session.world
    cohorts = session.history.compactMap { statement in
      guard case .cohort(let cohort) = statement.action else { return nil }
      return (
        cohort, statement.text.split(separator: "\n").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      )
    }
    script = session.history.filter { statement in
      if case .cohort = statement.action { return false }
      return !statement.isDefinition
    }.map(\.text)
    returning = Linter(session: session).warnings().filter { $0.rule == "returnsUntilClosed" }.compactMap(\.tip)
    story = StoryReport.story("as run", session: session)
    var whatIfs = whatIfs.filter { !$0.isEmpty }
    if !session.targets.isEmpty && !session.cohorts.isEmpty {
      do {
        var planner = try Planner(session: session)
        let users = planner.users
        if let report = session.populationProgress { planner.progress = { done, total in report(done * users, total * users) } }
        let plan = try planner.run()
        self.plan = plan
        if whatIfs.isEmpty, let best = plan.best, !best.changes.isEmpty {
          whatIfs = [planner.changes(best.choices)]
        }
      } catch { throw fail(error.message) }
    }
    var replayed: [Session] = []
    for changes in whatIfs {
      let label = changes.map(\.description).joined(separator: "; ")
      for change in changes {
        if let mismatch = WhatIf(change: change, session: session, width: 100).mismatch() { throw fail("whatif \(change): \(mismatch)") }
      }
      switch WhatIf.replay(session, with: changes) {
      case .success(let session):
        replayed.append(session)
        let returning = Linter(session: session).warnings().filter { $0.rule == "returnsUntilClosed" }.compactMap(\.tip)
        alternatives.append(Alternative(story: StoryReport.story(label, session: session), world: session.world, returning: returning))
      case .failure(let d): throw fail("with \(label) the session no longer runs: \(d.message)")
      }
    }
    guard !session.cohorts.isEmpty else { return }
    // The same users, seed and span for the plan and for the change.
    let asked = session.populationAsked ?? StoryReport.defaultPopulation
    func run(_ definitions: Session) throws(Diagnostic) -> PopulationReport {
      switch Population.baseWorld(of: definitions) {
      case .failure(let d): throw fail("the population cannot run: \(d.message)")
      case .success(let base):
        switch Population.report(of: session, base: base, users: asked.users, span: asked.span, seed: asked.seed) {
        case .success(let report): return report
        case .failure(let stopped):
          throw fail("the population was stopped after \(stopped.done) of \(stopped.users) users: no report written")
        }
      }
    }
    population = try run(session)
    if let population, let late = atDays.first(where: { $0 > population.days }) {
      throw fail("day \(late) is after the population's last day (\(population.days))")
    }
    for (index, changed) in replayed.enumerated() { alternatives[index].population = try run(changed) }
  }

  /// The session's story, then each what-if's.
  var stories: [Story] { [story] + alternatives.map(\.story) }

  /// What-if `index` as its section names it: its changes, after its letter when there are
  /// several side by side (`B: frequency weekly`).
  func alternativeName(_ index: Int) -> String {
    alternatives.count == 1 ? alternatives[index].label : "\(PlanResult.letter(index)): \(alternatives[index].label)"
  }

  /// What a report simulates for a session with cohorts but no `population` line.
  public static let defaultPopulation = (users: 1000, span: TimeSpan.days(30), seed: UInt64(1))

  static func story(_ label: String, session: Session) -> Story {
    let world = session.world
    let records = session.records
    let marks = TipMark.marks(of: records, in: world)
    let summaries = world.engine.catalog.tips.map { tip in
      TipSummary(tip, marks: marks.filter { $0.tip == tip.name }, in: world)
    }
    return Story(label: label, summaries: summaries, marks: marks, from: records.first?.instant ?? world.start, to: world.clock)
  }

  /// `day 4 · 2026-11-05 08:00` in the report's time zone.
  public func when(_ instant: Instant) -> String {
    "day \(day(of: instant)) · \(timeZone.civil(of: instant).logStamp.prefix(16))"
  }

  func day(of instant: Instant) -> Int { timeZone.day(of: instant, since: start) }
}
