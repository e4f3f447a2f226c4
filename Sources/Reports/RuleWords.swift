import Simulation
import TipEngine

/// A rule in a team's words, and what it takes for it not to hold: `habitLogged.count(within:
/// 7d) >= 3` reads "habitLogged happened at least 3 times in the last 7 days", and a user it
/// holds back "habitLogged happened fewer than 3 times in the last 7 days".
enum RuleWords {
  /// What the team calls its events and parameters (`event planMade label "made a meal plan"`).
  struct Labels {
    var events: [String: String] = [:]
    var parameters: [String: String] = [:]

    init() {}

    init(_ catalog: TipCatalog) {
      for event in catalog.events { events[event.id] = event.label }
      for parameter in catalog.parameters { parameters[parameter.name] = parameter.label }
    }
  }

  static func words(_ rule: Expression, labels: Labels = Labels()) -> String { phrase(rule, negated: false, labels) }

  /// What is true of a user the rule holds back.
  static func unmet(_ rule: Expression, labels: Labels = Labels()) -> String { phrase(rule, negated: true, labels) }

  private static func phrase(_ e: Expression, negated: Bool, _ labels: Labels) -> String {
    switch e {
    case .and(let l, let r): return phrase(l, negated: negated, labels) + (negated ? " or " : " and ") + phrase(r, negated: negated, labels)
    case .or(let l, let r): return phrase(l, negated: negated, labels) + (negated ? " and " : " or ") + phrase(r, negated: negated, labels)
    case .not(let inner): return phrase(inner, negated: !negated, labels)
    case .comparison(let l, let op, let r):
      let op = negated ? op.negated : op
      if case .aggregate(let a) = l, case .literal(let v) = r { return aggregate(a, op, v, labels) }
      if case .literal(let v) = l, case .aggregate(let a) = r { return aggregate(a, op.mirrored, v, labels) }
      if case .parameter(let p) = l, case .literal(let v) = r { return parameter(p, op, v, labels) }
      if case .literal(let v) = l, case .parameter(let p) = r { return parameter(p, op.mirrored, v, labels) }
      return "\(l) \(op.rawValue) \(r)"
    case .parameter(let p): return parameter(p, .equal, .bool(!negated), labels)
    case .literal(let v): return negated ? "not \(v)" : v.description
    case .aggregate(let a): return a.description
    }
  }

  /// "hasReminder is not false"; with a label, "partner linked: no" for a true or false one.
  private static func parameter(_ name: String, _ op: ComparisonOperator, _ value: Value, _ labels: Labels) -> String {
    guard let label = labels.parameters[name] else { return "\(name) \(relation(op, value))" }
    switch (op, value) {
    case (.equal, .bool(let b)), (.notEqual, .bool(let b)): return "\(label): \(b == (op == .equal) ? "yes" : "no")"
    default: return "\(label) \(relation(op, value))"
    }
  }

  /// "is true", "is at least 3", "is not \"pro\"".
  private static func relation(_ op: ComparisonOperator, _ value: Value) -> String {
    switch op {
    case .equal: "is \(value)"
    case .notEqual: "is not \(value)"
    case .less: "is less than \(value)"
    case .lessOrEqual: "is at most \(value)"
    case .greater: "is more than \(value)"
    case .greaterOrEqual: "is at least \(value)"
    }
  }

  /// "habitLogged happened at least 3 times in the last 7 days".
  private static func aggregate(_ a: EventAggregate, _ op: ComparisonOperator, _ value: Value, _ labels: Labels) -> String {
    let n = value.numeric.map { $0 == $0.rounded() ? String(Int($0)) : String($0) } ?? value.description
    let times = n == "1" ? "once" : "\(n) times"
    var how: String
    switch (op, n) {
    case (.less, "1"), (.lessOrEqual, "0"), (.equal, "0"): how = "never"
    default: how = ""
    }
    switch how.isEmpty ? op : nil {
    case nil: break
    case .equal?: how = "exactly \(times)"
    case .notEqual?: how = "other than \(times)"
    case .less?: how = "fewer than \(times)"
    case .lessOrEqual?: how = "at most \(times)"
    case .greater?: how = "more than \(times)"
    case .greaterOrEqual?: how = "at least \(times)"
    }
    // A label is a past-tense phrase: "never made a meal plan", "saved a recipe fewer than 3 times".
    var text: String
    if let label = labels.events[a.event] {
      text = how == "never" ? "never \(label)" : "\(label) \(how)"
    } else {
      text = how == "never" ? "\(a.event) never happened" : "\(a.event) happened \(how)"
    }
    switch a.kind {
    case .count: break
    case .largestSubset(let field): text += " with one same \(field)"
    case .smallestSubset(let field): text += " for each \(field) it has"
    }
    if let filter = a.filter { text += " with \(filter)" }
    if let within = a.within { text += " in the last \(span(within))" }
    return text
  }

  /// "7 days", "12 hours", "1 day 12 hours".
  static func span(_ span: TimeSpan) -> String {
    var parts: [String] = []
    var seconds = span.seconds
    // Days rather than weeks: windows are counted in days ("in the last 7 days").
    for (size, unit) in [(Int64(86_400), "day"), (3_600, "hour"), (60, "minute"), (1, "second")] where seconds >= size {
      let n = seconds / size
      parts.append("\(n) \(unit)\(n == 1 ? "" : "s")")
      seconds %= size
    }
    return parts.isEmpty ? "0 seconds" : parts.joined(separator: " ")
  }
}

extension StoryReport {
  /// A rule in words, as the page's inputs give it.
  public static func words(of rule: Expression) -> String { RuleWords.words(rule) }

  /// What is true of a user the rule holds back, as the page's findings give it.
  public static func unmet(_ rule: Expression) -> String { RuleWords.unmet(rule) }
}
