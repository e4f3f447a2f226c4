import Simulation
import TipEngine

/// What ends a tip through its own rules: a rule that the app's own flow makes false for good
/// — an upper bound on a count the app keeps donating (`opened.count == 1` with `opened`
/// donated at each appearance), a parameter the app sets to a value the rule refuses. `lint`
/// and the audit both ask it, so they agree on which tips return until closed.
public enum RuleEnds {
  /// One way the tip's rules end it, in words, with the place of the code that does it.
  public struct End: Hashable, Sendable {
    public var text: String
    /// The event donated or the parameter written.
    public var subject: String
    /// The line of the scenario's code that does it.
    public var place: ScenarioPlace
  }

  /// The ways `tip`'s rules end it, given the app's code in `world` (its reactions and
  /// actions) and `commands` the script makes (each with its place).
  public static func ends(of tip: TipDefinition, in world: World, commands: [(Command, ScenarioPlace)] = []) -> [End] {
    // A datastore reset at every launch undoes every donation and write: nothing is for good.
    let resets = world.reactions.contains { reaction in
      reaction.trigger == .appLaunching && reaction.conditions.isEmpty && reaction.os == nil
        && reaction.commands.contains { if case .resetDatastore = $0 { true } else { false } }
    }
    guard !resets else { return [] }
    // Each run of code in order: a write undone later in the same run ends nothing.
    var runs: [[(Command, ScenarioPlace)]] = commands.map { [$0] }
    for reaction in world.reactions { runs.append(reaction.commands.map { ($0.underlying, reaction.place) }) }
    for action in world.actions { runs.append(action.commands.map { ($0.underlying, action.place) }) }
    let code = runs.flatMap { $0 }
    var ends: [End] = []
    for rule in tip.rules {
      if let end = countEnd(of: rule, in: world, code: code) { ends.append(end) }
      ends += parameterEnds(of: rule, in: world, runs: runs)
    }
    return ends
  }

  /// `E.count == k`, `<= k`, `< k` on every donation ever kept (no window, no filter): false
  /// for good once E is donated past k, which the app does, unless it deletes donations or
  /// the event keeps too few for the count to pass k.
  private static func countEnd(of rule: Expression, in world: World, code: [(Command, ScenarioPlace)]) -> End? {
    guard let (aggregate, op, bound) = upperBound(rule), aggregate.within == nil, aggregate.filter == nil, aggregate.kind == .count,
      let event = world.engine.catalog.event(named: aggregate.event)
    else { return nil }
    let passing = op == .less ? bound : bound + 1
    guard passing <= event.limit.maximumCount else { return nil }
    if code.contains(where: { if case .deleteDonations(aggregate.event) = $0.0 { true } else { false } }) { return nil }
    guard
      let donation = code.first(where: { command, _ in
        switch command {
        case .donate(let name, _), .donateGiven(let name, _, _): name == aggregate.event
        default: false
        }
      })
    else { return nil }
    return End(
      text:
        "`\(rule)` is false for good once \(aggregate.event) is donated \(passing == 1 ? "once" : "\(passing) times"), which the app's code does",
      subject: aggregate.event, place: donation.1)
  }

  /// `count <= k` as (count, <=, k), also written `k >= count`.
  private static func upperBound(_ rule: Expression) -> (EventAggregate, ComparisonOperator, Int)? {
    switch rule {
    case .comparison(.aggregate(let aggregate), let op, .literal(.int(let n))) where [.equal, .lessOrEqual, .less].contains(op):
      (aggregate, op, n)
    case .comparison(.literal(.int(let n)), let op, .aggregate(let aggregate)) where [.equal, .greaterOrEqual, .greater].contains(op):
      (aggregate, op.mirrored, n)
    default: nil
    }
  }

  /// A rule on one parameter (`p == v`, `p`, `not p`) that a write of the app's makes false,
  /// that the same run of code does not make true again after it, and that no code running
  /// by itself (a reaction) makes true again, or writes with a value it computes: the tip
  /// then stays away until the user or the app acts again.
  private static func parameterEnds(of rule: Expression, in world: World, runs: [[(Command, ScenarioPlace)]]) -> [End] {
    let names = rule.parameterNames
    guard names.count == 1, let name = names.first, rule.aggregates.isEmpty else { return [] }
    let rearms = world.reactions.flatMap(\.commands).map(\.underlying).contains { command in
      switch command {
      case .set(name, let value): holds(rule, name, value)
      case .update(name, _): true
      default: false
      }
    }
    guard !rearms else { return [] }
    for run in runs {
      for (index, (command, place)) in run.enumerated() {
        guard case .set(name, let value) = command, !holds(rule, name, value) else { continue }
        let undone = run[(index + 1)...].contains { later, _ in
          switch later {
          case .set(name, let again): holds(rule, name, again)
          case .update(name, _): true
          default: false
          }
        }
        if !undone { return [End(text: "`\(rule)` is false once the app sets \(name) to \(value)", subject: name, place: place)] }
      }
    }
    return []
  }

  /// Whether a rule over one parameter holds when it has `value`.
  private static func holds(_ rule: Expression, _ name: String, _ value: Value) -> Bool {
    func evaluate(_ expression: Expression) -> Value? {
      switch expression {
      case .literal(let literal): return literal
      case .parameter(let parameter): return parameter == name ? value : nil
      case .comparison(let l, let op, let r):
        guard let left = evaluate(l), let right = evaluate(r) else { return nil }
        return .bool(left.compare(op, right))
      case .and(let l, let r): return evaluate(l).flatMap { a in evaluate(r).map { b in .bool(a == .bool(true) && b == .bool(true)) } }
      case .or(let l, let r): return evaluate(l).flatMap { a in evaluate(r).map { b in .bool(a == .bool(true) || b == .bool(true)) } }
      case .not(let e): return evaluate(e).map { .bool($0 != .bool(true)) }
      case .aggregate: return nil
      }
    }
    // Unknown reads as holding: no end is claimed that is not proved.
    return evaluate(rule).map { $0 == .bool(true) } ?? true
  }
}
