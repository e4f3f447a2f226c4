import Reports
import Runner
import ScenarioLanguage
import Sessions
import Simulation
import TipEngine

/// `tipsim audit`: what an app's tips will do, from its definitions and the actions its code
/// can perform, without a scenario written by hand (docs/Auditing.md).
public struct Auditor {
  public var input: AuditInput
  /// How many days the users are followed.
  public var days: Int
  /// The most tip displays a week the typical user should see.
  public var budget: Int
  /// Where `include` lines of the definitions are read from.
  public var includes: IncludeReader
  /// The most states each tip's search expands.
  public var searchLimit = WitnessSearch.maximumStates
  /// How many users the population has, at most (a large app gets fewer).
  public var populationUsers = 200
  /// `--cohorts FILE`: the users that answer first display and displays instead of the
  /// typical user, and the file's name.
  public var cohorts: (cohorts: [Cohort], file: String)?

  public init(input: AuditInput, days: Int = 30, budget: Int = 3, includes: IncludeReader = .none) {
    self.input = input
    self.days = days
    self.budget = budget
    self.includes = includes
  }

  /// Why an audit could not be made: the definitions do not run.
  public struct Problem: Error, Sendable {
    public var message: String
  }

  public func audit() throws(Problem) -> AuditReport {
    let definitions = input.definitions.hasSuffix("\n") || input.definitions.isEmpty ? input.definitions : input.definitions + "\n"
    let base = replay(definitions)
    guard base.exitCode == 0 else { throw Problem(message: base.errors.isEmpty ? "the definitions do not run" : base.errors) }
    var start = base.session
    start.keepsUndo = false
    start.keepsRecords = false
    start.keepsHistory = false
    let world = start.world
    let catalog = world.engine.catalog

    // The app's actions, each parsed once (the inputs give each command once).
    var actions: [(text: String, statement: Statement, command: Command, place: String)] = []
    for action in input.actions {
      guard let statement = WitnessSearch.statement(action.command), case .command(let command) = statement.action else { continue }
      actions.append((action.command, statement, command, action.place))
    }
    // What the app's code can do: its reactions under any condition, its actions with any
    // value they compute, the script's (or the code's) plain actions.
    let commands = (world.reactions.flatMap(\.commands) + world.actions.flatMap(\.commands) + actions.map(\.command)).map(\.underlying)
    let proof = NeverProof(world: world, commands: commands, places: input.places)
    let tipScreens = world.screens.map(\.name).filter { screen in
      catalog.tips.contains { world.places(of: $0.name).contains { $0.screen == screen } }
    }
    var typical = TypicalUser(screens: tipScreens, days: days)
    // What each tip points at (the control it is attached to), which the typical user taps.
    for tip in catalog.tips {
      guard let name = input.places.pointedAt[tip.name], let action = world.action(named: name),
        let screen = world.placements[tip.name]?.screen, let line = ActionChoices(tip: tip, world: world).lines(for: action).first,
        typical.taps[screen]?.contains(line) != true
      else { continue }
      typical.taps[screen, default: []].append(line)
    }
    // An app that never configures TipKit shows its users nothing.
    let usage = input.configures ? replay(typical.script, from: base.session).session.world : world
    let population = UsagePopulation(base: world, cohorts: cohorts?.cohorts, typical: typical, users: populationUsers)
    let outcomes = input.configures ? population.run() : []
    let perWeek = UsagePopulation.perWeek(outcomes, days: days)

    let context = Context(
      base: base.session, start: start, actions: actions, proof: proof, computed: ComputedValues(commands: commands, in: world),
      usage: usage,
      outcomes: outcomes)
    var tips = catalog.tips.map { audit($0, in: context) }
    blockGroups(&tips, catalog: catalog)
    let typicalFindings = TypicalFindings(
      tips: tips, usage: usage, start: world.clock, days: days, budget: budget, perWeek: perWeek,
      place: input.places.app.isEmpty ? input.file : input.places.app, conditions: input.places.conditions)
    let all = (findings(tips) + popoverCompetition(tips, world: world) + typicalFindings.all + input.findings).sorted {
      $0.order < $1.order
    }
    let model =
      cohorts.map {
        "the median of \(population.users) users of the cohorts in \($0.file) (" + $0.cohorts.map(\.name).joined(separator: ", ")
          + "), over \(days) days"
      }
      ?? typical.description
    return AuditReport(tips: tips, findings: all, usageModel: model, perWeek: perWeek)
  }

