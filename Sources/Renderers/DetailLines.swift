import Foundation
import ScenarioLanguage
import Simulation
import TipEngine

/// A record's detail lines as they are written, as UTF-8: into the record's text, where the
/// first follows the verb column and each later one starts a line under it; made with
/// `init()`, collected one string per line; or, made with `init(jsonStrings:)`, into a JSON
/// array's strings, escaped where they need it.
struct DetailLines: ~Copyable {
  var text: ByteBuffer
  /// Written before the first line (`[device] `).
  var firstLinePrefix = ""
  private enum Mode { case inPlace, collected, jsonStrings }
  private let mode: Mode
  private var collected: [String] = []
  private var started = false
  /// Where the current line's JSON string starts in `text`, while it is open.
  private var openString: Int?

  /// Lines written into `text`.
  init(text: consuming ByteBuffer) {
    self.text = text
    mode = .inPlace
  }

  /// Lines collected one by one (`lines`).
  init() {
    text = ByteBuffer()
    mode = .collected
  }

  /// Lines written into `text` as the strings of a JSON array (its brackets are the
  /// caller's; `finishJSONString()` ends the last line).
  init(jsonStrings text: consuming ByteBuffer) {
    self.text = text
    mode = .jsonStrings
  }

  static func += (lines: inout DetailLines, piece: String) { lines.text.append(utf8: piece) }

  /// Whether lines are written into `text` as the log shows them.
  var writesInPlace: Bool { mode == .inPlace }

  /// A value as the scenario language writes it; whole numbers and booleans without a string.
  mutating func write(_ value: Value) {
    switch value {
    case .int(let number): text.append(decimal: Int64(number))
    case .bool(let flag): text.append(utf8: flag ? "true" : "false")
    case .double, .string, .null: text.append(utf8: value.description)
    }
  }

  /// Starts a line; what follows is appended to `text`.
  mutating func startLine() {
    switch mode {
    case .inPlace:
      if started {
        text.append(UInt8(ascii: "\n"))
        text.append(repeating: UInt8(ascii: " "), count: TextRenderer.detailIndent)
      } else {
        text.append(utf8: firstLinePrefix)
      }
    case .collected:
      if started {
        collected.append(string)
        text.removeLast(from: 0)
      } else {
        text.append(utf8: firstLinePrefix)
      }
    case .jsonStrings:
      if started {
        finishJSONString()
        text.append(UInt8(ascii: ","))
      }
      text.append(UInt8(ascii: "\""))
      openString = text.count
    }
    started = true
  }

  /// Ends the current line's JSON string: its bytes are escaped where they need it (rarely: a
  /// rule's string literal), and the quote closed. Nothing when no line was started.
  mutating func finishJSONString() {
    guard let start = openString else { return }
    openString = nil
    if text.bytes(from: start).contains(where: JSONValue.needsEscape) {
      let line = Array(text.bytes(from: start))
      text.removeLast(from: start)
      JSONValue.escape(line, into: &text)
    }
    text.append(UInt8(ascii: "\""))
  }

  mutating func line(_ line: String) {
    startLine()
    text.append(utf8: line)
  }

  mutating func add(_ lines: [String]) {
    for line in lines { self.line(line) }
  }

  /// What is written since the last line started, as a string.
  var string: String { text.string }

  /// The collected lines.
  var lines: [String] { started ? collected + [string] : [] }
}

extension String {
  public func padding(toLength length: Int) -> String {
    let width = displayWidth
    return width >= length ? self : self + String(repeating: " ", count: length - width)
  }

}
