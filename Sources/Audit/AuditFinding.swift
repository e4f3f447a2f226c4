/// One app-wide finding of `audit` (and of `lint` on Swift): a stable rule id, a place and
/// what goes wrong for the app's users.
public struct AuditFinding: Hashable, Sendable, Codable {
  /// The rule's id (`ownScreenDefeatsTip`, `duplicateEventID`…): stable, for filters.
  public var rule: String
  /// `file:line`, or `file:line:column`.
  public var place: String
  public var message: String
  public var fix: String
  /// What it is about — a tip, an event, a screen — for a baseline to match it by; nil when
  /// the message is all there is.
  public var subject: String?

  public init(rule: String, place: String, message: String, fix: String, subject: String? = nil) {
    self.rule = rule
    self.place = place
    self.message = message
    self.fix = fix
    self.subject = subject
  }

  /// What a baseline matches it by beside its rule and file: its subject, or its message
  /// with every number as `N` (a count or a day that moves is the same finding).
  var baselineSubject: String {
    if let subject { return subject }
    var text = ""
    for character in message {
      if character.isNumber {
        if text.last != "N" || text.isEmpty { text.append("N") }
      } else {
        text.append(character)
      }
    }
    return text
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
