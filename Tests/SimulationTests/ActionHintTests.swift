import Simulation
import Testing
import TipEngine

/// `why`'s "actions that could" (rule 43) never suggest an action that cannot help: each one,
/// applied, moves the rule it was suggested for toward holding.
@Suite struct ActionHintTests {
  /// A world where tip `t` reads events `e` and `f` with `rule`, after the donations given.
  func world(_ rule: Expression, e: Int, f: Int, os: OSVersion = .latest) throws -> World {
    var world = try makeWorld(tips: [(tip("t", rules: [rule]), on("a"))])
    _ = try world.apply(.defineEvent(EventDefinition(id: "e")))
    _ = try world.apply(.defineEvent(EventDefinition(id: "f")))
    _ = try world.apply(.setOS(os))
    try world.run(.launch)
    for _ in 0..<e { try world.run(.donate(event: "e", fields: [:])) }
    for _ in 0..<f { try world.run(.donate(event: "f", fields: [:])) }
    try world.run(.open("s"))
    return world
  }

  static func count(_ event: String) -> Expression { .aggregate(EventAggregate(event: event)) }

  @Test func rule43_aCountThatMustStayZeroIsNeverHelpedByADonation() throws {
    let rule = Expression.comparison(Self.count("e"), .equal, .literal(.int(0)))
    let now = try world(rule, e: 1, f: 0).explain("t").actions
    #expect(!now.contains(.donate(event: "e")))
    #expect(now.contains(.deleteDonations(event: "e")))
    // Before iOS 26 the app cannot delete donations: only a reset brings the tip back.
    let older = try world(rule, e: 1, f: 0, os: OSVersion(parts: [18, 2])).explain("t").actions
    #expect(older == [.resetDatastore])
    // A count that must grow is helped by a donation.
    let grow = try world(.comparison(Self.count("e"), .greaterOrEqual, .literal(.int(3))), e: 1, f: 0).explain("t").actions
    #expect(grow == [.donate(event: "e")])
  }

  /// How far a comparison of a count with a number is from being `wanted`: 0 when it is.
  static func distance(_ value: Int, _ op: ComparisonOperator, _ target: Int, wanted: Bool) -> Int {
    let holds = Value.int(value).compare(op, .int(target))
    if holds == wanted { return 0 }
    switch wanted ? op : op.inverse {
    case .greater: return target + 1 - value
    case .greaterOrEqual: return target - value
    case .less: return value - target + 1
    case .lessOrEqual: return value - target
    case .equal: return abs(value - target)
    case .notEqual: return 1
    }
  }

  /// Every comparison of the rule with the truth it must have for the rule to hold.
  static func comparisons(_ rule: Expression, wanted: Bool = true) -> [(event: String, op: ComparisonOperator, target: Int, wanted: Bool)] {
    switch rule {
    case .not(let inner): comparisons(inner, wanted: !wanted)
    case .and(let l, let r), .or(let l, let r): comparisons(l, wanted: wanted) + comparisons(r, wanted: wanted)
    case .comparison(.aggregate(let a), let op, .literal(.int(let n))): [(a.event, op, n, wanted)]
    default: []
    }
  }

  @Test func rule43_everySuggestedDonationOrDeletionMovesItsComparisonTowardHolding() throws {
    var seed: UInt64 = 43
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    let ops = ComparisonOperator.allCases
    func comparison() -> Expression {
      .comparison(Self.count(next(2) == 0 ? "e" : "f"), ops[next(ops.count)], .literal(.int(next(4))))
    }
    func rule(_ depth: Int) -> Expression {
      switch depth > 1 ? 0 : next(4) {
      case 1: .not(rule(depth + 1))
      case 2: .and(rule(depth + 1), rule(depth + 1))
      case 3: .or(rule(depth + 1), rule(depth + 1))
      default: comparison()
      }
    }
    var checked = 0
    for _ in 0..<300 {
      let r = rule(0)
      let (e, f) = (next(4), next(4))
      let before = try world(r, e: e, f: f)
      guard before.engine.status(of: "t", at: before.clock) != .available else { continue }
      for hint in before.explain("t").actions {
        var after = before
        let event: String
        switch hint {
        case .donate(let name):
          event = name
          try after.run(.donate(event: name, fields: [:]))
        case .deleteDonations(let name):
          event = name
          try after.run(.deleteDonations(event: name))
        case .resetDatastore:
          continue
        default:
          Issue.record("unexpected hint \(hint) for \(r)")
          continue
        }
        let counts = { (world: World, name: String) in world.engine.aggregateValue(EventAggregate(event: name), at: world.clock) }
        // Some comparison of that event's count gets closer to what the rule needs of it.
        let closer = Self.comparisons(r).filter { $0.event == event }.contains { c in
          Self.distance(counts(after, event), c.op, c.target, wanted: c.wanted)
            < Self.distance(counts(before, event), c.op, c.target, wanted: c.wanted)
        }
        #expect(closer, "\(hint) for \(r) with e=\(e), f=\(f)")
        checked += 1
      }
    }
    #expect(checked > 100)
  }
}

extension ComparisonOperator {
  /// The operator of `not (a op b)`.
  fileprivate var inverse: ComparisonOperator {
    switch self {
    case .equal: .notEqual
    case .notEqual: .equal
    case .less: .greaterOrEqual
    case .lessOrEqual: .greater
    case .greater: .lessOrEqual
    case .greaterOrEqual: .less
    }
  }
}
