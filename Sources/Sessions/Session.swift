import Foundation
import Persistence
import Renderers
import ScenarioLanguage
import Simulation
import TipEngine

/// A running scenario: the world, the log so far, and the statements that changed the world
/// (what `save` writes). The shell and `tipsim run` both drive one.
public struct Session: Sendable {
  public private(set) var world: World
  public private(set) var records: [LogRecord] = []
  /// Every statement that changed the world, in order (what `save` writes).
  public private(set) var history: [Statement] = []
  public private(set) var expectationsChecked = 0
  public private(set) var failures: [ExpectationResult] = []
  /// Named snapshots, in the order they were taken.
  public internal(set) var checkpoints: [(name: String, snapshot: Snapshot)] = []
  var undoStack: [(point: UndoPoint, text: String)] = []
  /// Whether statements can be undone and a failed one rolled back (the shell; scripts that
  /// use `undo`). Off, each statement costs no snapshot.
  public var keepsUndo = true
  /// Whether every failed expectation's log line carries the tip's whole `why`
  /// (`tipsim run --verbose`); by default once per tip and instant, and not again while it
  /// reads the same.
  public var repeatsWhy = false
  /// Tip → the instant, line and `why` of the last failed expectation whose `why` the log
  /// printed.
  private var explained: [String: (instant: Instant, line: Int, why: Explanation?)] = [:]
  /// Whether the log is kept for the statements that read it (`log`, checkpoints, `undo`,
  /// `timeline`, `whatif`, `matrix`). Off, a long replay's memory does not grow with its log.
  /// Turning it off forgets the log kept so far.
  public var keepsRecords = true {
    didSet { if !keepsRecords { records = [] } }
  }
  /// Whether the statements that changed the world are kept for those that replay them
  /// (`whatif`, `matrix`, `population`, `lint`; `save` in the shell). Off, as `keepsRecords`.
  public var keepsHistory = true {
    didSet { if !keepsHistory { history = [] } }
  }
  /// How many undo steps are kept.
  public static let undoDepth = 500
  /// The usage model's cohorts, in definition order.
  public private(set) var cohorts: [Cohort] = []
  /// What `plan` must meet and may change, in definition order.
  public private(set) var targets: [PlanTarget] = []
  public private(set) var tunes: [PlanTune] = []
  /// Hears how many simulated users are done during `population` (a progress bar), and
  /// `(total, total)` when the run ends, finished or stopped.
  public var populationProgress: (@Sendable (Int, Int) -> Void)?
  /// Asked during `population` whether to stop (the shell's Ctrl-C): a stopped run reports
  /// nothing and changes nothing.
  public var populationShouldStop: (@Sendable () -> Bool)?
  /// How wide `timeline` draws, in columns.
  public var timelineWidth = 100
  /// A sandboxed session (the fuzzers) reads and writes no files and runs populations of at
  /// most `sandboxUsers` users, so that any input finishes quickly and leaves nothing behind.
  public var isSandboxed = false
  /// Reports (`timeline`, `whatif`, `matrix`, `lint`, `population`) print text and change
  /// nothing; a session that skips them replays only what builds the world (the reporting
  /// subcommands of `tipsim`, which make their own report).
  public var skipsReports = false
  /// Writes the reports; without one, a report statement is an error. `ScenarioRunner` and
  /// the shell give every session theirs (the Reports target's `Reporter`).
  public var reporter: (any SessionReporter)?
  public static let sandboxUsers = 20
  /// What a report calls the session: its scenario file's name (`named(after:)`).
  public var name = "session"
  /// The last `population` line, run or skipped: the one `report` runs when there are cohorts.
  public private(set) var populationAsked: (users: Int, span: TimeSpan, seed: UInt64)?

  public init(world: World = World()) { self.world = world }

  /// Names the session after its scenario file: the file's name without folder and extension.
  public mutating func named(after file: String) { name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent }

  /// The whole state a checkpoint keeps: world (engine, clock, screens, stores), log and history.
  public struct Snapshot: Sendable {
    public var world: World
    public var records: [LogRecord]
    public var history: [Statement]
  }

  var snapshot: Snapshot { Snapshot(world: world, records: records, history: history) }

