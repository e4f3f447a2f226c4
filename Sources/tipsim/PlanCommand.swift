import ArgumentParser
import Foundation
import Reports
import Terminal

struct PlanCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "plan",
    abstract: "Find the settings that meet a scenario's targets: its population under every option its `tune` lines allow.",
    discussion: """
      The file's last `population` line sets the users, days and seed (as for `report`); its \
      `target` lines say what must be met and its `tune` lines what may change. Every option \
      runs the same users with the same draws. When the options outnumber --budget, the search \
      runs one change at a time, then pairs of the best, then wider while it helps, and says what \
      it did not search. Exit status 0 when today's settings or an option meet every target, 1 \
      when none does, 2 when the file is not valid.
      """)

  @Argument(help: "A scenario file with cohorts, targets and tunes.") var file: String
  @Option(help: "At most this many options are simulated, today's settings included.") var budget = Planner.defaultBudget
  @Flag(help: "Print the plan as one JSON object.") var json = false

  func run() throws {
    Console.ignoreBrokenPipe()
    guard budget > 0 else { throw ValidationError("--budget must be positive") }
    let replay = try replayQuietly(file)
    let result: PlanResult
    do {
      var planner = try Planner(session: replay.session, budget: budget)
      if Console.isTerminal(2) { planner.progress = { done, total in Console.progress(done, of: total, "options") } }
      result = try planner.run()
    } catch {
      Console.err("\(file): error: \(error.message)\n")
      throw ExitCode(2)
    }
    Console.out((json ? result.json() : result.text()) + "\n")
    if !result.isMet { throw ExitCode(1) }
  }
}
