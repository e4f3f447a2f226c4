/// Square brackets nested deeper than swift-syntax parses in reasonable time: its parser's
/// lookahead takes time that doubles with each level of `[` (figures in BENCHMARKS.md). No
/// app's code nests this deep; a fuzzer's does.
enum BracketNesting {
  /// Deeper than this is refused before parsing.
  static let limit = 16

  /// The byte offset of the first `[` nested deeper than `limit`, outside strings and
  /// comments, or nil.
  static func tooDeep(_ bytes: [UInt8]) -> Int? {
    var depth = 0
    var index = 0
    let count = bytes.count
    func at(_ offset: Int) -> UInt8 { index + offset < count ? bytes[index + offset] : 0 }
    while index < count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "/") where at(1) == UInt8(ascii: "/"):
        while index < count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
      case UInt8(ascii: "/") where at(1) == UInt8(ascii: "*"):
        index += 2
        while index < count && !(bytes[index] == UInt8(ascii: "*") && at(1) == UInt8(ascii: "/")) { index += 1 }
        index += 1
      case UInt8(ascii: "\""):
        // A string, `"…"` or `"""…"""`, with its escapes; interpolations are skipped with it.
        let triple = at(1) == UInt8(ascii: "\"") && at(2) == UInt8(ascii: "\"")
        index += triple ? 3 : 1
        while index < count {
          if bytes[index] == UInt8(ascii: "\\") {
            index += 2
            continue
          }
          if bytes[index] == UInt8(ascii: "\"") && (!triple || (at(1) == UInt8(ascii: "\"") && at(2) == UInt8(ascii: "\""))) {
            index += triple ? 2 : 0
            break
          }
          if !triple && bytes[index] == UInt8(ascii: "\n") { break }
          index += 1
        }
      case UInt8(ascii: "["):
        depth += 1
        if depth > limit { return index }
      case UInt8(ascii: "]"):
        depth = max(0, depth - 1)
      default: break
      }
      index += 1
    }
    return nil
  }
}