  /// Where `undo` returns to. Between two undo points the log and history only grow, so a
  /// count is enough; `restore` replaces them, so it keeps a full snapshot.
  enum UndoPoint: Sendable {
    case prefix(world: World, records: Int, history: Int)
    case full(Snapshot)
  }

  /// Adds what a statement logged to the session's log, when it keeps one.
  mutating func keep(_ produced: some Collection<LogRecord>) {
    if keepsRecords { records += produced }
  }

  mutating func rewind(to point: UndoPoint) {
    switch point {
    case .prefix(let world, let recordCount, let historyCount):
      self.world = world
      records.removeLast(max(0, records.count - recordCount))
      history.removeLast(max(0, history.count - historyCount))
    case .full(let snapshot):
      restore(snapshot)
    }
  }

  mutating func restore(_ snapshot: Snapshot) {
    world = snapshot.world
    records = snapshot.records
    history = snapshot.history
  }

  /// A fresh session that has run `statements` (a history, or one derived from it) without
  /// undo snapshots; the first error stops it.
  public static func replay(_ statements: [Statement]) -> Result<Session, Diagnostic> {
    var session = Session()
    session.keepsUndo = false
    for statement in statements {
      do { _ = try session.execute(statement) } catch { return .failure(error) }
    }
    return .success(session)
  }

  /// What executing a statement produced.
  public typealias Output = SessionOutput

  /// Runs one parsed statement. An invalid statement changes nothing; its error is placed in
  /// the file the statement came from.
  public mutating func execute(_ statement: Statement) throws(Diagnostic) -> [Output] {
    do { return try run(statement) } catch { throw statement.locating(error) }
  }

  private mutating func run(_ statement: Statement) throws(Diagnostic) -> [Output] {
    if case .population(let users, let span, let seed) = statement.action { populationAsked = (users, span, seed) }
    if skipsReports {
      switch statement.action {
      case .timeline, .whatIf, .matrix, .lint, .population, .model, .report, .plan: return []
      default: break
      }
    }
    guard keepsUndo else {
      // Without undo only a `repeat` can fail half-way; it alone pays for a snapshot.
      let before: UndoPoint? =
        if case .repeat = statement.action { .prefix(world: world, records: records.count, history: history.count) } else { nil }
      do {
        let outputs = try perform(statement)
        if keepsHistory && statement.changesWorld { history.append(statement) }
        return outputs
      } catch {
        if let before { rewind(to: before) }
        throw error
      }
    }
    let before = UndoPoint.prefix(world: world, records: records.count, history: history.count)
    do {
      let outputs = try perform(statement)
      if statement.changesWorld {
        if keepsHistory { history.append(statement) }
        undoStack.append((before, statement.text))
        if undoStack.count > Session.undoDepth { undoStack.removeFirst() }
      }
      return outputs
    } catch {
      rewind(to: before)
      throw error
    }
  }

  /// Runs one statement as `execute` does, for a replay that renders its log as it goes: a
  /// command's records are appended to `batch` (the log pipeline's) and nothing is returned;
  /// any other statement's outputs are returned, and `batch` is left as it was. Commands are
  /// most of a long script: this spares each an array of records and one of outputs.
  public mutating func execute(_ statement: Statement, appendingTo batch: inout [LogRecord]) throws(Diagnostic) -> [Output] {
    do { return try run(statement, appendingTo: &batch) } catch { throw statement.locating(error) }
  }

  private mutating func run(_ statement: Statement, appendingTo batch: inout [LogRecord]) throws(Diagnostic) -> [Output] {
    // With undo, a statement is executed with a snapshot before it; `repeat` is no command.
    guard !keepsUndo else { return try run(statement) }
    // A `switch`, not `guard case`: the guard copied the statement's action for each command.
    switch statement.action {
    case .command(let command):
      let resolved = try Resolver.resolve(command, of: statement, in: world)
      let start = batch.count
      // Not `resolved ?? command`, which copied the command.
      if let resolved {
        try apply(resolved, of: statement, appendingTo: &batch)
      } else {
        try apply(command, of: statement, appendingTo: &batch)
      }
      keep(batch[start...])
      if keepsHistory && statement.changesWorld { history.append(statement) }
      return []
    default:
      return try run(statement)
    }
  }

