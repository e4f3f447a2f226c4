/// `--format` and `--reporter` of `tipsim audit`, which both name an output: one choice.
extension AuditCommandLine {
  /// What `--format` takes: `md` (a comparison as a pull request's comment), `text`, and every
  /// reporter's name, which prints what `--reporter` of that name does.
  public static var formats: [String] { ["md", "text"] + FindingReporter.allCases.map(\.rawValue) }

  /// The output `--format` and `--reporter` ask for together: Markdown, a reporter, or text
  /// (neither). Both given with different values is an error that names both.
  public static func output(format: String?, reporter: String?) -> Result<(markdown: Bool, reporter: FindingReporter?), Auditor.Problem> {
    if let format, !formats.contains(format) {
      return .failure(Auditor.Problem(message: "--format is one of: \(formats.joined(separator: ", "))"))
    }
    if let reporter, FindingReporter(rawValue: reporter) == nil {
      return .failure(Auditor.Problem(message: "--reporter is one of: \(FindingReporter.allCases.map(\.rawValue).joined(separator: ", "))"))
    }
    if let format, let reporter, format != reporter {
      return .failure(Auditor.Problem(message: "--format \(format) and --reporter \(reporter) ask for two outputs: give one"))
    }
    return .success((format == "md", (reporter ?? format).flatMap(FindingReporter.init(rawValue:))))
  }
}