  /// What every tip's audit reads: the definitions' session and the search's start, the
  /// app's actions, the proof and what the code computes, and the users' days.
  private struct Context {
    var base: Session
    var start: Session
    var actions: [(text: String, statement: Statement, command: Command, place: String)]
    var proof: NeverProof
    var computed: ComputedValues
    /// The world at the end of the typical user's days.
    var usage: World
    var outcomes: [Population.UserOutcome]
  }

  /// One tip: what ends it, the typical user's figures, and its verdict.
  private func audit(_ tip: TipDefinition, in context: Context) -> TipAudit {
    let world = context.start.world
    let catalog = world.engine.catalog
    let invalidations = invalidationPlaces(of: tip.name, in: context)
    var ends: [TipAudit.End] = []
    if tip.options.maxDisplayCount != nil { ends.append(.maxDisplayCount) }
    if tip.options.maxDisplayDuration != nil { ends.append(.maxDisplayDuration) }
    if !invalidations.isEmpty { ends.append(.invalidatedByApp) }
    let rulesEnd = RuleEnds.ends(of: tip, in: world, commands: context.actions.map { ($0.command, ScenarioPlace(line: 0)) }).map { end in
      var places = input.places.writes[end.subject] ?? input.places.donations[end.subject] ?? []
      if places.isEmpty, end.place.line > 0 { places = ["\(end.place.file ?? input.file):\(end.place.line)"] }
      return end.text + (places.isEmpty ? "" : " (\(places.joined(separator: ", ")))")
    }
    if !rulesEnd.isEmpty { ends.append(.rules) }
    // Only a tip on screen has a close button.
    if world.placements[tip.name] != nil { ends.append(.closeButton) }
    var audit = TipAudit(
      tip: tip.name, id: tip.id, title: tip.title, verdict: .unknown, ends: ends, invalidatedAt: invalidations, rulesEnd: rulesEnd,
      returnsUntilClosed: ends == [.closeButton], firstDisplay: nil, displays: context.usage.displayHistory[tip.name]?.count ?? 0)
    audit.place = input.places.tips[tip.name] ?? ""
    audit.firstDisplay = context.usage.displayHistory[tip.name]?.first.map { firstDisplay($0, world: world) }
    if cohorts != nil, input.configures, let index = catalog.index(ofTip: tip.name) {
      let medians = UsagePopulation.medians(context.outcomes, tip: index)
      audit.firstDisplay = medians.first.map { firstDisplay(world.clock + .seconds($0), world: world) }
      audit.displays = medians.displays
    }
    audit.causes =
      input.configures
      ? context.proof.causes(of: tip.name)
      : [
        .init(
          code: .neverConfigured, name: tip.name, place: input.places.tips[tip.name] ?? "",
          message: "the app's code never calls Tips.configure, so TipKit never shows a tip (rule 25)")
      ]
    if !audit.causes.isEmpty {
      audit.verdict = .never
      audit.returnsUntilClosed = false
    } else {
      let relevant = Relevance(tip: tip, world: world)
      let choices = ActionChoices(tip: tip, world: world)
      // The app's actions with the values the tip's rules need, each line parsed once.
      let performs = world.actions.filter { relevant.matters(.perform(action: $0.name, inputs: [:])) }.flatMap(choices.lines(for:))
        .compactMap { line in WitnessSearch.statement(line).map { (line, $0) } }
      let search = WitnessSearch(
        start: context.start, tip: tip.name, relevance: relevant, limit: searchLimit,
        actions: context.actions.filter { relevant.matters($0.command) }.map { ($0.text, $0.statement) } + performs,
        screens: world.screens.map(\.name).filter(relevant.matters(screen:)))
      switch searchOnEachOS(search, from: context.start) {
      case .found(let found) where verifies(found, shows: tip.name, from: context.base, stays: false):
        // Time passing in one line reads better, and lands on every instant on the way.
        let merged = Self.mergingAdvances(found)
        audit.verdict = .shows
        audit.witness = merged != found && verifies(merged, shows: tip.name, from: context.base, stays: false) ? merged : found
        audit.onScreenAfterWitness = verifies(audit.witness, shows: tip.name, from: context.base, stays: true)
        audit.assumptions =
          assumptions(of: audit.witness, in: world)
          + reliedOnFalse(audit.witness, tip: tip.name, conditions: relevant.conditions, in: world, from: context.base)
      case .found:
        audit.note = "the search found a witness that did not display the tip when replayed"
      case .exhausted(let states):
        audit.note =
          context.proof.unfollowedUses(of: tip.name) ?? unfollowed(by: tip) ?? context.computed.needed(by: tip).map {
            "needs a value the app computes: " + $0
          }
          ?? "no step the app allows displays it: the search reached every state it could (\(states)), each held back"
      case .stopped:
        audit.note =
          context.proof.unfollowedUses(of: tip.name) ?? unfollowed(by: tip) ?? context.computed.needed(by: tip).map {
            "needs a value the app computes: " + $0
          }
          ?? "no witness found within \(searchLimit) states of the search"
      }
    }
    return audit
  }

