import Audit
import Foundation
import Runner
import TipImport

/// `tipsim-import`: the executable `tipsim import`, `tipsim lint` on Swift paths and the
/// shell's `import` run. Text is the interface: the scenario on standard output (or `-o`), the
/// summary and errors on standard error.
enum ImportMain {
  static let usage = """
    usage: tipsim import PATH... [-o FILE] [--platform P] [--skip-invalid]
                                                             write the app's tips as scenario definitions
           tipsim lint PATH... [--json] [--strict]            lint the app's Swift tips
                  [--reporter R] [--baseline FILE] [--write-baseline FILE]
           tipsim audit PATH... [--json] [--strict] [--days N] [--budget N] [--cohorts FILE] [--emit-tests DIR]
                  [--reporter R | --format md|text|R] [--baseline FILE] [--write-baseline FILE]
                                                             what the app's tips will do (docs/Auditing.md)
           tipsim-import --bench [--files N]                  time the import against bare parsing
           tipsim-import --version
    PATH is a Swift file or a folder (searched recursively; .build, Pods, Carthage, DerivedData
    and hidden folders are skipped). --platform ios|ipados|macos|visionos|watchos|tvos reads that
    platform's #if branches and leaves out files that build only for another; without it, the
    iOS branch (or else the first) of every file. --skip-invalid (import, lint, audit) leaves out
    a file that is not valid Swift, with a warning, as if no target built it, instead of stopping.
    --reporter xcode|json|sarif|github-actions-logging|junit prints the findings for a tool.
    Exit status: 0 written (lint: no findings, or without --strict), 1 lint or audit findings
    with --strict, 2 nothing readable, no tip, or invalid Swift (without --skip-invalid).
    """

