/// One app-wide finding of `audit` (and of `lint` on Swift): a stable rule id, a place and
/// what goes wrong for the app's users.
public struct AuditFinding: Hashable, Sendable, Codable {
  /// The rule's id (`ownScreenDefeatsTip`, `duplicateEventID`…): stable, for filters.
  public var rule: String
  /// `file:line`, or `file:line:column`.
  public var place: String
  public var message: String
  public var fix: String

  public init(rule: String, place: String, message: String, fix: String) {
    self.rule = rule
    self.place = place
    self.message = message
    self.fix = fix
  }

  /// The place's file, line and column (0 when the place has none).
  public var location: (file: String, line: Int, column: Int) {
    let parts = place.split(separator: ":", omittingEmptySubsequences: false)
    var numbers: [Int] = []
    var file = parts[...]
    while numbers.count < 2, file.count > 1, let last = file.last, let number = Int(last) {
      numbers.insert(number, at: 0)
      file = file.dropLast()
    }
    return (file.joined(separator: ":"), numbers.first ?? 0, numbers.dropFirst().first ?? 0)
  }

  /// By file, then line and column as numbers, then rule.
  var order: Order {
    let (file, line, column) = location
    return Order(file: file, line: line, column: column, rule: rule)
  }

  struct Order: Comparable {
    var file: String
    var line: Int
    var column: Int
    var rule: String
    static func < (a: Order, b: Order) -> Bool { (a.file, a.line, a.column, a.rule) < (b.file, b.line, b.column, b.rule) }
  }

  /// `place: warning: message [rule]` and the fix under it, as compilers print findings.
  public var text: String { "\(place): warning: \(message) [\(rule)]\n  fix: \(fix)" }
}