  /// The search on the default device, then, when it finds nothing and the app's code tests
  /// the OS (`#available`), on a device of each older OS it tests: its witness starts with
  /// that `device` line.
  private func searchOnEachOS(_ search: WitnessSearch, from start: Session) -> WitnessSearch.Outcome {
    let outcome = search.run()
    guard case .exhausted = outcome else { return outcome }
    for version in OlderOS.versions(testedIn: start.world) {
      let line = "device older os \(version)"
      var older = start
      guard let statement = WitnessSearch.statement(line), (try? older.execute(statement)) != nil else { continue }
      if case .found(let lines) = search.starting(from: older).run() { return .found([line] + lines) }
    }
    return outcome
  }

  /// The code its rules depend on that the import could not follow, with its places; nil
  /// when there is none.
  private func unfollowed(by tip: TipDefinition) -> String? {
    let untranslated = input.places.untranslated
    var parts: [String] = []
    for name in Set(tip.rules.flatMap(\.parameterNames)).sorted() {
      if let places = untranslated.writes[name] { parts.append("a write of \(name) (\(places.joined(separator: ", ")))") }
    }
    for name in Set(tip.rules.flatMap(\.aggregates).map(\.event)).sorted() {
      if let places = untranslated.donations[name] { parts.append("a donation of \(name) (\(places.joined(separator: ", ")))") }
    }
    return parts.isEmpty ? nil : "depends on code the import could not follow: " + parts.joined(separator: ", ")
  }

  /// What a witness takes for granted: each app action it performs that is no user's tap,
  /// each value it chooses for one, each app condition it turns.
  private func assumptions(of witness: [String], in world: World) -> [TipAudit.Assumption] {
    var found: [TipAudit.Assumption] = []
    for line in witness {
      guard let statement = WitnessSearch.statement(line), case .command(let command) = statement.action else { continue }
      switch command {
      case .perform(let name, let inputs):
        let origin = input.places.actions[name]
        guard origin?.isUserAction != true || !inputs.isEmpty else { continue }
        let values = inputs.keys.sorted().map { "\($0) = \(inputs[$0] ?? .null)" }.joined(separator: ", ")
        let what = origin?.words ?? "the app runs action \(name)"
        let text =
          origin?.isUserAction == true
          ? "assuming \(what) when the values it computes are \(values)"
          : "assuming \(what)" + (values.isEmpty ? "" : " with \(values)")
        found.append(
          .init(
            text: text,
            place: origin?.place ?? world.action(named: name).map { "\($0.place.file ?? input.file):\($0.place.line)" } ?? "")
        )
      case .set(let name, .bool(let value)) where world.conditions.value(of: name) != nil:
        let origin = input.places.conditions[name]
        let text = origin.map { "assuming \($0.words) is \(value)" } ?? "assuming the app condition \(name) is \(value)"
        found.append(.init(text: text, place: origin?.place ?? ""))
      case .defineDevice(_, let os?):
        found.append(.init(text: "assuming a device on OS \(os), where the app's code under #available takes the other branch", place: ""))
      default: break
      }
    }
    var unique: [TipAudit.Assumption] = []
    // On one line: an emitted test carries each as a comment.
    for var assumption in found {
      assumption.text = CommentText.oneLine(assumption.text)
      if !unique.contains(assumption) { unique.append(assumption) }
    }
    return unique
  }

