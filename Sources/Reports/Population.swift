import Foundation
import HostOS
import ScenarioLanguage
import Sessions
import Simulation
import TipEngine

/// Population simulation: many simulated users run the scenario's definitions under the
/// usage model, each independently and deterministically from the seed and the user's
/// index — the same numbers on any number of cores.
public struct Population: Sendable {
  public let base: World
  public let cohorts: [Cohort]
  public var users: Int
  public let span: TimeSpan
  public var seed: UInt64
  /// Seconds from the start, in order, at which each user's held-back reasons are also read
  /// (`UserOutcome.heldBackAt`): a plan's "by day N" asks why a user had not seen a tip by then.
  public var checkpoints: [Int64] = []
  /// The days of the span, for lines that happen on some days or at a time of day.
  var calendar: UsageCalendar

  /// The world after the session's definitions and the app's own code (its reactions) only,
  /// without the script's actions: where every user starts.
  public static func baseWorld(of session: Session) -> Result<World, Diagnostic> {
    Session.replay(session.history.filter(\.isDefinition)).map(\.world)
  }

  /// The same, with `whatif` changes made to the definitions (a plan's option, `--whatif`).
  public static func baseWorld(of session: Session, with changes: [WhatIfChange]) -> Result<World, Diagnostic> {
    WhatIf.replay(session, with: changes, definitionsOnly: true).map(\.world)
  }

  public init(base: World, cohorts: [Cohort], users: Int, span: TimeSpan, seed: UInt64) {
    self.base = base
    self.cohorts = cohorts
    self.users = users
    self.span = span
    self.seed = seed
    calendar = UsageCalendar(start: base.clock, span: span, timeZone: base.timeZone, cohorts: cohorts)
  }

  /// What one user's run left.
  public struct UserOutcome: Sendable {
    public var cohort: Int
    /// Tip index → seconds from the start to its first display, or -1.
    public var firstDisplay: [Int64]
    public var displays: [Int]
    /// Tip index → seconds from the start to each of its displays, in order (what a plan's
    /// displays and load targets read).
    public var displayTimes: [[Int64]] = []
    /// Tip index → the reason words holding it back at the end (or when the user stopped using the app).
    public var reasons: [[String]]
    /// Tip index → the indexes of its rules that did not hold at the end.
    public var unmetRules: [[Int]] = []
    /// The user stopped using the app (its cohort's churn) before the run's end.
    public var stoppedEarly = false
    /// Seconds from the start to when the user stopped using the app, if they did.
    public var stoppedAt: Int64?
    /// Per checkpoint (`Population.checkpoints`): the reasons and unmet rules then, or when the
    /// user stopped using the app if that came first.
    public var heldBackAt: [HeldBack] = []
  }

  /// A step's order from here on is an action during a visit: `visitOrder + line ×
  /// visitActions + index`, sorted after the opens and closes of its instant.
  static let visitOrder = 1 << 40
  static let visitActions = 1 << 10

  /// What held each tip back at one moment: reason words and the indexes of unmet rules.
  public struct HeldBack: Sendable {
    public var reasons: [[String]]
    public var unmetRules: [[Int]]
  }

  /// Runs every user, in parallel chunks; `progress` hears how many users are done.
  public func run(progress: (@Sendable (Int) -> Void)? = nil) async -> [UserOutcome] {
    let chunk = 128
    let chunks = (users + chunk - 1) / chunk
    var results = [[UserOutcome]](repeating: [], count: chunks)
    await withTaskGroup(of: (Int, [UserOutcome]).self) { group in
      var next = 0
      let width = max(2, ProcessInfo.processInfo.activeProcessorCount * 2)
      func add(_ index: Int) {
        let range = (index * chunk)..<min(users, (index + 1) * chunk)
        group.addTask { [self] in
          let base = base.unshared()
          return (index, range.map { simulate(user: $0, from: base) })
        }
      }
      while next < min(width, chunks) {
        add(next)
        next += 1
      }
      var done = 0
      for await (index, outcomes) in group {
        results[index] = outcomes
        done += outcomes.count
        progress?(done)
        if next < chunks {
          add(next)
          next += 1
        }
      }
    }
    return results.flatMap { $0 }
  }

