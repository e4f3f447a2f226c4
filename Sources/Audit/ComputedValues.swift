import Simulation
import TipEngine

/// What a tip's rules read that the app computes at run time, so the simulation cannot
/// choose it: a donation field a rule groups or filters by that no donation gives, a
/// parameter the app's code changes by arithmetic. What an action computes is an input the
/// audit chooses, not such a value.
struct ComputedValues {
  /// Event → the fields its donations give, over every donation of it.
  private var givenFields: [String: Set<String>] = [:]
  private var updated: Set<String> = []

  init(commands: [Command], in world: World) {
    for command in commands {
      switch command {
      case .donate(let event, let fields): givenFields[event, default: []].formUnion(fields.keys)
      case .donateGiven(let event, let fields, let given): givenFields[event, default: []].formUnion(Array(fields.keys) + given.keys)
      case .update(let parameter, let update) where world.engine.catalog.parameter(named: update.source) != nil: updated.insert(parameter)
      default: break
      }
    }
  }

  /// The values named, or nil when the rules read none.
  func needed(by tip: TipDefinition) -> String? {
    var names: [String] = []
    for rule in tip.rules {
      for aggregate in rule.aggregates {
        var fields: [String] = []
        switch aggregate.kind {
        case .count: break
        case .largestSubset(let field), .smallestSubset(let field): fields.append(field)
        }
        if let filter = aggregate.filter { fields += filter.fields }
        let given = givenFields[aggregate.event] ?? []
        for field in fields where !given.contains(field) {
          let name = "\(aggregate.event)'s \(field) (no donation gives it)"
          if !names.contains(name) { names.append(name) }
        }
      }
      for parameter in rule.parameterNames where updated.contains(parameter) && !names.contains(parameter) {
        names.append("\(parameter) (the app's code computes it)")
      }
    }
    return names.isEmpty ? nil : names.joined(separator: ", ")
  }
}

extension DonationFilter {
  /// The fields it reads.
  fileprivate var fields: [String] {
    switch self {
    case .comparison(let field, _, _): [field]
    case .and(let l, let r), .or(let l, let r): l.fields + r.fields
    case .not(let f): f.fields
    }
  }
}
