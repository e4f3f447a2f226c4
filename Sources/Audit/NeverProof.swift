import Reports
import Simulation
import TipEngine

/// Proves, where the code read allows, that a tip never displays: it has no display site, its
/// rules contradict each other, a rule is false whatever the app's code can do — reading an
/// event no code donates (its counts stay 0) or a parameter no code writes, or writes only
/// with other literal values — or its only screen donates, as it appears, an event its rule
/// needs at 0. Sound: a donation, a computed write, a bound parameter or too
/// many combinations of values make a rule's value unknown, and unknown proves nothing.
struct NeverProof {
  let world: World
  var catalog: TipCatalog { world.engine.catalog }
  var placements: NameMap<Placement> { world.placements }
  let places: AuditPlaces
  /// The events some code donates.
  private var donated: Set<String> = []
  /// Parameter → the literal values code writes; absent: never written; nil: any value.
  private var written: [String: Set<Value>?] = [:]

  /// The most value combinations of a rule's parameters tried; more proves nothing.
  static let maximumCombinations = 1_024

  init(world: World, commands: [Command], places: AuditPlaces) {
    self.world = world
    self.places = places
    for command in commands {
      switch command {
      case .donate(let event, _), .donateGiven(let event, _, _): donated.insert(event)
      case .set(let parameter, let value):
        if case .some(.some(var values)) = written[parameter] {
          values.insert(value)
          written[parameter] = .some(values)
        } else if written[parameter] == nil {
          written[parameter] = .some([value])
        }
      case .update(let parameter, _): written[parameter] = .some(nil)
      default: break
      }
    }
    // A parameter bound to an app store takes whatever the app writes there; a write the
    // definitions do not say may write anything, a donation they do not say counts.
    for name in world.bindings.keys { written[name] = .some(nil) }
    for name in places.untranslated.writes.keys { written[name] = .some(nil) }
    donated.formUnion(places.untranslated.donations.keys)
  }

  /// Why the tip never displays; empty when that is not proved.
  func causes(of tipName: String) -> [TipAudit.Cause] {
    guard let tip = catalog.tip(named: tipName) else { return [] }
    let place = places.tips[tipName] ?? ""
    if placements[tipName] == nil {
      // Proved only when every use of the tip is followed and none reaches a display.
      guard unfollowedUses(of: tipName) == nil else { return [] }
      let dead = places.deadDisplays[tipName] ?? []
      let message =
        dead.isEmpty
        ? "no code displays \(tipName)"
        : "its only display is at \(dead.joined(separator: " and "))"
      return [.init(code: .noDisplaySite, name: tipName, place: place, message: message)]
    }
    if let contradiction = Contradiction.find(in: tip.rules) {
      return [.init(code: .contradictoryRules, name: tipName, place: place, message: contradiction)]
    }
    for rule in tip.rules {
      let causes = causes(ofFalse: rule)
      if !causes.isEmpty { return causes }
    }
    if let defeat = OwnScreen.defeat(of: tipName, in: world) {
      return [
        .init(code: .ownScreenDefeatsTip, name: defeat.event, place: places.displays[tipName]?.first ?? place, message: defeat.message)
      ]
    }
    return []
  }

  /// Why a tip that no line of the definitions displays is not proved never: a use of it
  /// the import does not follow, or a display the import does not place; nil when none.
  func unfollowedUses(of tipName: String) -> String? {
    guard placements[tipName] == nil else { return nil }
    let uses = (places.unplacedDisplays[tipName] ?? []) + (places.escapes[tipName] ?? [])
    guard let first = uses.first else { return nil }
    let more = uses.count > 1 ? " (and \(uses.count - 1) more: \(uses.dropFirst().joined(separator: "; ")))" : ""
    return "no display of \(tipName) is placed, but not every use of it is accounted for: \(first)\(more)"
  }