  /// Runs synchronously (for the shell and the runner), on every core, on threads with the
  /// stack a Mac gives GCD's workers on both systems, so that Linux runs the users as a Mac
  /// does. It never waits on Swift's cooperative pool, so async code can call it, several at
  /// once (waiting there for a task could take every pool thread and deadlock).
  ///
  /// `shouldStop` is asked after each chunk of users (the shell's Ctrl-C); once it says yes,
  /// the chunks not yet started are skipped and fewer than `users` outcomes come back.
  public func runBlocking(progress: (@Sendable (Int) -> Void)? = nil, shouldStop: (@Sendable () -> Bool)? = nil) -> [UserOutcome] {
    let chunk = 128
    let chunks = (users + chunk - 1) / chunk
    let results = Chunks(count: chunks, progress: progress, shouldStop: shouldStop)
    HostOS.concurrentPerform(iterations: chunks, stackSize: HostOS.secondaryThreadStack) { index in
      guard !results.isStopped else { return }
      let range = (index * chunk)..<min(users, (index + 1) * chunk)
      let base = base.unshared()
      results.set(index, range.map { simulate(user: $0, from: base) })
    }
    return results.all()
  }

  /// The chunks' outcomes as they arrive from the threads, how many users are done, and
  /// whether the run was told to stop.
  private final class Chunks: Sendable {
    private struct State {
      var chunks: [[UserOutcome]]
      var done = 0
      var stopped = false
    }
    private let state: Locked<State>
    private let progress: (@Sendable (Int) -> Void)?
    private let shouldStop: (@Sendable () -> Bool)?

    init(count: Int, progress: (@Sendable (Int) -> Void)?, shouldStop: (@Sendable () -> Bool)?) {
      state = Locked(State(chunks: Array(repeating: [], count: count)))
      self.progress = progress
      self.shouldStop = shouldStop
    }

    var isStopped: Bool { state.withLock { $0.stopped } }

    func set(_ index: Int, _ outcomes: [UserOutcome]) {
      state.withLock { state in
        state.chunks[index] = outcomes
        state.done += outcomes.count
        progress?(state.done)
        if !state.stopped, let shouldStop, shouldStop() { state.stopped = true }
      }
    }

    func all() -> [UserOutcome] { state.withLock { $0.chunks.flatMap { $0 } } }
  }

