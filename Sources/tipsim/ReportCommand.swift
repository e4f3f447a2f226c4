import ArgumentParser
import Foundation
import Reports
import Runner
import ScenarioLanguage
import Terminal

struct ReportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report",
    abstract:
      "Replay a scenario quietly and write one page to share: findings, inputs, each tip's summary and timeline with reasons, what each cohort sees.",
    discussion: """
      The page is one HTML file that needs no network. --format md (or an output file ending in \
      .md) writes the summary as Markdown tables instead. Without -o the report goes to standard \
      output. Exit status 2 when the scenario is not valid; expectations are not checked here.
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable { case html, md }

  @Argument(help: "A scenario file.") var file: String
  @Option(name: [.short, .customLong("output")], help: "The file to write (default: standard output).") var output: String?
  @Option(help: "html or md (default: md for an output file ending in .md, else html).") var format: Format?
  @Option(
    help:
      "Also show the session replayed with a change, side by side: a whatif change such as \"frequency weekly\", \"planTip.rule saved.count >= 1\" or \"group onboarding none\"; several made at once are separated by ';' (as `plan` prints an option); repeated, each is a column beside the plan (A, B, C)."
  )
  var whatif: [String] = []
  @Option(help: "The page's title (default: the scenario file's name).") var title: String?
  @Option(name: .customLong("at-day"), help: "The days the population's reach columns read, e.g. 7,14 (default: 30, or the last).")
  var atDay: String?

  func run() throws {
    Console.ignoreBrokenPipe()
    // Each --whatif is a column (A, B, C…); a second one must not replace the first.
    guard whatif.count <= 6 else { throw ValidationError("--whatif is given \(whatif.count) times: a page shows at most 6 side by side") }
    let whatIfs = try whatif.map(Self.changes)
    let replay = try replayQuietly(file)
    var session = replay.session
    // A population (when the file has cohorts) shows its progress, as `tipsim population` does.
    if Console.isTerminal(2) { session.populationProgress = { done, total in Console.progress(done, of: total) } }
    let report: StoryReport
    let atDays = try atDay.map(Self.days) ?? []
    do { report = try StoryReport(session: session, whatIfs: whatIfs, title: title, atDays: atDays) } catch {
      Console.err("\(file): error: \(error.message)\n")
      throw ExitCode(2)
    }
    // What `tipsim population` warns of, on the terminal too, not only on the page.
    if let warning = report.population?.rescalingWarning { Console.err("\(file): warning: \(warning)\n") }
    let markdown = format.map { $0 == .md } ?? output.map { ReportRequest(path: $0).isMarkdown } ?? false
    let text = markdown ? report.markdown() : report.html()
    guard let output else { return Console.out(text) }
    try text.write(toFile: output, atomically: true, encoding: .utf8)
    Console.out("wrote \(output)\n")
  }

  /// `7,14`: day numbers, each at least 1.
  static func days(_ text: String) throws -> [Int] {
    let days = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
    guard !days.isEmpty, days.allSatisfy({ ($0 ?? 0) >= 1 && ($0 ?? 0) <= 3650 }) else {
      throw ValidationError("--at-day takes day numbers from 1 to 3650 separated by commas, such as 7,14")
    }
    return days.compactMap { $0 }
  }

  /// `frequency weekly; a.maxDisplayCount 2`: each change between the semicolons, made at once.
  static func changes(_ text: String) throws -> [WhatIfChange] {
    let parts = text.split(separator: ";").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    guard !parts.isEmpty else { throw ValidationError("--whatif takes a change, such as \"frequency weekly\"") }
    return try parts.map(change)
  }

  /// `frequency weekly` read as a `whatif` line reads it.
  static func change(_ text: String) throws -> WhatIfChange {
    let statements: [Statement]
    do { statements = try Parser(source: "whatif " + text).parse() } catch {
      throw ValidationError("--whatif \(text): \(error.message)")
    }
    guard statements.count == 1, case .whatIf(let change) = statements[0].action else {
      throw ValidationError("--whatif takes one change, such as \"frequency weekly\"")
    }
    return change
  }
}
