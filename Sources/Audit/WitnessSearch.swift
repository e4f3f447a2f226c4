import HeapModule
import ScenarioLanguage
import Sessions
import Simulation
import TipEngine

/// Finds what the app and its user do, from a fresh install, to display one tip: a best-first
/// search over the steps the app allows — launch and quit, open and close each screen (its
/// reactions run), each of the app's actions, the user closing another tip on screen, an app
/// condition that matters to the tip turning the other way, and time passing to the next
/// instant that can change a decision or by a day. A state's
/// distance to the goal is guessed from the tip's decision — one step to launch, one to open
/// its screen, one per donation a count still needs, one per other false part of a rule or
/// frequency hold — and weighs twice the steps taken, so the search goes for the goal first
/// and a witness is short but not proved shortest. What it finds is replayed before it is
/// believed (`Auditor`).
public struct WitnessSearch {
  private(set) var start: Session
  let tip: String
  let relevance: Relevance
  /// The most states expanded before the search gives up.
  let limit: Int
  /// The app's actions, parsed once.
  let actions: [(text: String, statement: Statement)]
  let screens: [String]

  /// How a search ends.
  enum Outcome {
    case found([String])
    /// Every state it could reach was expanded (this many), none displaying the tip.
    case exhausted(states: Int)
    /// It stopped at its limit of states.
    case stopped(states: Int)
  }

  /// The most states expanded before the search gives up, by default.
  public static let maximumStates = 1_500
  /// The most steps in a witness.
  static let maximumSteps = 40
  /// How far ahead time may jump in one step.
  static let maximumJump = TimeSpan.days(400)

  private struct Node {
    var session: Session
    var lines: [String]
    /// Steps taken: an action with its guards set is one.
    var steps: Int
  }

  private struct Queued: Comparable {
    var cost: Int
    var order: Int
    var node: Int
    static func < (a: Queued, b: Queued) -> Bool { (a.cost, a.order) < (b.cost, b.order) }
  }

  /// The same search from another start (a device of another OS).
  func starting(from session: Session) -> WitnessSearch {
    var search = self
    search.start = session
    return search
  }

  /// The lines of a witness, or how the search ended without one.
  func run() -> Outcome {
    var nodes: [Node] = [Node(session: start, lines: [], steps: 0)]
    var queue = Heap<Queued>()
    var seen: Set<Relevance.StateKey> = [relevance.key(start.world)]
    var order = 0
    guard let first = distance(start.world) else { return .exhausted(states: 0) }
    queue.insert(Queued(cost: first, order: 0, node: 0))
    var expanded = 0
    while let next = queue.popMin() {
      guard expanded < limit else { return .stopped(states: expanded) }
      expanded += 1
      let node = nodes[next.node]
      guard node.steps < Self.maximumSteps else { continue }
      let displayed = node.session.world.displayHistory[tip]?.count ?? 0
      for step in steps(from: node.session.world) {
        var session = node.session
        guard step.statements.allSatisfy({ (try? session.execute($0)) != nil }) else { continue }
        let lines = node.lines + step.lines
        // Displayed, even if the app's code hid it again within the same step.
        if session.world.onScreen[tip] != nil || (session.world.displayHistory[tip]?.count ?? 0) > displayed { return .found(lines) }
        guard seen.insert(relevance.key(session.world)).inserted, let guess = distance(session.world) else { continue }
        order += 1
        nodes.append(Node(session: session, lines: lines, steps: node.steps + 1))
        queue.insert(Queued(cost: node.steps + 1 + 2 * guess, order: order, node: nodes.count - 1))
      }
    }
    return .exhausted(states: expanded)
  }

