/// Plain lines from standard input: no prompt, no editing (TERM=dumb).
package final class PlainLineReader: LineReader {
  package init() {}

  package func readLine(prompt: String) -> LineInput {
    guard let line = Swift.readLine(strippingNewline: true) else { return .endOfInput }
    return .line(line)
  }

  package func remember(_ line: String) {}
}
