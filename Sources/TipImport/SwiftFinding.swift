/// One lint finding about the app's Swift sources, at the place it concerns.
package struct SwiftFinding: Hashable, Sendable, Codable {
  /// A stable word for CI filters and JSON readers.
  package var code: String
  package var file: String
  package var line: Int
  package var column: Int
  /// What goes wrong for the app's users.
  package var message: String
  package var fix: String

  init(_ code: String, at position: SwiftPosition, _ message: String, fix: String) {
    self.code = code
    file = position.file
    line = position.line
    column = position.column
    self.message = message
    self.fix = fix
  }

  var position: SwiftPosition { SwiftPosition(file: file, line: line, column: column) }

  /// `file:line:col: warning: message` and the fix under it, as compilers print findings.
  package var text: String { "\(position): warning: \(message)\n  fix: \(fix)" }
}