  /// The causes that make `rule` false whatever the code does; empty when it may hold.
  private func causes(ofFalse rule: Expression) -> [TipAudit.Cause] {
    var choices: [(name: String, values: [Value])] = []
    var combinations = 1
    for name in rule.parameterNames {
      guard let values = possibleValues(of: name) else { continue }
      choices.append((name, values))
      combinations *= max(values.count, 1)
      if combinations > Self.maximumCombinations { return [] }
    }
    var environment: [String: Value] = [:]
    func alwaysFalse(_ index: Int) -> Bool {
      guard index < choices.count else { return value(of: rule, environment) == .bool(false) }
      for value in choices[index].values {
        environment[choices[index].name] = value
        if !alwaysFalse(index + 1) { return false }
      }
      return true
    }
    guard alwaysFalse(0) else { return [] }
    var causes: [TipAudit.Cause] = []
    for aggregate in beyondLimit(in: rule) where !causes.contains(where: { $0.name == aggregate.event }) {
      let kept = world.keptDonations(of: aggregate.event) ?? DonationLimit.defaultMaximumCount
      causes.append(
        .init(
          code: .beyondDonationLimit, name: aggregate.event, place: places.events[aggregate.event] ?? "",
          message: "`\(rule)` needs more than rules ever count of \(aggregate.event): they see at most its last \(kept) donations (rule 18)"
        ))
    }
    for aggregate in rule.aggregates where !donated.contains(aggregate.event) && !causes.contains(where: { $0.name == aggregate.event }) {
      causes.append(
        .init(
          code: .eventNeverDonated, name: aggregate.event, place: places.events[aggregate.event] ?? "",
          message: "`\(rule)` needs \(aggregate.event) donated, and no code donates it"))
    }
    for (name, values) in choices {
      guard let parameter = catalog.parameter(named: name) else { continue }
      if values == [parameter.defaultValue] {
        causes.append(
          .init(
            code: .parameterNeverWritten, name: name, place: places.parameters[name] ?? "",
            message: "`\(rule)` needs \(name) changed, and no code writes it (it stays \(parameter.defaultValue))"))
      } else {
        let others = values.filter { $0 != parameter.defaultValue }.map(\.description).joined(separator: ", ")
        causes.append(
          .init(
            code: .valueNeverWritten, name: name, place: places.writes[name]?.first ?? places.parameters[name] ?? "",
            message: "`\(rule)` needs a value of \(name) that no code writes (it writes only \(others))"))
      }
    }
    if causes.isEmpty {
      causes.append(.init(code: .contradictoryRules, name: "", place: "", message: "`\(rule)` can never hold"))
    }
    return causes
  }

  /// The values a parameter can have: its default and every literal written; nil when code
  /// computes it (any value).
  private func possibleValues(of name: String) -> [Value]? {
    guard let parameter = catalog.parameter(named: name) else { return nil }
    switch written[name] {
    case .none: return [parameter.defaultValue]
    case .some(.none): return nil
    case .some(.some(let values)):
      return [parameter.defaultValue] + values.filter { $0 != parameter.defaultValue }.sorted { $0.description < $1.description }
    }
  }

  /// Whether `count op n` is false for every count rules can read of the event: 0 up to the
  /// donations it keeps (its `DonationLimit`, 1000 by default).
  private func beyondLimit(_ aggregate: EventAggregate, _ op: ComparisonOperator, _ n: Int) -> Bool {
    Contradiction.neverTrue(op, Double(n), kept: world.keptDonations(of: aggregate.event) ?? DonationLimit.defaultMaximumCount)
  }

  /// The counts of donated events the rule compares past what the events keep.
  private func beyondLimit(in rule: Expression) -> [EventAggregate] {
    switch rule {
    case .comparison(.aggregate(let aggregate), let op, .literal(.int(let n))):
      return donated.contains(aggregate.event) && beyondLimit(aggregate, op, n) ? [aggregate] : []
    case .comparison(.literal(.int(let n)), let op, .aggregate(let aggregate)):
      return donated.contains(aggregate.event) && beyondLimit(aggregate, op.mirrored, n) ? [aggregate] : []
    case .and(let l, let r), .or(let l, let r): return beyondLimit(in: l) + beyondLimit(in: r)
    default: return []
    }
  }

  /// The rule's value with these parameter values and the counts of undonated events at 0;
  /// nil when it depends on something unknown.
  private func value(of expression: Expression, _ environment: [String: Value]) -> Value? {
    switch expression {
    case .literal(let value): return value
    case .parameter(let name):
      // An undefined parameter reads false, as the engine reads it.
      guard catalog.parameter(named: name) != nil else { return .bool(false) }
      return environment[name]
    case .aggregate(let aggregate): return donated.contains(aggregate.event) ? nil : .int(0)
    // A count of a donated event is between 0 and what the event keeps (rule 18).
    case .comparison(.aggregate(let aggregate), let op, .literal(.int(let n))) where donated.contains(aggregate.event):
      return beyondLimit(aggregate, op, n) ? .bool(false) : nil
    case .comparison(.literal(.int(let n)), let op, .aggregate(let aggregate)) where donated.contains(aggregate.event):
      return beyondLimit(aggregate, op.mirrored, n) ? .bool(false) : nil
    case .comparison(let l, let op, let r):
      guard let left = value(of: l, environment), let right = value(of: r, environment) else { return nil }
      return .bool(left.compare(op, right))
    case .and(let l, let r):
      let (left, right) = (value(of: l, environment), value(of: r, environment))
      if let left, left != .bool(true) { return .bool(false) }
      if let right, right != .bool(true) { return .bool(false) }
      return left != nil && right != nil ? .bool(true) : nil
    case .or(let l, let r):
      let (left, right) = (value(of: l, environment), value(of: r, environment))
      if left == .bool(true) || right == .bool(true) { return .bool(true) }
      return left != nil && right != nil ? .bool(false) : nil
    case .not(let e):
      return value(of: e, environment).map { .bool($0 != .bool(true)) }
    }
  }
}
