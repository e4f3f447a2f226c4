import ArgumentParser
import Foundation
import Renderers
import Runner
import Sessions
import Terminal

struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Replay scenario files, print the log and check expectations.",
    discussion: """
      Exit status: 0 every expectation held, 1 one failed, 2 the input is not valid (a usage error too). \
      Under GitHub Actions (GITHUB_ACTIONS=true) each problem is also an ::error annotation.
      """)

  @Argument(help: "Scenario files.") var files: [String]
  @Flag(help: "Print the log as JSON Lines, one object per record.") var json = false
  @Option(help: "A TipKit datastore to start from (if the file exists) and to save to at the end.") var state: String?
  @Flag(help: "Print only failed expectations, errors and the summary line, not the log.") var quiet = false
  @Option(help: "Also write a JUnit XML report here: one test case per scenario.") var junit: String?
  @Flag(help: "Print the tip's whole why with every failed expectation, not once per tip and instant.") var verbose = false

  func validate() throws {
    if files.isEmpty { throw ValidationError("give at least one scenario file") }
    if quiet && json { throw ValidationError("--quiet prints no log: it cannot be combined with --json") }
  }

  func run() throws {
    Console.ignoreBrokenPipe()
    var worst: Int32 = 0
    let out = Console.BufferedOut()
    func err(_ text: String) {
      out.flush()
      Console.err(text)
    }
    var ci = CIReport(suite: "tipsim run")
    var (checked, failed) = (0, 0)
    for file in files {
      if files.count > 1 && !json && !quiet { out.write("== \(file)\n") }
      let format: OutputFormat = json ? .json : .text(TextStyle(colors: Console.wantsColor(fd: 1)))
      var session = Session()
      session.repeatsWhy = verbose
      let report = ScenarioRunner.run(
        file: file, session: session, options: RunOptions(format: format, keepsLog: false, printsLog: !quiet, state: state),
        bytesOut: out.write(bytes:),
        err: err)
      // The text log already shows each failure in place; JSON readers get it on stderr too.
      if report.exitCode == 1 && json { err(report.failureMessage + "\n") }
      if quiet {
        for problem in report.problems where problem.kind == .failure {
          out.write("\(file):\(problem.line.map(String.init) ?? "?"): \(problem.message)\n")
        }
      }
      (checked, failed) = (checked + report.expectationsChecked, failed + report.failures.count)
      ci.cases.append(CIReport.Case(file: file, problems: report.problems))
      worst = max(worst, report.exitCode)
      // The session the run leaves (every donation and tip record it kept) is freed on a
      // worker, so the exit does not wait for it.
      DispatchQueue.global().async { withExtendedLifetime(report) {} }
      if report.exitCode == 2 { break }
    }
    if quiet && worst != 2 {
      let scenarios = files.count == 1 ? "" : " in \(files.count) scenarios"
      out.write("── \(ScenarioRunner.summary(checked: checked, failed: failed))\(scenarios)\n")
    }
    try write(ci, junit: junit, out: out.write)
    out.flush()
    if worst != 0 { throw ExitCode(worst) }
  }
}

/// The CI side of `run` and `test`: the JUnit file when asked for, and GitHub annotations
/// when GitHub Actions runs us.
func write(_ report: CIReport, junit: String?, out: (String) -> Void) throws {
  if CIReport.isGitHubActions(ProcessInfo.processInfo.environment) { out(report.githubAnnotations()) }
  guard let junit else { return }
  do { try report.junitXML().write(toFile: junit, atomically: true, encoding: .utf8) } catch {
    Console.err("error: cannot write \(junit): \(error.localizedDescription)\n")
    throw ExitCode(2)
  }
}