  /// Applies the command of `statement`, appending its records to `batch`; a failure is a
  /// diagnostic at the statement's keyword.
  private mutating func apply(_ command: Command, of statement: Statement, appendingTo batch: inout [LogRecord]) throws(Diagnostic) {
    do { try world.apply(command, appendingTo: &batch) } catch {
      throw Diagnostic(words(error), at: statement.keyword.location, length: statement.keyword.length)
    }
  }

  /// The commands of a reaction's or an action's body, resolved against the names defined
  /// so far (and the action's inputs).
  private func resolve(_ body: [Statement], inputs: [AppAction.Input] = []) throws(Diagnostic) -> [Command] {
    var commands: [Command] = []
    for inner in body {
      guard case .command(let command) = try Resolver.resolve(inner, in: world, inputs: inputs) else {
        throw Diagnostic("the app's code runs commands", at: inner.keyword.location, length: inner.keyword.length)
      }
      commands.append(command)
    }
    return commands
  }

  /// The words of a refusal, its instants in the scenario's time zone.
  private func words(_ error: SimulationError) -> String { Wording(timeZone: world.timeZone).describe(error) }

  private mutating func perform(_ statement: Statement) throws(Diagnostic) -> [Output] {
    let action = try Resolver.resolve(statement, in: world)
    var produced: [LogRecord] = []
    func note(_ note: Note) { produced.append(LogRecord(instant: world.clock, event: .note(note))) }
    switch action {
    case .command(let command):
      try apply(command, of: statement, appendingTo: &produced)
    case .reaction(let trigger, let os, let conditions, let body):
      // Its commands are resolved now, against the names defined so far.
      let reaction = Reaction(
        trigger: trigger, os: os, conditions: conditions, commands: try resolve(body), line: statement.lines.lowerBound,
        file: statement.file)
      try apply(.defineReaction(reaction), of: statement, appendingTo: &produced)
    case .appAction(let name, let inputs, let body):
      let action = AppAction(name: name, inputs: inputs, commands: try resolve(body, inputs: inputs), place: statement.place)
      try apply(.defineAction(action), of: statement, appendingTo: &produced)
    case .status(let tips):
      produced = [
        LogRecord(
          instant: world.clock, event: .statusReport(day: world.day(of: world.clock), world.statusLines(of: tips.isEmpty ? nil : tips)))
      ]
    case .why(let tip):
      produced = [LogRecord(instant: world.clock, event: .explanation(world.explain(tip)))]
    case .log:
      return [.text(records.map { TextRenderer(timeZone: world.timeZone).render($0) }.joined(separator: "\n"))]
    case .help(let topic):
      return [.text(Help.text(for: topic))]
    case .expect(let expectation):
      let (passed, found) = world.check(expectation)
      let text = statement.text.split(separator: " ", omittingEmptySubsequences: true).dropFirst().joined(separator: " ")
      var result = ExpectationResult(
        passed: passed, text: text.trimmingComment(), found: found, explanation: passed ? nil : world.explain(expectation.tip),
        line: statement.lines.lowerBound, file: statement.file)
      if !passed {
        if !repeatsWhy, let last = explained[expectation.tip], last.instant == world.clock || last.why == result.explanation {
          result.explainedAtLine = last.line
        } else {
          explained[expectation.tip] = (world.clock, statement.lines.lowerBound, result.explanation)
        }
      }
      expectationsChecked += 1
      if !passed { failures.append(result) }
      produced = [LogRecord(instant: world.clock, event: .expectation(result))]
    case .repeat(let count, let every, let body):
      let start = world.clock
      var outputs: [Output] = []
      for iteration in 0..<count {
        let at = start + TimeSpan(seconds: every.seconds * Int64(iteration))
        if iteration > 0 {
          guard world.clock <= at else {
            throw Diagnostic(
              "iteration \(iteration + 1) should start at \(world.timeZone.civil(of: at).iso), but the clock already reads \(world.timeZone.civil(of: world.clock).iso)",
              at: statement.keyword.location, length: statement.keyword.length,
              note: "make the interval longer than what one iteration advances")
          }
          outputs += try perform(advance: at, for: statement)
        }
        for inner in body { outputs += try perform(inner) }
      }
      let end = start + TimeSpan(seconds: every.seconds * Int64(count))
      if world.clock < end { outputs += try perform(advance: end, for: statement) }
      return outputs
    case .cohort(let cohort):
      if cohorts.contains(where: { $0.name == cohort.name }) {
        let earlier = history.last { if case .cohort(let c) = $0.action { c.name == cohort.name } else { false } }
        produced.append(
          LogRecord(instant: world.clock, event: .warning(.cohortRedefined(name: cohort.name, line: earlier?.lines.lowerBound))))
      }
      cohorts.removeAll { $0.name == cohort.name }
      cohorts.append(cohort)
      note(.cohortDefined(name: cohort.name, percent: Int((cohort.share * 100).rounded()), usageLines: cohort.usage.count))
    case .target(let target):
      for reference in statement.references where reference.kind == .cohort && !cohorts.contains(where: { $0.name == reference.name.value })
      {
        throw Resolver.unknown(reference, known: cohorts.map(\.name))
      }
      targets.append(target)
    case .tune(let tune):
      // A setting tuned again: the later line's alternatives.
      tunes.removeAll { $0.setting == tune.setting }
      tunes.append(tune)
    case .saveState(let path):
      try refuseFiles(statement)
      if case .failure(let problem) = StateFile.write(StateFile.encode(world), to: path) {
        throw Diagnostic(problem.message, at: statement.keyword.location, length: statement.keyword.length)
      }
      note(.savedDatastore(devices: world.hasDevices ? world.devices : [], path: path))
    case .loadState(let path):
      try refuseFiles(statement)
      try loadState(path, at: statement.keyword)
      note(.loadedDatastore(path: path))
    case .timeline, .population, .matrix, .lint, .whatIf, .model, .report, .plan:
      guard let reporter else {
        throw Diagnostic(
          "`\(statement.keyword.value)` needs a session that writes reports", at: statement.keyword.location,
          length: statement.keyword.length)
      }
      return try reporter.report(action, of: statement, in: self)
    case .checkpoint, .restore, .checkpoints, .undo:
      return try travelInHistory(action, of: statement)
    }
    keep(produced)
    return Output.of(produced)
  }

