import TipEngine

/// The outcome of one `expect`.
public struct ExpectationResult: Hashable, Sendable {
  public var passed: Bool
  /// The expectation as written (`expect shown colleaguesAppeal`).
  public var text: String
  /// What was found, for a failure message.
  public var found: Finding
  /// The tip's explanation, when the expectation is about a tip and failed.
  public var explanation: Explanation?
  /// When the same tip's failure at the same instant was explained already, with the
  /// expectation at this line: the text log says so instead of printing the `why` again.
  public var explainedAtLine: Int?
  public var line: Int?
  /// The included file the `expect` line is in (`include FILE`); nil for the scenario's own.
  public var file: String?

  public init(passed: Bool, text: String, found: Finding, explanation: Explanation? = nil, line: Int? = nil, file: String? = nil) {
    self.passed = passed
    self.text = text
    self.found = found
    self.explanation = explanation
    self.line = line
    self.file = file
  }
}
