import Foundation

/// Text put in a scenario's `#` comment: a comment ends at its line's end, so text that may
/// span lines (Swift quoted from an app) is joined onto one.
public enum CommentText {
  /// `text` on one line: its lines joined by a space, each after the first without its indent.
  public static func oneLine(_ text: String) -> String {
    // Bytes first: a line break is a byte from 0x0A to 0x0D, or beyond ASCII.
    guard text.utf8.contains(where: { (0x0A...0x0D).contains($0) || $0 >= 0x80 }), text.contains(where: \.isNewline) else { return text }
    let lines = text.split(whereSeparator: \.isNewline)
    guard let first = lines.first else { return "" }
    return ([String(first)] + lines.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }).joined(separator: " ")
  }
}
