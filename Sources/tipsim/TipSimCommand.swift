import ArgumentParser
import Foundation
import Renderers
import Runner
import ScenarioLanguage
import Shell
import Simulation
import Terminal
import Tooling

/// `tipsim`: the interactive shell, `run`, and `test`.
@main
struct TipSimCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tipsim",
    abstract: "A simulator of Apple's TipKit rules engine: when does each tip show, and why not?",
    discussion: """
      With no subcommand, tipsim starts the interactive shell on a built-in demo (or after \
      running FILE). Piped input without a terminal is read as a script.
      """,
    subcommands: [
      ShellCommand.self, RunCommand.self, TestCommand.self, TimelineCommand.self, MatrixCommand.self, LintCommand.self, BenchCommand.self,
      PopulationCommand.self, ImportCommand.self,
    ],
    defaultSubcommand: ShellCommand.self)

  /// ArgumentParser's own `main`, except that a usage error exits 2, as any other input that
  /// is not valid does (ArgumentParser's is 64).
  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      let code = exitCode(for: error)
      guard code == .validationFailure else { exit(withError: error) }
      Console.err(fullMessage(for: error) + "\n")
      Foundation.exit(2)
    }
  }
}

struct ShellCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "shell", abstract: "The interactive shell (the default): a demo is loaded unless FILE or --empty is given.")

  @Argument(help: "A scenario to run before the prompt appears.") var file: String?
  @Flag(help: "Start without the built-in demo.") var empty = false

  func run() throws {
    let code = ShellMain.run(file: file, empty: empty)
    if code != 0 { throw ExitCode(code) }
  }
}

struct TimelineCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "timeline",
    abstract: "Replay a scenario quietly, then draw each tip's displays and suppressions over time.",
    discussion: "Exit status 2 when the scenario is not valid; expectations are not checked here.")

  @Argument(help: "A scenario file.") var file: String
  @Option(help: "Also write the timeline as an SVG chart to this file.") var svg: String?
  @Option(name: .customLong("tip"), help: "Only these tips (repeatable).") var tips: [String] = []
  @Option(help: "Terminal columns to fit (default: the terminal's width, or 100).") var width: Int?

  func run() throws {
    Console.ignoreBrokenPipe()
    let report = try replayQuietly(file)
    let columns = width ?? Console.terminalWidth() ?? 100
    for tip in tips where report.session.world.engine.catalog.tip(named: tip) == nil {
      throw ValidationError("unknown tip \(tip)")
    }
    let timeline = Timeline(session: report.session, request: TimelineRequest(tips: tips), width: columns)
    Console.out(timeline.text() + "\n")
    if let svg {
      try TimelineSVG(timeline: timeline).render().write(toFile: svg, atomically: true, encoding: .utf8)
      Console.out("wrote \(svg)\n")
    }
  }
}

struct MatrixCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "matrix",
    abstract: "Replay a scenario once per OS version and print, for each tip, what the user saw there.")

  @Argument(help: "A scenario file.") var file: String
  @Option(parsing: .upToNextOption, help: "OS versions, e.g. --os 17.0 17.2 17.5 18.0 18.5 18.6 26.0") var os: [String]

  func run() throws {
    Console.ignoreBrokenPipe()
    let versions = try os.map { text -> OSVersion in
      guard let version = OSVersion(text) else { throw ValidationError("'\(text)' is not an OS version (write it like 17.2)") }
      return version
    }
    if versions.isEmpty { throw ValidationError("give at least one version with --os") }
    let report = try replayQuietly(file)
    Console.out(Matrix(versions: versions, session: report.session).report() + "\n")
  }
}

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

struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Read an app's Swift sources and write its tips as scenario definitions.",
    discussion: """
      PATH is a Swift file or a folder, searched recursively (.build, Pods, Carthage, DerivedData and \
      hidden folders are skipped). The scenario goes to FILE or standard output, a summary of what \
      was read and not translated to standard error. Runs the tipsim-import executable beside \
      tipsim (build it with `swift build --product tipsim-import`). Exit status: 0 written; 2 \
      nothing readable, no tip, or invalid Swift.
      """)

  @Argument(help: "Swift files or folders.") var paths: [String]
  @Option(name: .shortAndLong, help: "Write the scenario to this file.") var output: String?

  func validate() throws {
    if paths.isEmpty { throw ValidationError("give at least one Swift file or folder") }
  }

  func run() throws {
    let status = ImporterExecutable.run(paths + (output.map { ["-o", $0] } ?? []))
    if status != 0 { throw ExitCode(status) }
  }
}

struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Measure TipSim's speed on generated inputs and print a table (see BENCHMARKS.md).")

  @Option(help: "Lines in the generated replay scenario.") var lines = 200_000
  @Flag(help: "Only the quick measurements (for a smoke run).") var quick = false
  @Option(help: "Write the generated replay scenario to this file instead of measuring.") var writeInput: String?

  func run() throws {
    Console.ignoreBrokenPipe()
    if let writeInput {
      try BenchmarkInputs.replayScenario(lines: lines).write(toFile: writeInput, atomically: true, encoding: .utf8)
      return
    }
    try Benchmarks(lines: quick ? 20_000 : lines, quick: quick).run()
  }
}

struct PopulationCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "population",
    abstract: "Simulate many users of a scenario's tips under its cohorts (usage model).",
    discussion: "The scenario's definitions and `cohort` blocks are used; its actions are not. Same seed, same numbers.")

  @Argument(help: "A scenario file with definitions and cohorts.") var file: String
  @Option(help: "How many simulated users.") var users = 10_000
  @Option(help: "How many days each user is simulated.") var days = 30
  @Option(help: "The random seed.") var seed: UInt64 = 1
  @Flag(help: "Print the report as one JSON object.") var json = false
  @Option(help: "Also write reach over time as an SVG chart.") var svg: String?

  func run() throws {
    Console.ignoreBrokenPipe()
    guard users > 0, days > 0, days <= 3650 else { throw ValidationError("--users must be positive and --days between 1 and 3650") }
    let report = try replayQuietly(file)
    guard !report.session.cohorts.isEmpty else { throw ValidationError("\(file) defines no `cohort`: population needs a usage model") }
    let base: World
    switch Population.baseWorld(of: report.session) {
    case .success(let world): base = world
    case .failure(let d):
      Console.err("\(file): error: \(d.message)\n")
      throw ExitCode(2)
    }
    let population = Population(base: base, cohorts: report.session.cohorts, users: users, span: .days(Int64(days)), seed: seed)
    let total = users
    var progress: (@Sendable (Int) -> Void)?
    if Console.isTerminal(2) { progress = { done in Console.progress(done, of: total) } }
    let outcomes = population.runBlocking(progress: progress)
    let result = PopulationReport(population: population, outcomes: outcomes)
    Console.out((json ? result.json() : result.text()) + "\n")
    if let svg {
      try result.svg().write(toFile: svg, atomically: true, encoding: .utf8)
      if !json { Console.out("wrote \(svg)\n") }
    }
  }
}

/// Replays a file for a reporting subcommand, which reads the session the run leaves: the log
/// is not rendered, and the file's own reports (a `population` line, say) are skipped, since
/// the subcommand makes the report asked for. Invalid input prints its diagnostic and exits 2.
func replayQuietly(_ file: String) throws -> RunReport {
  var session = Session()
  session.skipsReports = true
  let report = ScenarioRunner.run(file: file, session: session, printsLog: false, err: Console.err)
  if report.exitCode == 2 { throw ExitCode(2) }
  return report
}