  static func run(_ arguments: [String]) -> Int32 {
    var paths: [String] = []
    var output: String?
    var lint = false
    var audit = false
    var auditOptions = AuditCommandLine.Options()
    var json = false
    var findingsOptions = FindingsOptions()
    var bench = false
    var benchFiles = 1_000
    var platform: Platform?
    var skipInvalid = false
    var compare: String?
    var format: String?
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      switch argument {
      case "--version":
        print(TipSimVersion.current)
        return 0
      case "--reporter", "--baseline", "--write-baseline":
        guard index < arguments.count else { return usageError("\(argument) needs a value") }
        switch argument {
        case "--reporter":
          guard let reporter = FindingReporter(rawValue: arguments[index]) else {
            return usageError("--reporter is one of: \(FindingReporter.allCases.map(\.rawValue).joined(separator: ", "))")
          }
          findingsOptions.reporter = reporter
        case "--baseline": findingsOptions.baseline = arguments[index]
        default: findingsOptions.writeBaseline = arguments[index]
        }
        index += 1
      case "--compare", "--fail-on", "--format":
        guard index < arguments.count else { return usageError("\(argument) needs a value") }
        switch argument {
        case "--compare": compare = arguments[index]
        case "--fail-on":
          guard let kinds = AuditComparison.failures(arguments[index]) else {
            return usageError("--fail-on takes a list of: \(AuditComparison.Failure.allCases.map(\.rawValue).joined(separator: ", "))")
          }
          auditOptions.failOn = kinds
        default: format = arguments[index]
        }
        index += 1
      case "--days", "--emit-tests", "--budget", "--cohorts":
        guard index < arguments.count else { return usageError("\(argument) needs a value") }
        if argument == "--days" {
          guard let days = Int(arguments[index]), (1...3650).contains(days) else { return usageError("--days is between 1 and 3650") }
          auditOptions.days = days
        } else if argument == "--cohorts" {
          auditOptions.cohortsFile = arguments[index]
        } else if argument == "--budget" {
          guard let budget = Int(arguments[index]), budget >= 0 else { return usageError("--budget is 0 or more") }
          auditOptions.budget = budget
        } else {
          auditOptions.testsFolder = arguments[index]
        }
        index += 1
      case "-o", "--output", "--files", "--platform":
        guard index < arguments.count else { return usageError("\(argument) needs a value") }
        if argument == "--platform" {
          guard let chosen = Platform(rawValue: arguments[index].lowercased()) else {
            return usageError("--platform is one of: \(Platform.allCases.map(\.rawValue).joined(separator: ", "))")
          }
          platform = chosen
        } else if argument == "--files" {
          guard let count = Int(arguments[index]), count > 0 else { return usageError("--files needs a positive number") }
          benchFiles = count
        } else {
          output = arguments[index]
        }
        index += 1
      case "--lint": lint = true
      case "--audit": audit = true
      case "--json": json = true
      case "--skip-invalid": skipInvalid = true
      case "--strict": findingsOptions.strict = true
      case "--bench": bench = true
      case "-h", "--help":
        print(usage)
        return 0
      default:
        if argument.hasPrefix("-") && argument != "-" { return usageError("unknown option \(argument)") }
        paths.append(argument)
      }
    }
    if bench { return ImportBenchmark.run(files: benchFiles) }
    guard !paths.isEmpty else { return usageError("give at least one Swift file or folder") }
    findingsOptions.root(at: paths)
    if audit {
      switch AuditCommandLine.output(format: format, reporter: findingsOptions.reporter?.rawValue) {
      case .success(let output):
        auditOptions.markdown = output.markdown
        findingsOptions.reporter = output.reporter
      case .failure(let problem): return usageError(problem.message)
      }
    }
    let result: SwiftImporter.Result
    do { result = try SwiftImporter.run(paths: paths, platform: platform, forAudit: audit, skipInvalid: skipInvalid) } catch {
      printError("tipsim import: \(error.message)")
      return 2
    }
    for warning in result.invalidFiles { printError(warning) }
    if lint { return report(result.findings, json: json, options: findingsOptions, files: result.fileCount) }
    if audit, let input = result.audit {
      auditOptions.json = json
      auditOptions.findings = findingsOptions
      if let compare {
        let old: SwiftImporter.Result
        do { old = try SwiftImporter.run(paths: [compare], platform: platform, forAudit: true, skipInvalid: skipInvalid) } catch {
          printError("tipsim audit: the old version (\(compare)): \(error.message)")
          return 2
        }
        guard let oldInput = old.audit else { return 2 }
        return AuditCommandLine.compare(
          input, with: oldInput, options: auditOptions, roots: (compare, paths.count == 1 ? paths[0] : ""),
          out: { FileHandle.standardOutput.write(Data($0.utf8)) },
          err: { FileHandle.standardError.write(Data($0.utf8)) })
      }
      return AuditCommandLine.run(
        input, options: auditOptions, out: { FileHandle.standardOutput.write(Data($0.utf8)) },
        err: { FileHandle.standardError.write(Data($0.utf8)) })
    }
    printError(result.summary)
    if let output {
      do { try result.scenario.write(toFile: output, atomically: true, encoding: .utf8) } catch {
        printError("tipsim import: cannot write \(output): \(error.localizedDescription)")
        return 2
      }
      printError("wrote \(output)")
    } else {
      FileHandle.standardOutput.write(Data(result.scenario.utf8))
    }
    return 0
  }

  /// The findings left after the sources' comments and the baseline, as text (compiler
  /// style), JSON Lines or a reporter's format; exit 1 with `--strict` when any.
  static func report(_ all: [SwiftFinding], json: Bool, options: FindingsOptions, files: Int) -> Int32 {
    let shared = all.map(\.shared)
    let kept: [Int]
    switch options.kept(shared) {
    case .success(let indices): kept = indices
    case .failure(let problem):
      printError("tipsim lint: \(problem.message)")
      return 2
    }
    let findings = kept.map { all[$0] }
    let left = kept.map { shared[$0] }
    var out = ""
    if let reporter = options.reporter {
      out = reporter.render(left, tool: "tipsim lint")
    } else if json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      for finding in findings {
        if let data = try? encoder.encode(finding), let line = String(data: data, encoding: .utf8) { out += line + "\n" }
      }
    } else {
      for finding in findings { out += finding.text + "\n" }
      out += "lint: \(findings.count) warning\(findings.count == 1 ? "" : "s") in \(files) Swift file\(files == 1 ? "" : "s")\n"
    }
    FileHandle.standardOutput.write(Data(out.utf8))
    return options.strict && !findings.isEmpty ? 1 : 0
  }

  static func usageError(_ message: String) -> Int32 {
    printError("tipsim import: \(message)\n\(usage)")
    return 2
  }

  static func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}
