import ArgumentParser
import Audit
import Foundation
import Runner
import Shell
import Terminal

struct AuditCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "audit",
    abstract: "What an app's tips will do: whether each can ever show (and how), what ends it, and app-wide findings.",
    discussion: """
      PATH is a scenario file (its definitions are the app, its donations, writes and \
      invalidations what the app's code can do) or Swift files and folders (read by \
      tipsim-import, as `tipsim import` reads them). Each tip gets a verdict — shows, with a \
      witness replayed from a fresh install; never, with each cause and its place; or unknown — \
      what ends it, and a typical user's first display and displays. See docs/Auditing.md. \
      Findings can be turned off in the sources (// tipsim:disable:next RULE) or by a baseline. \
      Exit status: 0 audited; 1 findings with --strict; 2 invalid input.
      """)

  @Argument(help: "Scenario files, Swift files, or folders of Swift sources.") var paths: [String]
  @Option(help: "For Swift: read this platform's #if branches (ios, ipados, macos, visionos, watchos, tvos).") var platform: String?
  @Flag(
    name: .customLong("skip-invalid"),
    help:
      "Leave out a Swift file that is not valid Swift, with a warning, as if no target built it (the audit names what that assumes), instead of stopping with exit 2."
  ) var skipInvalid = false
  @Option(help: "How many days the typical user is followed.") var days = 30
  @Option(help: "The most tip displays a week a user should see (p95 of the population).") var budget = 3
  @Option(help: "A scenario file whose cohort blocks replace the typical user.") var cohorts: String?
  @Option(name: .customLong("emit-tests"), help: "Write the definitions and one test scenario per tip that shows into this folder.")
  var testsFolder: String?
  @Flag(help: "Print one JSON object: {\"tips\": [...], \"findings\": [...], \"usageModel\": ...}.") var json = false
  @OptionGroup var findings: FindingsFlags
  @Option(help: "Compare with this older version (a scenario file, or Swift files' folder): what the change does to each tip.")
  var compare: String?
  @Option(name: .customLong("compare-ref"), help: "Compare with the same path at this git revision (read with git archive).")
  var compareRef: String?
  @Option(
    name: .customLong("fail-on"),
    help: "With --compare: the changes that make the exit status 1 (unreachable, fatigue, returnsUntilClosed, later; default unreachable).")
  var failOn: String?
  @Option(
    help: """
      md (with --compare, for a pull request's comment), text (the default), or a reporter's name: \
      xcode, json, sarif, github-actions-logging or junit, as --reporter.
      """)
  var format: String?

  func validate() throws {
    if paths.isEmpty { throw ValidationError("give at least one scenario file, Swift file or folder") }
    if !(1...3650).contains(days) { throw ValidationError("--days is between 1 and 3650") }
    if budget < 0 { throw ValidationError("--budget is 0 or more") }
    if let failOn, AuditComparison.failures(failOn) == nil {
      throw ValidationError("--fail-on takes a list of: \(AuditComparison.Failure.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    if case .failure(let problem) = AuditCommandLine.output(format: format, reporter: findings.reporter) {
      throw ValidationError(problem.message)
    }
    if compare != nil || compareRef != nil, paths.count != 1, paths.contains(where: { $0.hasSuffix(".scenario") }) {
      throw ValidationError("--compare compares one scenario file with another: give one")
    }
    if compare != nil && compareRef != nil { throw ValidationError("give --compare or --compare-ref, not both") }
    if paths.contains(where: { $0.hasSuffix(".scenario") }) && paths.contains(where: { !$0.hasSuffix(".scenario") }) {
      throw ValidationError("audit scenario files or Swift sources, not both at once")
    }
  }

  func run() throws {
    Console.ignoreBrokenPipe()
    guard let compareRef else { return try audit(comparingWith: compare) }
    let old = try RevisionCopy.extract(paths, at: compareRef)
    defer { try? FileManager.default.removeItem(atPath: old.folder) }
    try audit(comparingWith: old.copy)
  }

  /// The audit, or with `compare` the comparison with that older version.
  private func audit(comparingWith compare: String?) throws {
    var options = AuditCommandLine.Options()
    options.json = json
    options.testsFolder = testsFolder
    options.findings = findings.options
    options.days = days
    options.budget = budget
    options.cohortsFile = cohorts
    if case .success(let output) = AuditCommandLine.output(format: format, reporter: findings.reporter) {
      options.markdown = output.markdown
      options.findings.reporter = output.reporter
    }
    if let failOn, let kinds = AuditComparison.failures(failOn) { options.failOn = kinds }
    guard paths.allSatisfy({ $0.hasSuffix(".scenario") }) else {
      var flags = ["--audit", "--days", String(days), "--budget", String(budget)]
      if json { flags.append("--json") }
      flags += findings.arguments
      if let testsFolder { flags += ["--emit-tests", testsFolder] }
      if let platform { flags += ["--platform", platform] }
      if skipInvalid { flags.append("--skip-invalid") }
      if let cohorts { flags += ["--cohorts", cohorts] }
      if let compare { flags += ["--compare", compare] }
      if let failOn { flags += ["--fail-on", failOn] }
      if let format { flags += ["--format", format] }
      let status = ImporterExecutable.run(flags + paths)
      if status != 0 { throw ExitCode(status) }
      return
    }
    if paths.count > 1, testsFolder != nil { throw ValidationError("--emit-tests takes one scenario file") }
    if let compare {
      switch (AuditInput.scenario(paths[0]), AuditInput.scenario(compare)) {
      case (.failure(let problem), _), (_, .failure(let problem)):
        Console.err(problem.message + "\n")
        throw ExitCode(2)
      case (.success(let new), .success(let old)):
        options.findings.root(at: [paths[0]])
        let status = AuditCommandLine.compare(
          new, with: old, options: options, roots: (compare, paths[0]),
          includes: (.files(relativeTo: paths[0]), .files(relativeTo: compare)), out: Console.out,
          err: Console.err)
        if status != 0 { throw ExitCode(status) }
        return
      }
    }
    var worst: Int32 = 0
    for path in paths {
      switch AuditInput.scenario(path) {
      case .failure(let problem):
        Console.err(problem.message + "\n")
        worst = 2
      case .success(let input):
        options.findings.root(at: [path])
        let status = AuditCommandLine.run(input, options: options, includes: .files(relativeTo: path), out: Console.out, err: Console.err)
        worst = max(worst, status)
      }
    }
    if worst != 0 { throw ExitCode(worst) }
  }
}
