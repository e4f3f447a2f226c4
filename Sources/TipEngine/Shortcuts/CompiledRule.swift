/// A rule as the engine evaluates it. Most rules compare one reading with a literal
/// (`event.count(within: 1d) >= 1`, `isLoggedIn == true`): those are kept flat, with the
/// event's donation limit or the parameter's index looked up once, when the catalog changes
/// (it compiles every rule again then), instead of at every evaluation. Any other rule is
/// evaluated as written.
enum CompiledRule: Hashable, Sendable {
  case aggregate(Comparison<AggregateRead>)
  case parameter(Comparison<ParameterRead>)
  case expression

  init(_ rule: Expression, in catalog: TipCatalog) {
    switch rule {
    case .comparison(.aggregate(let aggregate), let op, .literal(let literal)):
      self = .aggregate(Comparison(AggregateRead(aggregate: aggregate, event: catalog.index(ofEvent: aggregate.event)), op, literal))
    case .comparison(.parameter(let name), let op, .literal(let literal)):
      self = .parameter(Comparison(ParameterRead(name: name, index: catalog.index(ofParameter: name)), op, literal))
    default:
      self = .expression
    }
  }

  /// For a threshold on an unfiltered count (`count(within:) >= n`, `> n`, n a whole
  /// number): whether it is strict, and n; nil for any other rule.
  private var countThreshold: (strict: Bool, n: Int)? {
    guard case .aggregate(let rule) = self, rule.read.aggregate.kind == .count, rule.read.aggregate.filter == nil,
      rule.op == .greaterOrEqual || rule.op == .greater, case .int(let n) = rule.literal
    else { return nil }
    return (rule.op == .greater, n)
  }

  /// Whether a donation to the event it reads leaves the rule true when it was: a threshold
  /// on an unfiltered count. A donation never lowers such a count: the new donation is seen
  /// wherever the one the donation limit drops was.
  var staysTrueAsDonationsArrive: Bool { countThreshold != nil }

  /// For a threshold on an unfiltered count, the smallest count for which it holds; nil for
  /// any other rule.
  var countNeeded: Int? {
    guard let (strict, n) = countThreshold else { return nil }
    guard strict else { return n }
    let (next, overflow) = n.addingReportingOverflow(1)
    return overflow ? nil : next
  }

  /// `read OP literal`, in a box: taking it out of the rule retains the box alone, where a
  /// copy of its fields retained each string they hold.
  final class Comparison<Read: Hashable & Sendable>: Hashable, Sendable {
    let read: Read
    let op: ComparisonOperator
    let literal: Value

    init(_ read: Read, _ op: ComparisonOperator, _ literal: Value) {
      self.read = read
      self.op = op
      self.literal = literal
    }

    static func == (lhs: Comparison, rhs: Comparison) -> Bool {
      lhs.read == rhs.read && lhs.op == rhs.op && lhs.literal == rhs.literal
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(read)
      hasher.combine(op)
      hasher.combine(literal)
    }
  }

  /// An event aggregate, with the event's index in `events` (nil when it is not defined).
  struct AggregateRead: Hashable, Sendable {
    var aggregate: EventAggregate
    var event: Int?
  }

  /// A parameter, with its index in `parameters` (nil when it is not defined).
  struct ParameterRead: Hashable, Sendable {
    var name: String
    var index: Int?
  }
}
