import Foundation
import Sessions

extension Linter {
  /// The warnings as JSON Lines: `{"file", "line", "rule", "message", "fix"}`, one object a
  /// line.
  public func jsonLines(file: String) -> String { Self.jsonLines(warnings(), file: file) }

  /// These warnings as JSON Lines.
  public static func jsonLines(_ warnings: [Warning], file: String) -> String {
    struct Line: Encodable {
      var file: String
      var line: Int?
      var rule: String
      var message: String
      var fix: String
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return warnings.compactMap { warning in
      (try? encoder.encode(Line(file: file, line: warning.line, rule: warning.rule, message: warning.message, fix: warning.fix)))
        .map { String(decoding: $0, as: UTF8.self) + "\n" }
    }.joined()
  }
}
