import Audit

/// One lint finding about the app's Swift sources, at the place it concerns.
public struct SwiftFinding: Hashable, Sendable, Codable {
  /// A stable word for CI filters and JSON readers.
  public var code: String
  public var file: String
  public var line: Int
  public var column: Int
  /// What goes wrong for the app's users.
  public var message: String
  public var fix: String

  init(_ code: String, at position: SwiftPosition, _ message: String, fix: String) {
    self.code = code
    file = position.file
    line = position.line
    column = position.column
    self.message = message
    self.fix = fix
  }

  var position: SwiftPosition { SwiftPosition(file: file, line: line, column: column) }

  /// The same finding as `audit` and the reporters take it.
  public var shared: AuditFinding { AuditFinding(rule: code, place: position.description, message: message, fix: fix) }

  /// `file:line:col: warning: message [code]` and the fix under it, as compilers print
  /// findings.
  public var text: String { "\(position): warning: \(message) [\(code)]\n  fix: \(fix)" }
}
