import Foundation
import HostOS
import Renderers
import Runner
import Sessions
import Terminal

/// The entry point of `tipsim` without a subcommand.
public enum ShellMain {
  /// Runs the interactive shell on a terminal, or a script when standard input is not a
  /// terminal; returns the exit status.
  public static func run(file: String?, empty: Bool) -> Int32 {
    Console.ignoreBrokenPipe()
    guard HostOS.isTerminal(0) else { return runScript(file: file) }
    let dumb = ProcessInfo.processInfo.environment["TERM"] == "dumb"
    let style = TextStyle(colors: Console.wantsColor(fd: 1))
    var loop: ShellLoop?
    let reader: any LineReader
    let completer = { loop.map { Completer(world: $0.session.world, checkpoints: $0.session.checkpoints.map(\.name)) } }
    if !dumb, let editLine = EditLineReader(historyPath: prepareHistory(), completer: completer, warn: Console.err) {
      reader = editLine
    } else {
      reader = PlainLineReader()
    }
    let shell = ShellLoop(
      reader: reader, style: style, promptEscape: reader is EditLineReader ? EditLineReader.promptEscape : nil, out: Console.out,
      err: Console.err)
    loop = shell
    if let width = Console.terminalWidth() { shell.timelineWidth = width }
    if Console.isTerminal(2) { shell.populationProgress = { done, total in Console.progress(done, of: total) } }
    if reader is EditLineReader { shell.populationShouldStop = { TerminalInput.takeInterrupt() } }
    if let file {
      shell.session.named(after: file)
      switch ScenarioFile.read(file) {
      case .success(let source): shell.execute(source, firstLine: 1, file: file)
      case .failure(let problem): Console.err("\(file):1:1: error: \(problem.message)\n")
      }
      Console.out("TipSim — \(file) loaded. `help` lists every command; Ctrl-D leaves.\n")
    } else if !empty {
      shell.loadDemo()
      Console.out(Demo.banner + "\n")
    } else {
      Console.out("TipSim — an empty session. `help` lists every command; Ctrl-D leaves.\n")
    }
    return shell.run()
  }

  /// Script mode: FILE (if any), then standard input, in one session, with `tipsim run`'s rules.
  static func runScript(file: String?) -> Int32 {
    var source = ""
    var name = "<stdin>"
    if let file {
      switch ScenarioFile.read(file) {
      case .success(let text):
        source = text.hasSuffix("\n") || text.isEmpty ? text : text + "\n"
        name = file
      case .failure(let problem):
        Console.err("\(file):1:1: error: \(problem.message)\n")
        return 2
      }
    }
    while let line = readLine(strippingNewline: false) { source += line }
    let report = ScenarioRunner.run(source: source, file: name, out: Console.out, err: Console.err)
    return report.exitCode
  }

  /// The history file's path, its folder created; nil (with a warning) when it cannot be.
  static func prepareHistory() -> String? {
    guard let path = HistoryLocation.path() else { return nil }
    let folder = (path as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      Console.err("warning: cannot create \(folder) for the history; history will not be kept\n")
      return nil
    }
    return path
  }
}
