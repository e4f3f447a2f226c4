import TipEngine

/// Rules' and event aggregates' text, by value, as a log's renderer writes them. A suppression
/// whose whole text is not kept (`SuppressionTexts`: a count its rule read changed) wrote its
/// rules and their aggregates again, each made with string interpolation: about a tenth of a
/// long replay's rendering. There are only as many as the tips' rules have. Used as
/// `SuppressionTexts` is: by one batch's rendering at a time.
final class RuleTexts: @unchecked Sendable {
  private var rules: [Expression: String] = [:]
  private var aggregates: [EventAggregate: String] = [:]

  func text(of rule: Expression) -> String {
    if let text = rules[rule] { return text }
    let text = rule.description
    rules[rule] = text
    return text
  }

  func text(of aggregate: EventAggregate) -> String {
    if let text = aggregates[aggregate] { return text }
    let text = aggregate.description
    aggregates[aggregate] = text
    return text
  }
}
