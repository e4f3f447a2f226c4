/// Square brackets nested deeper than swift-syntax parses in reasonable time: its parser's
/// lookahead takes time that doubles with each level of `[` (figures in BENCHMARKS.md). No
/// app's code nests this deep; a fuzzer's does.
enum BracketNesting {
  /// Deeper than this is refused before parsing.
  static let limit = 12

  /// The byte offset of the first `[` nested deeper than `limit` in code, or nil. Brackets in
  /// comments and string text do not count; those in a string's interpolations (`"\([…])"`,
  /// `#"\#([…])"#`) do, since the parser reads them as code.
  static func tooDeep(_ bytes: [UInt8]) -> Int? {
    var scan = Scan(bytes: bytes)
    return scan.firstTooDeep()
  }

  /// What the text at hand is: code (at the top, or an interpolation with its open
  /// parentheses), or a string's text.
  private enum Context {
    case code(interpolation: Bool, parentheses: Int)
    case string(hashes: Int, triple: Bool)
  }

  private struct Scan {
    let bytes: [UInt8]
    var index = 0
    var depth = 0
    var contexts: [Context] = [.code(interpolation: false, parentheses: 0)]

    init(bytes: [UInt8]) { self.bytes = bytes }

    func at(_ offset: Int) -> UInt8 { index + offset < bytes.count ? bytes[index + offset] : 0 }

    /// How many `#` start at `offset` from here.
    func hashes(from offset: Int) -> Int {
      var count = 0
      while at(offset + count) == UInt8(ascii: "#") { count += 1 }
      return count
    }

    mutating func firstTooDeep() -> Int? {
      while index < bytes.count {
        switch contexts[contexts.count - 1] {
        case .string(let hashes, let triple): string(hashes: hashes, triple: triple)
        case .code(let interpolation, let parentheses):
          if let found = code(interpolation: interpolation, parentheses: parentheses) { return found }
        }
      }
      return nil
    }

    /// One step in a string's text: an escape, an interpolation's start, or the string's end.
    mutating func string(hashes: Int, triple: Bool) {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\\"), self.hashes(from: 1) >= hashes {
        if at(1 + hashes) == UInt8(ascii: "(") { contexts.append(.code(interpolation: true, parentheses: 0)) }
        index += 2 + hashes
        return
      }
      let quote = UInt8(ascii: "\"")
      let closes = byte == quote && (!triple || (at(1) == quote && at(2) == quote))
      if closes && self.hashes(from: triple ? 3 : 1) >= hashes {
        contexts.removeLast()
        index += (triple ? 3 : 1) + hashes
        return
      }
      // A one-line string ends at its line, closed or not.
      if byte == UInt8(ascii: "\n") && !triple { contexts.removeLast() }
      index += 1
    }

    /// One step in code: a comment or string skipped or entered, a bracket counted.
    mutating func code(interpolation: Bool, parentheses: Int) -> Int? {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "/") where at(1) == UInt8(ascii: "/"):
        while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
      case UInt8(ascii: "/") where at(1) == UInt8(ascii: "*"):
        index += 2
        while index < bytes.count && !(bytes[index] == UInt8(ascii: "*") && at(1) == UInt8(ascii: "/")) { index += 1 }
        index += 2
      case UInt8(ascii: "#"), UInt8(ascii: "\""):
        let hashes = hashes(from: 0)
        guard at(hashes) == UInt8(ascii: "\"") else {
          index += max(1, hashes)
          return nil
        }
        let triple = at(hashes + 1) == UInt8(ascii: "\"") && at(hashes + 2) == UInt8(ascii: "\"")
        contexts.append(.string(hashes: hashes, triple: triple))
        index += hashes + (triple ? 3 : 1)
      case UInt8(ascii: "(") where interpolation:
        contexts[contexts.count - 1] = .code(interpolation: true, parentheses: parentheses + 1)
        index += 1
      case UInt8(ascii: ")") where interpolation:
        contexts[contexts.count - 1] = .code(interpolation: true, parentheses: parentheses - 1)
        if parentheses == 0 { contexts.removeLast() }
        index += 1
      case UInt8(ascii: "["):
        depth += 1
        if depth > limit { return index }
        index += 1
      case UInt8(ascii: "]"):
        depth = max(0, depth - 1)
        index += 1
      default:
        index += 1
      }
      return nil
    }
  }
}
