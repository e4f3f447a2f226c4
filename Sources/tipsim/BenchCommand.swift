import ArgumentParser
import Foundation
import Terminal
import Tooling

struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Measure TipSim's speed on generated inputs and print a table (see BENCHMARKS.md).")

  @Option(help: "Lines in the generated replay scenario.") var lines = 200_000
  @Flag(help: "Only the quick measurements (for a smoke run).") var quick = false
  @Option(help: "Write the generated replay scenario to this file instead of measuring.") var writeInput: String?

  func run() throws {
    Console.ignoreBrokenPipe()
    if let writeInput {
      try BenchmarkInputs.replayScenario(lines: lines).write(toFile: writeInput, atomically: true, encoding: .utf8)
      return
    }
    try Benchmarks(lines: quick ? 20_000 : lines, quick: quick).run()
  }
}
