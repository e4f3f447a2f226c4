import Foundation
import ScenarioLanguage

/// Text in the scenario language's own forms.
enum ScenarioText {
  /// A string literal: `"…"` with `\"` and `\\` escapes, one line.
  static func quoted(_ text: String) -> String {
    // Most text needs no escape: it is copied whole.
    if !text.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 10 || $0 == 13 }) {
      return "\"" + text + "\""
    }
    var out = "\""
    for character in text {
      switch character {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n", "\r": out += " "
      default: out.append(character)
      }
    }
    return out + "\""
  }

  /// A comment's text on one line (Swift quoted in it may span several); its indent stays.
  static func comment(_ text: String) -> String { CommentText.oneLine(text) }

  /// "1 tip", "2 tips".
  static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

  /// Seconds as a duration: `90s`, `2m`, `1h30m`.
  static func duration(seconds: Int) -> String {
    var rest = seconds
    var out = ""
    for (unit, size) in [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)] where rest >= size {
      out += "\(rest / size)\(unit)"
      rest %= size
    }
    return out.isEmpty ? "0s" : out
  }
}
