import ArgumentParser
import Audit
import Reports
import Runner
import Shell
import Terminal

struct LintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Warn about tip definitions that are almost certainly wrong, each with a one-line fix.",
    discussion: """
      Scenario files (*.scenario) are linted as the language reads them; Swift files and folders \
      through tipsim-import, with findings at their Swift file:line:column. Exit status: 0, or 1 \
      with --strict when there are warnings; 2 when a file is not valid.
      """)

  @Argument(help: "Scenario files, Swift files, or folders of Swift sources.") var files: [String]
  @Flag(help: "Print each warning as a JSON object, one per line.") var json = false
  @OptionGroup var findings: FindingsFlags
  @Flag(
    name: .customLong("skip-invalid"),
    help:
      "Leave out a Swift file that is not valid Swift, with a warning, as if no target built it (the audit names what that assumes), instead of stopping with exit 2."
  ) var skipInvalid = false

  func validate() throws {
    if files.isEmpty { throw ValidationError("give at least one scenario file, Swift file or folder") }
  }

  func run() throws {
    Console.ignoreBrokenPipe()
    let scenarios = files.filter { $0.hasSuffix(".scenario") }
    let swift = files.filter { !$0.hasSuffix(".scenario") }
    var warnings = 0
    for file in scenarios {
      let report = try replayQuietly(file)
      let linter = Linter(session: report.session)
      let all = linter.warnings()
      let shared = all.map { AuditFinding(rule: $0.rule, place: "\(file):\($0.line ?? 1)", message: $0.message, fix: $0.fix) }
      var options = findings.options
      options.root(at: [file])
      switch options.kept(shared) {
      case .success(let kept):
        warnings += kept.count
        if let reporter = options.reporter {
          Console.out(reporter.render(kept.map { shared[$0] }, tool: "tipsim lint"))
        } else {
          let left = kept.map { all[$0] }
          Console.out(json ? Linter.jsonLines(left, file: file) : Linter.report(left, file: file) + "\n")
        }
      case .failure(let problem):
        Console.err("tipsim lint: \(problem.message)\n")
        throw ExitCode(2)
      }
    }
    if !swift.isEmpty {
      let status = ImporterExecutable.run(
        ["--lint"] + (json ? ["--json"] : []) + (skipInvalid ? ["--skip-invalid"] : []) + findings.arguments + swift)
      if status != 0 { throw ExitCode(status) }
    }
    if findings.strict && warnings > 0 { throw ExitCode(1) }
  }
}