  /// Every step the app allows from this state, in a fixed order: one line each, or an
  /// action with the app conditions its own code tests set so that it runs (its guards are
  /// one assumption of the witness, taken at once, not a search state per condition).
  private func steps(from world: World) -> [(lines: [String], statements: [Statement])] {
    var steps = singleSteps(from: world).map { (lines: [$0.0], statements: [$0.1]) }
    guard world.isRunning else { return steps }
    for (line, statement) in actions {
      guard case .command(.perform(let name, _)) = statement.action, let action = world.action(named: name) else { continue }
      var seen: Set<[ConditionTest]> = []
      for command in action.commands where relevance.matters(command) {
        // One guard turned is a step of its own already: only several make a step of their own.
        let failing = command.guards.filter { world.conditions.value(of: $0.name) != nil && !world.conditions.hold([$0]) }
        guard failing.count > 1, seen.insert(failing).inserted else { continue }
        let sets = failing.map { "set \($0.name) \(!$0.negated)" }
        let parsed = sets.compactMap(Self.statement)
        guard parsed.count == sets.count else { continue }
        steps.append((sets + [line], parsed + [statement]))
      }
    }
    return steps
  }

  private func singleSteps(from world: World) -> [(String, Statement)] {
    var lines: [String] = []
    lines.append(world.isRunning ? "quit" : "launch")
    for screen in screens { lines.append(world.isOpen(screen) ? "close \(screen)" : "open \(screen)") }
    // The user closes a tip in the way (its × button).
    for other in world.onScreen.keys.sorted() where other != tip { lines.append("dismiss \(other)") }
    // An app condition the tip needs turns the other way (the fresh-install value is tried
    // first: turning it is a step, and costs as one).
    for condition in relevance.conditions {
      lines.append("set \(condition) \(world.conditions.value(of: condition) != true)")
    }
    var found = lines.compactMap { line in Self.statement(line).map { (line, $0) } }
    if world.isRunning { found += actions.map { ($0.text, $0.statement) } }
    var jumps: [TimeSpan] = []
    if let next = world.engine.nextChange(after: world.clock, readByTipsAt: relevance.tipIndices), next - world.clock <= Self.maximumJump {
      jumps.append(next - world.clock)
    }
    if !jumps.contains(.days(1)) { jumps.append(.days(1)) }
    for span in jumps {
      let line = "advance \(span)"
      if let statement = Self.statement(line) { found.append((line, statement)) }
    }
    return found
  }

  static func statement(_ line: String) -> Statement? {
    (try? Parser(source: line).parse())?.first
  }

  /// A guess of the steps left; nil when the tip can no longer display (invalidated).
  private func distance(_ world: World) -> Int? {
    var steps = world.isRunning ? 0 : 1
    let toPlaces = world.places(of: tip).map { placement in
      (world.isOpen(placement.screen) ? 0 : 1) + world.anchorTests(of: placement.description).count { !world.conditions.hold([$0]) }
    }
    steps += toPlaces.min() ?? 0
    for hold in world.engine.decision(for: tip, at: world.clock).holds {
      switch hold {
      case .invalidated: return nil
      case .notConfigured: break
      case .hiddenForTesting, .frequency: steps += 1
      case .rules(let failing): steps += failing.map(Self.gap).reduce(0, +)
      }
    }
    return steps
  }

  /// The steps a failing rule still needs, at least: for each false part of a conjunction,
  /// the donations a threshold on a count still needs, else 1.
  private static func gap(_ rule: RuleEvaluation) -> Int {
    let counts = Dictionary(
      rule.readings.compactMap { reading -> (EventAggregate, Int)? in
        if case .aggregate(let aggregate, let value) = reading { (aggregate, value) } else { nil }
      }, uniquingKeysWith: { first, _ in first })
    let values = Dictionary(
      rule.readings.compactMap { reading -> (String, Value)? in
        if case .parameter(let name, let value, _, _) = reading { (name, value) } else { nil }
      }, uniquingKeysWith: { first, _ in first })
    func gap(_ expression: Expression) -> Int {
      switch expression {
      case .and(let l, let r): return gap(l) + gap(r)
      case .comparison(.aggregate(let aggregate), let op, .literal(.int(let n))):
        guard let count = counts[aggregate], !Value.int(count).compare(op, .int(n)) else { return 0 }
        let needed =
          switch op {
          case .greaterOrEqual, .equal: n - count
          case .greater: n + 1 - count
          default: 1
          }
        return max(1, min(needed, 1_000))
      case .comparison(.parameter(let name), let op, .literal(let literal)):
        guard let value = values[name] else { return 1 }
        return value.compare(op, literal) ? 0 : 1
      default:
        return 1
      }
    }
    return max(1, gap(rule.rule))
  }
}