  /// The unknown app conditions a witness takes as false without saying so (an unknown one is
  /// false until set): each that matters to the tip (`Relevance`: it gates its anchors or a
  /// step that moves what its rules read), and without which — set true before the witness —
  /// the witness no longer displays the tip.
  private func reliedOnFalse(_ witness: [String], tip: String, conditions gating: [String], in world: World, from definitions: Session)
    -> [TipAudit.Assumption]
  {
    let set = Set(
      witness.compactMap { line -> String? in
        guard let statement = WitnessSearch.statement(line), case .command(.set(let name, _)) = statement.action else { return nil }
        return name
      })
    var found: [TipAudit.Assumption] = []
    for name in gating where !set.contains(name) && world.conditions.definition(named: name).map({ $0.initial == nil }) == true {
      guard !verifies(["set \(name) true"] + witness, shows: tip, from: definitions, stays: false) else { continue }
      let origin = input.places.conditions[name]
      found.append(
        .init(
          text: CommentText.oneLine(origin.map { "assuming \($0.words) is false" } ?? "assuming the app condition \(name) is false"),
          place: origin?.place ?? ""))
    }
    return found
  }

  /// Members of an ordered group after one that never shows and that no code invalidates
  /// never show either (rule 31).
  private func blockGroups(_ tips: inout [TipAudit], catalog: TipCatalog) {
    for group in catalog.groups where group.priority == .ordered {
      var blocker: String?
      for member in group.members {
        guard let index = tips.firstIndex(where: { $0.tip == member }) else { continue }
        if let blocker, tips[index].verdict != .never {
          tips[index].verdict = .never
          tips[index].witness = []
          tips[index].assumptions = []
          tips[index].returnsUntilClosed = false
          tips[index].note = nil
          tips[index].causes = [
            .init(
              code: .groupBlocked, name: blocker, place: input.places.groups[group.name] ?? "",
              message: "ordered group \(group.name) waits for \(blocker), which never shows and which no code invalidates (rule 31)")
          ]
        }
        if blocker == nil, tips[index].verdict == .never, !tips[index].ends.contains(.invalidatedByApp) { blocker = member }
      }
    }
  }

  /// Consecutive `advance SPAN` lines as one.
  static func mergingAdvances(_ lines: [String]) -> [String] {
    var merged: [String] = []
    var pending: TimeSpan?
    func flush() {
      if let span = pending { merged.append("advance \(span)") }
      pending = nil
    }
    for line in lines {
      if let statement = WitnessSearch.statement(line), case .command(.advance(let span)) = statement.action {
        pending = (pending ?? .seconds(0)) + span
      } else {
        flush()
        merged.append(line)
      }
    }
    flush()
    return merged
  }

  /// Where the app's code invalidates the tip: its Swift places, else the scenario's lines
  /// (its actions' and its reactions').
  private func invalidationPlaces(of tip: String, in context: Context) -> [String] {
    if let places = input.places.invalidations[tip], !places.isEmpty { return places }
    func invalidates(_ command: Command) -> Bool { if case .invalidate(let t, _) = command { t == tip } else { false } }
    let actions = context.actions.filter { invalidates($0.command) }.map(\.place)
    let reactions = context.start.world.reactions.filter { $0.commands.contains(where: invalidates) }.map {
      "\($0.place.file ?? input.file):\($0.line)"
    }
    return actions + reactions
  }

  private func firstDisplay(_ instant: Instant, world: World) -> TipAudit.FirstDisplay {
    let day = TipAudit.FirstDisplay.day(of: instant, from: world.clock)
    return .init(day: day, at: world.timeZone.civil(of: instant).stamp(separator: UInt8(ascii: "T")))
  }

  /// Replays a witness through the runner, from the session the definitions left, and checks
  /// that it displays the tip (`stays`: that it is still on screen after). The tests replay
  /// the emitted files, the definitions included.
  private func verifies(_ witness: [String], shows tip: String, from definitions: Session, stays: Bool) -> Bool {
    let check = stays ? "expect shown \(tip)" : "expect displays \(tip) at least 1"
    let report = replay(witness.joined(separator: "\n") + "\n" + check + "\n", from: definitions)
    return report.exitCode == 0 && report.expectationsChecked == 1 && report.failures.isEmpty
  }

  /// The line an emitted test checks its witness with.
  static func expectation(of tip: TipAudit) -> String {
    tip.onScreenAfterWitness ? "expect shown \(tip.tip)" : "expect displays \(tip.tip) at least 1"
  }

  private func replay(_ source: String, from session: Session = Session()) -> RunReport {
    ScenarioRunner.run(
      source: source, file: input.file, session: session, options: RunOptions(keepsLog: false, printsLog: false, includes: includes))
  }
}
