/// Plain lines from standard input: no prompt, no editing (TERM=dumb).
public final class PlainLineReader: LineReader {
  public init() {}

  public func readLine(prompt: String) -> LineInput {
    guard let line = Swift.readLine(strippingNewline: true) else { return .endOfInput }
    return .line(line)
  }

  public func remember(_ line: String) {}
}
