import ArgumentParser
import Reports
import Runner
import Simulation
import Terminal

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
