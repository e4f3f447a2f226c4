import Foundation
import TipSimKit

/// The entry point of the interactive shell.
public enum ShellMain {
  /// Runs the shell, or a script when standard input is not a terminal; returns the exit status.
  public static func run(file: String?, empty: Bool) -> Int32 {
    Console.ignoreBrokenPipe()
    var source = ""
    while let line = readLine(strippingNewline: false) { source += line }
    let report = ScenarioRunner.run(source: source, file: "<stdin>", format: .text(.plain), out: Console.out, err: Console.err)
    return report.exitCode
  }
}
