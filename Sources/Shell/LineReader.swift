/// What reading one line gave.
package enum LineInput: Equatable, Sendable {
  case line(String)
  /// Ctrl-C: cancel the current line or block.
  case interrupted
  /// Ctrl-D on an empty line, or the end of input.
  case endOfInput
}

/// Where the shell's lines come from: libedit on a terminal, plain lines otherwise, a list
/// of lines in tests.
package protocol LineReader: AnyObject {
  func readLine(prompt: String) -> LineInput
  /// Records an entered line in the history (no-op where there is none).
  func remember(_ line: String)
}

/// Lines from a list, for tests.
package final class ScriptedLineReader: LineReader {
  private var lines: [LineInput]
  package private(set) var prompts: [String] = []
  package private(set) var remembered: [String] = []

  package init(_ lines: [LineInput]) { self.lines = lines }
  package convenience init(lines: [String]) { self.init(lines.map(LineInput.line)) }

  package func readLine(prompt: String) -> LineInput {
    prompts.append(prompt)
    return lines.isEmpty ? .endOfInput : lines.removeFirst()
  }

  package func remember(_ line: String) { remembered.append(line) }
}