  /// One user's run: pick a cohort, lay out the usage on the clock, replay it from `base`
  /// (the population's, or a copy of it: `World.unshared()`).
  public func simulate(user index: Int, from base: World? = nil) -> UserOutcome {
    var rng = SplitMix64(seed: seed ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03)
    let total = cohorts.reduce(0) { $0 + $1.share }
    var pick = rng.nextDouble() * max(total, 1e-9)
    var cohortIndex = 0
    for (i, cohort) in cohorts.enumerated() {
      cohortIndex = i
      if pick < cohort.share { break }
      pick -= cohort.share
    }
    let cohort = cohorts.isEmpty ? Cohort(name: "none", share: 1) : cohorts[cohortIndex]
    let spanSeconds = Double(span.seconds)
    var end = spanSeconds
    if cohort.churnPerDay > 0 {
      let u = max(rng.nextDouble(), 1e-12)
      let days = cohort.churnPerDay >= 1 ? 0 : floor(log(u) / log(1 - cohort.churnPerDay))
      end = min(end, days * 86_400)
    }
    // (seconds from start, order): order 2 × line is the usage line's action, 2 × line + 1
    // the close after an `open`. Plain numbers, so sorting moves no strings.
    var steps: [(Double, Int)] = []
    for (line, usage) in cohort.usage.enumerated() {
      for t in calendar.occurrences(of: usage, until: end, rng: &rng) {
        steps.append((t, line * 2))
        if case .open(_, let length) = usage.action {
          steps.append((t + Double(length.seconds), line * 2 + 1))
          // What the user does during this visit, halfway through it, each with its chance.
          for (index, visit) in usage.during.enumerated() where rng.nextDouble() < visit.probability {
            steps.append((t + Double(length.seconds) / 2, Population.visitOrder + line * Population.visitActions + index))
          }
        }
      }
    }
    steps.sort { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
    var world = base ?? self.base
    world.isQuiet = true
    let start = world.clock
    // The cohort's own state of the app, from the start.
    for name in cohort.conditions.keys.sorted() { _ = try? world.apply(.setCondition(name, cohort.conditions[name] == true)) }
    _ = try? world.apply(.launch)
    let plan = Plan(cohort.usage, in: world)
    let tips = world.engine.catalog.tips
    // A user who stops using the app is held back by what held each tip when they left: a
    // rule over the last days read after they left would only say they had gone.
    let stoppedEarly = end < spanSeconds
    let leaving = start + TimeSpan(seconds: Int64(end.rounded(.down)))
    var atLeaving: (reasons: [[String]], unmetRules: [[Int]])?
    var heldBackAt: [HeldBack] = []
    // Reads what holds each tip back at the checkpoints before `offset` (after the user left:
    // what held them when they left).
    func readCheckpoints(before offset: Double) {
      while heldBackAt.count < checkpoints.count, Double(checkpoints[heldBackAt.count]) <= offset {
        let at = checkpoints[heldBackAt.count]
        if stoppedEarly, Double(at) >= end, let atLeaving {
          heldBackAt.append(HeldBack(reasons: atLeaving.reasons, unmetRules: atLeaving.unmetRules))
          continue
        }
        _ = try? world.apply(.advanceTo(start + TimeSpan(seconds: at)))
        let held = Population.heldBack(tips, in: world)
        heldBackAt.append(HeldBack(reasons: held.reasons, unmetRules: held.unmetRules))
      }
    }
    for (offset, order) in steps {
      if !checkpoints.isEmpty { readCheckpoints(before: min(offset, stoppedEarly ? end : offset)) }
      if stoppedEarly, atLeaving == nil, offset >= end {
        _ = try? world.apply(.advanceTo(leaving))
        atLeaving = Population.heldBack(tips, in: world)
      }
      let at = start + TimeSpan(seconds: Int64(offset.rounded(.down)))
      if order >= Population.visitOrder {
        let visit = order - Population.visitOrder
        _ = try? world.apply(plan.visits[visit / Population.visitActions][visit % Population.visitActions], at: at)
        continue
      }
      let line = order / 2
      switch plan.kinds[line] {
      case .screen:
        let closing = order % 2 == 1
        // The open screens are read directly: calling `isOpen` on the world copied all of it.
        let screen = plan.screens[line]
        if world.openScreens.contains(where: { $0.name == screen }) != closing {
          // Nothing to do: the clock moves with the next step (advancing in pieces or in
          // one go is the same).
          continue
        } else if closing {
          _ = try? world.apply(plan.closes[line], at: at)
        } else {
          _ = try? world.apply(plan.actions[line], at: at)
        }
      case .command:
        _ = try? world.apply(plan.actions[line], at: at)
      case .relaunch:
        _ = try? world.apply(plan.actions[line], at: at)
        _ = try? world.apply(.launch)
      }
    }
    if !checkpoints.isEmpty { readCheckpoints(before: stoppedEarly ? end : spanSeconds) }
    if stoppedEarly, atLeaving == nil {
      _ = try? world.apply(.advanceTo(leaving))
      atLeaving = Population.heldBack(tips, in: world)
    }
    if !checkpoints.isEmpty { readCheckpoints(before: spanSeconds) }
    _ = try? world.apply(.advanceTo(start + span))
    let held = atLeaving ?? Population.heldBack(tips, in: world)
    var outcome = UserOutcome(
      cohort: cohortIndex,
      firstDisplay: tips.map { tip in world.displayHistory[tip.name]?.first.map { ($0 - start).seconds } ?? -1 },
      displays: tips.map { world.displayHistory[$0.name]?.count ?? 0 },
      reasons: held.reasons, unmetRules: held.unmetRules)
    outcome.stoppedEarly = stoppedEarly
    outcome.stoppedAt = stoppedEarly ? Int64(end.rounded(.down)) : nil
    outcome.heldBackAt = heldBackAt
    outcome.displayTimes = tips.map { tip in world.displayHistory[tip.name]?.map { ($0 - start).seconds } ?? [] }
    return outcome
  }

  /// Each tip's reason words holding it back now, and the indexes of its rules that do not hold.
  static func heldBack(_ tips: [TipDefinition], in world: World) -> (reasons: [[String]], unmetRules: [[Int]]) {
    (
      tips.map { tip in
        world.currentSuppressions(of: tip.name).flatMap { suppression -> [String] in
          if case .hold(.invalidated(.displayCountExceeded, _)) = suppression { return ["counts"] }
          return suppression.words.filter { $0 != "screenNotOpen" }
        }
      },
      tips.map { tip in
        world.engine.decision(for: tip.name, at: world.clock).holds.flatMap { hold -> [Int] in
          guard case .rules(let evaluations) = hold else { return [] }
          return evaluations.filter { !$0.holds }.compactMap { tip.rules.firstIndex(of: $0.rule) }
        }
      }
    )
  }
}

/// A cohort's usage lines as commands, built once per user rather than at each step, and
/// kept in parallel arrays, so that a step reads them in place.
private struct Plan {
  enum Kind { case screen, command, relaunch }
  var kinds: [Kind] = []
  /// Each line's command: `open`, `donate`, `set` or `write` (`quit` for a relaunch).
  var actions: [Command] = []
  /// An `open` line's close, and its screen (the action itself for other lines).
  var closes: [Command] = []
  var screens: [String] = []
  /// Each line's actions during a visit, as commands.
  var visits: [[Command]] = []