  public func refuseFiles(_ statement: Statement) throws(Diagnostic) {
    guard isSandboxed else { return }
    throw Diagnostic(
      "`\(statement.keyword.value)` reads or writes a file, which this sandboxed run does not allow", at: statement.keyword.location,
      length: statement.keyword.length)
  }

  /// Loads a state file into the world; a bad file is an error that changes nothing.
  public mutating func loadState(_ path: String, at place: Located<String>) throws(Diagnostic) {
    func fail(_ message: String) -> Diagnostic { Diagnostic("\(path): \(message)", at: place.location, length: place.length) }
    guard let data = FileManager.default.contents(atPath: path) else { throw fail("cannot read the state file") }
    let catalog = world.engine.catalog
    switch StateFile.decode(data, limits: { catalog.event(named: $0)?.limit ?? DonationLimit() }) {
    case .failure(let problem): throw fail(problem.message)
    case .success(let stores):
      do { try world.loadDatastores(stores) } catch { throw fail(words(error)) }
    }
  }

  /// The clock moves to `instant` for `statement` (an iteration of `repeat`).
  private mutating func perform(advance instant: Instant, for statement: Statement) throws(Diagnostic) -> [Output] {
    let produced: [LogRecord]
    do { produced = try world.apply(.advanceTo(instant)) } catch {
      throw Diagnostic(words(error), at: statement.keyword.location, length: statement.keyword.length)
    }
    keep(produced)
    return Output.of(produced)
  }
}

extension String {
  /// The text before a `#` comment that is outside a string.
  func trimmingComment() -> String {
    var inString = false
    var escaped = false
    var out = ""
    for c in self {
      if inString {
        if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
      } else if c == "\"" {
        inString = true
      } else if c == "#" {
        break
      }
      out.append(c)
    }
    while out.last == " " || out.last == "\t" || out.last == "\r" { out.removeLast() }
    return out
  }
}
