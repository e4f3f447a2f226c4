import ArgumentParser
import Foundation
import HostOS
import Runner
import Terminal

/// `tipsim`: the interactive shell by default, and the subcommands (one file each).
@main
struct TipSimCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tipsim",
    abstract: "A simulator of Apple's TipKit rules engine: when does each tip show, and why not?",
    discussion: """
      With no subcommand, tipsim starts the interactive shell on a built-in demo (or after \
      running FILE). Piped input without a terminal is read as a script.
      """,
    version: TipSimVersion.current,
    subcommands: [
      ShellCommand.self, RunCommand.self, TestCommand.self, TimelineCommand.self, MatrixCommand.self, LintCommand.self, BenchCommand.self,
      PopulationCommand.self, PlanCommand.self, ReportCommand.self, ImportCommand.self, AuditCommand.self,
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
      HostOS.exit(2)
    }
  }
}
