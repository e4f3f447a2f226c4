import Runner
import Sessions

/// The imported scenario as the language runs it. A line the language refuses (a rule that
/// compares a parameter whose type the Swift did not say with a string, say) becomes a
/// comment that says why, so what the importer writes always runs.
enum RunnableScenario {
  /// Lines refused in a row before the importer gives up: past this, it is a bug of its own.
  static let maximumRefusals = 200

  /// The lines, each refused one commented out, and what was refused: the line's number in
  /// the scenario, its text and the language's message. Nil when it still does not run.
  static func check(_ lines: [String]) -> (lines: [String], refused: [(line: Int, text: String, message: String)])? {
    var lines = lines
    var refused: [(line: Int, text: String, message: String)] = []
    var session = Session()
    session.isSandboxed = true
    for _ in 0...maximumRefusals {
      let report = ScenarioRunner.run(
        source: lines.joined(separator: "\n") + "\n", file: "imported.scenario", session: session, keepsLog: false)
      guard report.exitCode == 2 else { return (lines, refused) }
      guard let diagnostic = report.diagnostic, lines.indices.contains(diagnostic.location.line - 1) else { return nil }
      let index = diagnostic.location.line - 1
      let text = lines[index]
      let indent = String(text.prefix { $0 == " " })
      guard !text.trimmingCharacters(in: .whitespaces).hasPrefix("#") else { return nil }
      refused.append((index + 1, text.trimmingCharacters(in: .whitespaces), diagnostic.message))
      lines[index] = indent + "# not translated, the language refuses it (\(diagnostic.message)): " + text.dropFirst(indent.count)
    }
    return nil
  }
}
