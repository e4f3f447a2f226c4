import TipEngine

/// Rules' and event aggregates' text, by value, as a log's renderer writes them. A suppression
/// whose whole text is not kept (`SuppressionTexts`: a count its rule read changed) wrote its
/// rules and their aggregates again, each made with string interpolation; here each is made
/// once. There are only as many as the tips' rules have. Used as
/// `SuppressionTexts` is: by one batch's rendering at a time.
final class RuleTexts: @unchecked Sendable {
  private var rules: [Expression: String] = [:]
  private var aggregates: [EventAggregate: String] = [:]

  func text(of rule: Expression) -> String { Self.text(of: rule, in: &rules) }

  func text(of aggregate: EventAggregate) -> String { Self.text(of: aggregate, in: &aggregates) }

  private static func text<Key: Hashable & CustomStringConvertible>(of key: Key, in table: inout [Key: String]) -> String {
    if let text = table[key] { return text }
    let text = key.description
    table[key] = text
    return text
  }
}
