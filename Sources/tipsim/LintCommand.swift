import ArgumentParser
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
  @Flag(help: "Exit 1 when there are warnings (for CI).") var strict = false
  @Flag(help: "Print each warning as a JSON object, one per line.") var json = false

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
      warnings += linter.warnings().count
      Console.out((json ? linter.jsonLines(file: file) : linter.report(file: file) + "\n"))
    }
    if !swift.isEmpty {
      let status = ImporterExecutable.run(["--lint"] + (json ? ["--json"] : []) + (strict ? ["--strict"] : []) + swift)
      if status != 0 { throw ExitCode(status) }
    }
    if strict && warnings > 0 { throw ExitCode(1) }
  }
}
