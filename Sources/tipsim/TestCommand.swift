import ArgumentParser
import Runner
import Terminal

struct TestCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "test",
    abstract: "Replay every *.scenario under PATH (default Scenarios/) against its golden .transcript.",
    discussion: """
      TIPSIM_UPDATE=1 re-records the transcripts (refused when CI=true). Under GitHub Actions \
      (GITHUB_ACTIONS=true) each problem is also an ::error annotation.
      """)

  @Argument(help: "Scenario files or folders.") var paths: [String] = []
  @Flag(help: "Print only the scenarios that fail and the summary line.") var quiet = false
  @Option(help: "Also write a JUnit XML report here: one test case per scenario.") var junit: String?

  func run() throws {
    Console.ignoreBrokenPipe()
    let (outcomes, code) = GoldenTester(paths: paths).run(quiet: quiet) { Console.out($0 + "\n") }
    let ci = CIReport(suite: "tipsim test", cases: outcomes.map { CIReport.Case(file: $0.file, problems: $0.problems) })
    try write(ci, junit: junit, out: Console.out)
    if code != 0 { throw ExitCode(code) }
  }
}
