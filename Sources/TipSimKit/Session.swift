import ScenarioLanguage
import Simulation
import TipEngine

/// A running scenario: the world, the log so far, and the statements that changed the world
/// (what `save` writes). The shell and `tipsim run` both drive one.
public struct Session: Sendable {
  public private(set) var world: World
  public private(set) var records: [LogRecord] = []
  /// Every statement that changed the world, in order.
  public private(set) var history: [Statement] = []
  public private(set) var expectationsChecked = 0
  public private(set) var failures: [ExpectationResult] = []

  public init(world: World = World()) { self.world = world }

  /// What executing a statement produced.
  public enum Output: Sendable {
    case record(LogRecord)
    /// Text that is not part of the log (`help`, the replay of `log`).
    case text(String)
  }

  /// Runs one parsed statement. An invalid statement changes nothing.
  public mutating func execute(_ statement: Statement) throws(Diagnostic) -> [Output] {
    let action = try Resolver.resolve(statement, in: world)
    var produced: [LogRecord] = []
    switch action {
    case .command(let command):
      do {
        produced = try world.apply(command)
      } catch {
        throw Diagnostic(error.message, at: statement.keyword.location, length: statement.keyword.length)
      }
      history.append(statement)
    case .status(let tips):
      produced = [LogRecord(instant: world.clock, event: .statusReport(world.statusLines(of: tips.isEmpty ? nil : tips)))]
    case .why(let tip):
      produced = [LogRecord(instant: world.clock, event: .explanation(world.explain(tip)))]
    case .log:
      return [.text(records.map { TextRenderer(timeZone: world.timeZone).render($0) }.joined(separator: "\n"))]
    case .help(let topic):
      return [.text(Help.text(for: topic))]
    case .expect(let expectation):
      let (passed, found) = world.check(expectation)
      let text = statement.text.split(separator: " ", omittingEmptySubsequences: true).dropFirst().joined(separator: " ")
      let result = ExpectationResult(
        passed: passed, text: text.trimmingComment(), found: found, explanation: passed ? nil : world.explain(expectation.tip),
        line: statement.lines.lowerBound)
      expectationsChecked += 1
      if !passed { failures.append(result) }
      produced = [LogRecord(instant: world.clock, event: .expectation(result))]
    }
    records += produced
    return produced.map(Output.record)
  }
}

extension String {
  /// The text before a `#` comment that is outside a string.
  func trimmingComment() -> String {
    var inString = false
    var escaped = false
    var out = ""
    for c in self {
      if inString {
        if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
      } else if c == "\"" {
        inString = true
      } else if c == "#" {
        break
      }
      out.append(c)
    }
    while out.last == " " || out.last == "\t" || out.last == "\r" { out.removeLast() }
    return out
  }
}
