/// An error in a scenario, with the place it was found (`FILE:LINE:COLUMN: error: MESSAGE`).
public struct Diagnostic: Error, Hashable, Sendable {
  public var message: String
  public var location: SourceLocation
  public var length: Int
  /// A "did you mean" or other hint, printed after the caret line.
  public var note: String?
  /// The included file the error is in (`include FILE`), and the text of its line; nil for
  /// the scenario's own lines.
  public var file: String?
  public var sourceLine: String?

  public init(_ message: String, at location: SourceLocation, length: Int = 1, note: String? = nil) {
    self.message = message
    self.location = location
    self.length = max(1, length)
    self.note = note
  }

  /// The same, with `note` when it has none.
  public func noting(_ note: String) -> Diagnostic {
    var noted = self
    if noted.note == nil { noted.note = note }
    return noted
  }

  /// The same for a script `file` whose text is `source`: an error in an included file is
  /// printed at that file, with its own line.
  public func rendered(inScript file: String, source: String) -> String {
    self.file == nil ? rendered(file: file, source: Parser.line(location.line, of: source)) : rendered(file: self.file!, source: sourceLine)
  }

  /// The diagnostic as printed: the header, the offending line and a caret under the column,
  /// then the note. The caret accounts for wide (East Asian) characters and tabs.
  public func rendered(file: String, source lineText: String?) -> String {
    var text = "\(file):\(location.line):\(location.column): error: \(message)"
    if let lineText {
      let prefix = lineText.prefix(max(0, location.column - 1))
      let indent = prefix.map { $0 == "\t" ? "\t" : String(repeating: " ", count: $0.displayWidth) }.joined()
      let underlined = lineText.dropFirst(max(0, location.column - 1)).prefix(length)
      let width = max(1, underlined.reduce(0) { $0 + $1.displayWidth })
      text += "\n" + lineText + "\n" + indent + "^" + String(repeating: "~", count: width - 1)
    }
    if let note { text += "\nnote: \(note)" }
    return text
  }
}

extension Character {
  /// Terminal cells the character occupies: 2 for East Asian wide and full-width characters.
  public var displayWidth: Int {
    guard let scalar = unicodeScalars.first else { return 0 }
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
      0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }
}

extension String {
  /// The Characters in the line: the column of its end, less one. An ASCII line (nearly
  /// every line) counts its bytes instead of breaking graphemes.
  var columnCount: Int { utf8.allBytes { $0 < 0x80 && $0 != 0x0D } ? utf8.count : count }

  /// Terminal cells the string occupies.
  public var displayWidth: Int {
    // Printable ASCII (a log's verbs and names, nearly always) is one cell per byte.
    utf8.allBytes { $0 >= 0x20 && $0 < 0x7F } ? utf8.count : reduce(0) { $0 + $1.displayWidth }
  }
}

extension String.UTF8View {
  /// `allSatisfy` over the bytes in place rather than through the view's own iterator: every
  /// line of a script is checked.
  @inline(__always)
  func allBytes(_ predicate: (UInt8) -> Bool) -> Bool {
    withContiguousStorageIfAvailable { bytes in
      for byte in bytes where !predicate(byte) { return false }
      return true
    } ?? allSatisfy(predicate)
  }
}

/// The closest candidate to a misspelt name, for "did you mean".
public func suggestion(for name: String, among candidates: [String]) -> String? {
  var best: (String, Int)?
  for candidate in candidates {
    // A name typed short (`perScreen` for `perScreenOpen`) is a prefix of what was meant.
    if name.count >= 3, candidate.lowercased().hasPrefix(name.lowercased()), best == nil { best = (candidate, 3) }
    let distance = editDistance(name.lowercased(), candidate.lowercased())
    let limit = max(1, min(3, candidate.count / 3 + 1))
    if distance <= limit, best.map({ distance < $0.1 }) ?? true { best = (candidate, distance) }
  }
  return best?.0
}

func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a)
  let b = Array(b)
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}
