import Foundation
import Reports
import ScenarioLanguage

/// `tipsim test`: replays every `*.scenario` under the given paths, checks its expectations,
/// and compares its transcript with the golden `*.transcript` kept beside it.
/// `TIPSIM_UPDATE=1` re-records the transcripts, and refuses to when `CI=true`.
public struct GoldenTester {
  public var paths: [String]
  public var update: Bool
  public var isCI: Bool

  public init(paths: [String], environment: [String: String] = ProcessInfo.processInfo.environment) {
    self.paths = paths.isEmpty ? ["Scenarios"] : paths
    update = ["1", "true", "yes"].contains(environment["TIPSIM_UPDATE"]?.lowercased() ?? "")
    isCI = ["1", "true", "yes"].contains(environment["CI"]?.lowercased() ?? "")
  }

  /// One scenario's result.
  public struct Outcome: Sendable {
    public var file: String
    public var passed: Bool
    public var message: String
    /// The same, for a CI report: failed expectations and input errors at their lines, a
    /// transcript that differs as the file's.
    public var problems: [ScenarioProblem] = []
  }

  /// The scenario files under the paths, sorted, so the order is the same everywhere. In a
  /// folder, files of definitions only (no action, no expectation: the definitions `tipsim
  /// import` wrote, which other scenarios include) are not tests and are left out.
  public func scenarioFiles() -> [String] {
    var files: [String] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        files.append(path)
        continue
      }
      guard isDirectory.boolValue else {
        files.append(path)
        continue
      }
      let found = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? [])
        .filter { $0.hasSuffix(".scenario") }
        .map { (path as NSString).appendingPathComponent($0) }
      files += found.sorted().filter { !GoldenTester.definesOnly($0) }
    }
    return files
  }

  /// Whether the scenario at `path` only defines things: every statement a definition, a
  /// reaction or a cohort. A file that does not parse is a test, which reports the error.
  static func definesOnly(_ path: String) -> Bool {
    guard case .success(let source) = ScenarioFile.read(path) else { return false }
    var parser = Parser(source: source)
    parser.includes = .files(relativeTo: path)
    guard let statements = try? parser.parse() else { return false }
    return statements.allSatisfy { statement in
      if case .cohort = statement.action { true } else { statement.isDefinition }
    }
  }

  /// The golden transcript's path for a scenario.
  public static func transcriptPath(for scenario: String) -> String {
    (scenario.hasSuffix(".scenario") ? String(scenario.dropLast(".scenario".count)) : scenario) + ".transcript"
  }

  /// Runs every scenario; `report` receives a line per scenario as it finishes (with
  /// `quiet`, only failed ones), then the summary.
  public func run(quiet: Bool = false, report: (String) -> Void) -> (outcomes: [Outcome], exitCode: Int32) {
    if update && isCI {
      report("error: TIPSIM_UPDATE=1 re-records golden transcripts and is refused under CI=true")
      return ([], 2)
    }
    let files = scenarioFiles()
    if files.isEmpty {
      report("error: no *.scenario files under \(paths.joined(separator: ", "))")
      return ([], 2)
    }
    var outcomes: [Outcome] = []
    for file in files {
      let outcome = test(file)
      outcomes.append(outcome)
      if quiet && outcome.passed { continue }
      report((outcome.passed ? "PASS " : "FAIL ") + file + (outcome.message.isEmpty ? "" : "\n" + outcome.message))
    }
    let failed = outcomes.filter { !$0.passed }.count
    report("\(outcomes.count - failed) passed, \(failed) failed")
    return (outcomes, failed == 0 ? 0 : 1)
  }

  /// Replays one scenario and compares it with its golden transcript.
  public func test(_ file: String) -> Outcome {
    let report = ScenarioRunner.run(file: file)
    let actual = report.transcript + report.errors
    let goldenPath = GoldenTester.transcriptPath(for: file)
    var messages: [String] = []
    var problems = report.problems
    if report.exitCode == 2 { messages.append(report.errors.trimmingCharacters(in: .newlines)) }
    if report.exitCode == 1 { messages.append(report.failureMessage) }
    func fail(_ title: String, _ detail: String = "") {
      messages.append(detail.isEmpty ? title : detail + "\n" + title)
      problems.append(ScenarioProblem(kind: .error, file: file, title: title, detail: detail))
    }
    if update {
      do {
        try actual.write(toFile: goldenPath, atomically: true, encoding: .utf8)
      } catch {
        fail("cannot write \(goldenPath): \(error.localizedDescription)")
      }
      let passed = messages.isEmpty
      return Outcome(
        file: file, passed: passed, message: passed ? "  recorded \(goldenPath)" : messages.joined(separator: "\n"), problems: problems)
    }
    switch ScenarioFile.read(goldenPath) {
    case .failure:
      fail("no golden transcript at \(goldenPath); record it with TIPSIM_UPDATE=1 tipsim test \(file)")
    case .success(let expected) where expected != actual:
      fail(
        "the transcript differs; if the change is intended, re-record with TIPSIM_UPDATE=1 tipsim test \(file)",
        UnifiedDiff.diff(old: expected, new: actual, oldName: goldenPath, newName: "\(file) (this run)"))
    case .success:
      break
    }
    return Outcome(file: file, passed: messages.isEmpty, message: messages.joined(separator: "\n"), problems: problems)
  }
}
