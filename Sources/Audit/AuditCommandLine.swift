import Foundation
import HostOS
import ScenarioLanguage
import Simulation

/// What `tipsim audit` does with an input, for both executables (`tipsim` for scenarios,
/// `tipsim-import` for Swift): audit, print, write the tests, and say the exit status.
public enum AuditCommandLine {
  public struct Options: Sendable {
    public var json = false
    /// `--emit-tests DIR`.
    public var testsFolder: String?
    /// The comments, the baseline, the reporter and `--strict` (a tip that never shows is a
    /// finding).
    public var findings = FindingsOptions()
    public var days = 30
    /// The most displays a week a user should see (`--budget`).
    public var budget = 3
    /// `--cohorts FILE`: its cohorts answer first display and displays.
    public var cohortsFile: String?
    /// `--format md`: the comparison as Markdown.
    public var markdown = false
    /// `--fail-on`: the kinds of change that make a comparison's exit status 1.
    public var failOn: Set<AuditComparison.Failure> = [.unreachable]

    public init() {}
  }

  /// 0 audited; 1 findings under `strict`; 2 the definitions do not run, or a test file or a
  /// baseline cannot be written or read.
  public static func run(
    _ input: AuditInput, options: Options, includes: IncludeReader = .none, out: (String) -> Void, err: (String) -> Void
  ) -> Int32 {
    var auditor = Auditor(input: input, days: options.days, budget: options.budget, includes: includes)
    guard case .success(let cohorts) = usage(options, err: err) else { return 2 }
    auditor.cohorts = cohorts
    var report: AuditReport
    do { report = try auditor.audit() } catch {
      err("tipsim audit: \(error.message)\n")
      return 2
    }
    guard let left = filtered(report.findings, options, err: err) else { return 2 }
    report.findings = left
    if let reporter = options.findings.reporter {
      out(reporter.render(report.findings, tool: "tipsim audit"))
    } else {
      out(options.json ? report.json : report.text)
    }
    if let folder = options.testsFolder {
      do {
        let written = try EmittedTests(report: report, definitions: input.definitions).write(to: folder)
        let tests = written.count - 1
        err(
          "tipsim audit: wrote \(EmittedTests.definitionsFile) and \(tests) test\(tests == 1 ? "" : "s") with their transcripts to \(folder)\n"
        )
      } catch {
        err("tipsim audit: cannot write to \(folder): \(error.localizedDescription)\n")
        return 2
      }
    }
    return options.findings.strict && !report.findings.isEmpty ? 1 : 0
  }

  /// `--compare OLD`: both versions audited with the same days, budget and usage model, at
  /// once, then compared. 0, or 1 when a change of a kind `failOn` names appears; 2 as `run`
  /// (an old version that does not run is an error too).
  public static func compare(
    _ new: AuditInput, with old: AuditInput, options: Options, roots: (old: String, new: String),
    includes: (new: IncludeReader, old: IncludeReader) = (.none, .none), out: (String) -> Void, err: (String) -> Void
  ) -> Int32 {
    guard case .success(let cohorts) = usage(options, err: err) else { return 2 }
    let sides = [(new, includes.new, "new"), (old, includes.old, "old")]
    let usage = cohorts
    let results = Locked([Result<AuditReport, Auditor.Problem>?](repeating: nil, count: 2))
    // A Mac's secondary stack on both systems: Linux audits as a Mac does.
    HostOS.concurrentPerform(iterations: 2, stackSize: HostOS.secondaryThreadStack) { index in
      var auditor = Auditor(input: sides[index].0, days: options.days, budget: options.budget, includes: sides[index].1)
      auditor.cohorts = usage
      let result = Result<AuditReport, Auditor.Problem> { () throws(Auditor.Problem) in try auditor.audit() }
      results.withLock { $0[index] = result }
    }
    // A baseline `--write-baseline` writes is the new version's, not the old one's; the old
    // version's files are read under its own root.
    var oldOptions = options
    oldOptions.findings.writeBaseline = nil
    if options.findings.root != nil { oldOptions.findings.root(at: [roots.old]) }
    var reports: [AuditReport] = []
    for (index, result) in results.withLock({ $0 }).enumerated() {
      switch result {
      case .success(var report)?:
        guard let left = filtered(report.findings, index == 0 ? options : oldOptions, err: err) else { return 2 }
        report.findings = left
        reports.append(report)
      case .failure(let problem)?:
        err("tipsim audit: the \(sides[index].2) version: \(problem.message)\n")
        return 2
      case nil: return 2
      }
    }
    let comparison = AuditComparison(old: reports[1], new: reports[0], budget: options.budget, roots: roots)
    if let reporter = options.findings.reporter {
      out(reporter.render(comparison.changeFindings, tool: "tipsim audit --compare"))
    } else {
      out(options.json ? comparison.json : options.markdown ? comparison.markdown : comparison.text)
    }
    return comparison.failures.isDisjoint(with: options.failOn) ? 0 : 1
  }

  /// `--cohorts FILE`'s cohorts (nil without one); a file that cannot be read is said and fails.
  private static func usage(_ options: Options, err: (String) -> Void) -> Result<(cohorts: [Cohort], file: String)?, Auditor.Problem> {
    guard let path = options.cohortsFile else { return .success(nil) }
    switch Auditor.cohorts(in: path) {
    case .success(let cohorts): return .success((cohorts, path))
    case .failure(let problem):
      err("tipsim audit: \(problem.message)\n")
      return .failure(problem)
    }
  }

  /// The findings the comments and the baseline leave; nil, said, when the baseline cannot be read.
  private static func filtered(_ findings: [AuditFinding], _ options: Options, err: (String) -> Void) -> [AuditFinding]? {
    switch options.findings.filter(findings) {
    case .success(let left): return left
    case .failure(let problem):
      err("tipsim audit: \(problem.message)\n")
      return nil
    }
  }
}