  /// `world` tells an app condition from a parameter, and an action's input types.
  init(_ usage: [Usage], in world: World) {
    for line in usage {
      visits.append(line.during.map { Plan.command($0.action, in: world) })
      switch line.action {
      case .open(let screen, _): add(.screen, .open(screen), close: .close(screen), screen: screen)
      case .relaunch: add(.relaunch, .quit)
      default: add(.command, Plan.command(line.action, in: world))
      }
    }
  }

  /// A usage line's action (not `open`, not `relaunch`) as the command it runs.
  static func command(_ action: Usage.Action, in world: World) -> Command {
    switch action {
    case .donate(let event, let fields):
      // A new dictionary: two cores retaining the cohort's own, at each donation, waited on
      // each other.
      return .donate(event: event, fields: fields.reduce(into: [:]) { $0[$1.key] = $1.value })
    case .set(let name, .bool(let value)) where world.conditions.value(of: name) != nil: return .setCondition(name, value)
    case .set(let parameter, let value): return .set(parameter: parameter, value)
    case .perform(let name, let given):
      let types = world.action(named: name)?.inputs ?? []
      let inputs = given.reduce(into: [String: Value]()) { inputs, input in
        let wantsDouble = types.first { $0.name == input.key }?.type == .double
        inputs[input.key] = wantsDouble ? input.value.numeric.map(Value.double) ?? input.value : input.value
      }
      return .perform(action: name, inputs: inputs)
    case .write(let key, let value): return .write(key, value)
    case .open(let screen, _): return .open(screen)
    case .relaunch: return .quit
    }
  }

  private mutating func add(_ kind: Kind, _ action: Command, close: Command? = nil, screen: String = "") {
    kinds.append(kind)
    actions.append(action)
    closes.append(close ?? action)
    screens.append(screen)
  }
}

/// A small, fast, well-mixed generator (Steele, Lea & Flood's SplitMix64): the same sequence
/// everywhere for a seed.
public struct SplitMix64: Sendable {
  private var state: UInt64
  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform in [0, 1).
  public mutating func nextDouble() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
