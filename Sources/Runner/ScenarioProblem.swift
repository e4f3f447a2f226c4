import Renderers
import Sessions
import Simulation

/// A failed expectation or invalid input, placed and worded for a CI report (JUnit XML,
/// GitHub annotations, a test framework's issue): no log time stamps, no verb column.
public struct ScenarioProblem: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    /// An expectation that did not hold (exit 1).
    case failure
    /// Input that is not valid (exit 2), or a transcript that differs from its golden one.
    case error
  }

  public var kind: Kind
  public var file: String
  /// 1-based; nil when the problem is the whole file's.
  public var line: Int?
  public var column: Int?
  /// One line: `expect shown favorite`, or the diagnostic's message.
  public var title: String
  /// The rest: what was found and the tip's `why`, or the diagnostic's note.
  public var detail: String

  /// Title and detail.
  public var message: String { detail.isEmpty ? title : title + "\n" + detail }
}

extension ExpectationResult {
  /// The tip's `why` at the failure, as `why` prints it without the log's columns.
  public func explanationText(timeZone: SimTimeZone) -> String? {
    explanation.map { ExplanationRenderer(wording: Wording(timeZone: timeZone)).lines($0).joined(separator: "\n") }
  }

  /// What was found, worded.
  public var foundText: String { Wording.describe(found) }

  /// What was found and the tip's `why`, for a report.
  public func detail(timeZone: SimTimeZone) -> String {
    (["found: \(foundText)"] + [explanationText(timeZone: timeZone)].compactMap { $0 }).joined(separator: "\n")
  }
}

extension RunReport {
  /// Each failed expectation, or the input error.
  public var problems: [ScenarioProblem] {
    if let diagnostic {
      return [
        ScenarioProblem(
          kind: .error, file: file, line: diagnostic.location.line, column: diagnostic.location.column, title: diagnostic.message,
          detail: diagnostic.note.map { "note: \($0)" } ?? "")
      ]
    }
    if exitCode == 2 { return [ScenarioProblem(kind: .error, file: file, title: errors, detail: "")] }
    return failures.map { failure in
      ScenarioProblem(
        kind: .failure, file: file, line: failure.line, column: nil, title: "expect \(failure.text)",
        detail: failure.detail(timeZone: session.world.timeZone))
    }
  }
}
