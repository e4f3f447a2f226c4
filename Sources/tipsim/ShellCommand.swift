import ArgumentParser
import Shell

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
