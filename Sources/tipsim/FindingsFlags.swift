import ArgumentParser
import Audit

/// The flags `audit` and `lint` share about findings.
struct FindingsFlags: ParsableArguments {
  @Option(help: "Print the findings for a tool: xcode, json, sarif, github-actions-logging or junit.") var reporter: String?
  @Option(help: "Leave out the findings kept in this file (written by --write-baseline).") var baseline: String?
  @Option(name: .customLong("write-baseline"), help: "Keep today's findings in this file, for --baseline.") var writeBaseline: String?
  @Flag(help: "Exit 1 when there are findings (for CI).") var strict = false

  func validate() throws {
    if let reporter, FindingReporter(rawValue: reporter) == nil {
      throw ValidationError("--reporter is one of: \(FindingReporter.allCases.map(\.rawValue).joined(separator: ", "))")
    }
  }

  var options: FindingsOptions {
    var options = FindingsOptions()
    options.reporter = reporter.flatMap(FindingReporter.init(rawValue:))
    options.baseline = baseline
    options.writeBaseline = writeBaseline
    options.strict = strict
    return options
  }

  /// The same flags for tipsim-import.
  var arguments: [String] {
    var arguments: [String] = strict ? ["--strict"] : []
    if let reporter { arguments += ["--reporter", reporter] }
    if let baseline { arguments += ["--baseline", baseline] }
    if let writeBaseline { arguments += ["--write-baseline", writeBaseline] }
    return arguments
  }
}
