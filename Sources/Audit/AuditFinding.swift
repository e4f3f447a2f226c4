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

  /// `place: warning: message [rule]` and the fix under it, as compilers print findings.
  public var text: String { "\(place): warning: \(message) [\(rule)]\n  fix: \(fix)" }
}
