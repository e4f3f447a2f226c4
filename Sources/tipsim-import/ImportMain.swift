import Audit
import Foundation
import TipImport

/// `tipsim-import`: the executable `tipsim import`, `tipsim lint` on Swift paths and the
/// shell's `import` run. Text is the interface: the scenario on standard output (or `-o`), the
/// summary and errors on standard error.
enum ImportMain {
  static let usage = """
    usage: tipsim import PATH... [-o FILE] [--platform P]   write the app's tips as scenario definitions
           tipsim lint PATH... [--json] [--strict]            lint the app's Swift tips
           tipsim audit PATH... [--json] [--strict] [--days N] [--budget N] [--emit-tests DIR]
                                                             what the app's tips will do (docs/Auditing.md)
           tipsim-import --bench [--files N]                  time the import against bare parsing
    PATH is a Swift file or a folder (searched recursively; .build, Pods, Carthage, DerivedData
    and hidden folders are skipped). --platform ios|ipados|macos|visionos|watchos|tvos reads that
    platform's #if branches and leaves out files that build only for another; without it, the
    iOS branch (or else the first) of every file. Exit status: 0 written (lint: no findings, or
    without --strict), 1 lint or audit findings with --strict, 2 nothing readable, no tip, or
    invalid Swift.
    """

  static func run(_ arguments: [String]) -> Int32 {
    var paths: [String] = []
    var output: String?
    var lint = false
    var audit = false
    var auditOptions = AuditCommandLine.Options()
    var json = false
    var strict = false
    var bench = false
    var benchFiles = 1_000
    var platform: Platform?
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      switch argument {
      case "--days", "--emit-tests", "--budget":
        guard index < arguments.count else { return usageError("\(argument) needs a value") }
        if argument == "--days" {
          guard let days = Int(arguments[index]), (1...3650).contains(days) else { return usageError("--days is between 1 and 3650") }
          auditOptions.days = days
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
      case "--strict": strict = true
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
    let result: SwiftImporter.Result
    do { result = try SwiftImporter.run(paths: paths, platform: platform, forAudit: audit) } catch {
      printError("tipsim import: \(error.message)")
      return 2
    }
    if lint { return report(result.findings, json: json, strict: strict, files: result.fileCount) }
    if audit, let input = result.audit {
      auditOptions.json = json
      auditOptions.strict = strict
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

  /// The findings as text (compiler style) or JSON Lines; exit 1 with `strict` when any.
  static func report(_ findings: [SwiftFinding], json: Bool, strict: Bool, files: Int) -> Int32 {
    var out = ""
    if json {
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
    return strict && !findings.isEmpty ? 1 : 0
  }

  static func usageError(_ message: String) -> Int32 {
    printError("tipsim import: \(message)\n\(usage)")
    return 2
  }

  static func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}
