/// What reading one line gave.
public enum LineInput: Equatable, Sendable {
  case line(String)
  /// Ctrl-C: cancel the current line or block.
  case interrupted
  /// Ctrl-D on an empty line, or the end of input.
  case endOfInput
}

/// Where the shell's lines come from: libedit on a terminal, plain lines otherwise, a list
/// of lines in tests.
public protocol LineReader: AnyObject {
  func readLine(prompt: String) -> LineInput
  /// Records an entered line in the history (no-op where there is none).
  func remember(_ line: String)
}

/// Lines from a list, for tests.
public final class ScriptedLineReader: LineReader {
  private var lines: [LineInput]
  public private(set) var prompts: [String] = []
  public private(set) var remembered: [String] = []

  public init(_ lines: [LineInput]) { self.lines = lines }
  public convenience init(lines: [String]) { self.init(lines.map(LineInput.line)) }

  public func readLine(prompt: String) -> LineInput {
    prompts.append(prompt)
    return lines.isEmpty ? .endOfInput : lines.removeFirst()
  }

  public func remember(_ line: String) { remembered.append(line) }
}
