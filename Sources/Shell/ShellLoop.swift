import Foundation
import Renderers
import Reports
import Runner
import ScenarioLanguage
import Sessions
import Simulation
import TipEngine

/// The interactive shell's logic, independent of the terminal: reads entries from a
/// `LineReader` (multi-line `tip` blocks with a continuation prompt), runs them in one
/// session, prints the log, and keeps going after errors. `save`, `load` and `exit` are the
/// shell's own commands.
public final class ShellLoop {
  public internal(set) var session: Session
  /// Every line typed, for line numbers in diagnostics.
  private var linesRead = 0
  private let reader: any LineReader
  private let out: (String) -> Void
  private let err: (String) -> Void
  private let style: TextStyle
  /// Marks colour codes in the prompt for libedit's width arithmetic (EL_PROMPT_ESC).
  private let promptEscape: Character?

  public init(
    session: Session = Session(), reader: any LineReader, style: TextStyle = .plain, promptEscape: Character? = nil,
    out: @escaping (String) -> Void, err: @escaping (String) -> Void
  ) {
    self.session = session
    if self.session.reporter == nil { self.session.reporter = Reporter() }
    self.reader = reader
    self.style = style
    self.promptEscape = promptEscape
    self.out = out
    self.err = err
  }

  /// Hears population progress (a progress bar on a terminal).
  public var populationProgress: (@Sendable (Int, Int) -> Void)? {
    get { session.populationProgress }
    set { session.populationProgress = newValue }
  }

  /// Asked during `population` whether Ctrl-C was pressed, to stop the run.
  public var populationShouldStop: (@Sendable () -> Bool)? {
    get { session.populationShouldStop }
    set { session.populationShouldStop = newValue }
  }

  /// How wide `timeline` draws (the terminal's width in the shell).
  public var timelineWidth: Int {
    get { session.timelineWidth }
    set { session.timelineWidth = newValue }
  }

  /// The prompt: the day of the story, the simulated instant and the app's state, e.g.
  /// `[day 1 · Nov 01 09:00 · launched] tipsim> `.
  public var prompt: String {
    let world = session.world
    let state = world.isRunning ? "launched" : "not running"
    let device = world.hasDevices ? " · \(world.deviceName)" : ""
    let text = "[day \(world.day(of: world.clock)) · \(world.timeZone.civil(of: world.clock).short)\(device) · \(state)]"
    return colored(text, "36") + " tipsim> "
  }

  /// The continuation prompt inside a `tip` block.
  public let continuationPrompt = "   ...> "

  private func colored(_ text: String, _ code: String) -> String {
    guard style.colors else { return text }
    let mark = promptEscape.map(String.init) ?? ""
    return "\(mark)\u{1B}[\(code)m\(mark)\(text)\(mark)\u{1B}[0m\(mark)"
  }

  /// Reads and runs entries until `exit` or the end of input (Ctrl-D); returns the exit status.
  public func run() -> Int32 {
    var pending: String?
    while true {
      let input: LineInput = pending.map(LineInput.line) ?? reader.readLine(prompt: prompt)
      pending = nil
      switch input {
      case .endOfInput:
        out("\n")
        return 0
      case .interrupted:
        continue
      case .line(let raw):
        let line = raw.hasSuffix("\n") ? String(raw.dropLast()) : raw
        linesRead += 1
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
        reader.remember(line)
        let first = trimmed.split(separator: " ").first.map(String.init) ?? ""
        if let command = Parser.blockCommand(of: line) {
          let firstLine = linesRead
          var block = [line]
          editing: while true {
            var cancelled = false
            var finished = false
            var endedByEmptyLine = false
            reading: while true {
              switch reader.readLine(prompt: continuationPrompt) {
              case .interrupted:
                cancelled = true
                break reading
              case .endOfInput:
                finished = true
                break reading
              case .line(let rawNext):
                let next = rawNext.hasSuffix("\n") ? String(rawNext.dropLast()) : rawNext
                linesRead += 1
                if next.trimmingCharacters(in: .whitespaces).isEmpty {
                  endedByEmptyLine = true
                  break reading
                }
                reader.remember(next)
                if Parser.isIndented(next) {
                  block.append(next)
                } else {
                  pending = next
                  linesRead -= 1
                  break reading
                }
              }
            }
            if cancelled {
              err("\(command) block cancelled\n")
              break editing
            }
            let failure = run(block.joined(separator: "\n"), firstLine: firstLine, file: Self.promptFile)
            // A bad line of a block the user ended is dropped, and the block stays open with
            // the good lines: they type that line again, or end the block without it.
            if let failure, endedByEmptyLine, case let index = failure.location.line - firstLine, index > 0, index < block.count {
              block.remove(at: index)
              err(
                "the other lines of the block are kept: type that line again, corrected, or an empty line to go on without it\n")
              for kept in block { err("   " + kept + "\n") }
              continue editing
            }
            if finished {
              out("\n")
              return 0
            }
            break editing
          }
        } else if first == "exit" {
          return 0
        } else if first == "save" || first == "load" {
          shellCommand(first, trimmed)
        } else if first == "import" {
          importSwift(trimmed.split(separator: " ").dropFirst().map(String.init))
        } else {
          execute(line, firstLine: linesRead, file: Self.promptFile)
        }
      }
    }
  }

  /// The file name of what is typed at the prompt, in diagnostics.
  static let promptFile = "<shell>"

  /// Runs scenario text in the session, printing the log; stops at the first error, which is
  /// printed with its caret. Returns false on an error.
  @discardableResult
  public func execute(_ source: String, firstLine: Int, file: String) -> Bool {
    run(source, firstLine: firstLine, file: file) == nil
  }

  /// Loads the built-in demo, Backyard Birds, by that name in reports.
  public func loadDemo() {
    session.name = "Backyard Birds demo"
    execute(Demo.scenario, firstLine: 1, file: "<demo>")
  }

  /// The same as `execute`, answering the error it printed, if any.
  func run(_ source: String, firstLine: Int, file: String) -> Diagnostic? {
    var parser = Parser(source: source, firstLine: firstLine)
    // What is typed includes files relative to the current folder; a loaded file, to its own.
    parser.includes = session.isSandboxed ? .none : .files(relativeTo: file == Self.promptFile ? "<shell>" : file)
    func report(_ d: Diagnostic) {
      if let included = d.file { return err(d.rendered(file: included, source: d.sourceLine) + "\n") }
      let text = parser.lines.indices.contains(d.location.line - firstLine) ? parser.lines[d.location.line - firstLine] : nil
      err(d.rendered(file: file, source: text) + "\n")
    }
    let statements: [Statement]
    do { statements = try parser.parse() } catch {
      report(error)
      return error
    }
    for statement in statements {
      do {
        for output in try session.execute(statement) {
          switch output {
          case .records(let records):
            for record in records {
              out(TextRenderer(timeZone: session.world.timeZone, style: style, file: file).render(record) + "\n")
            }
          case .text(let text):
            if !text.isEmpty { out(text + "\n") }
          }
        }
        // A definition typed at the prompt says it was taken (files are quiet about theirs).
        if file == Self.promptFile, let line = ModelReport.acknowledgement(of: statement, in: session.world) {
          out(style.dim(line) + "\n")
        }
      } catch {
        report(error)
        return error
      }
    }
    return nil
  }

  /// `import PATH...`: tipsim-import reads the Swift and writes definitions, which run here as
  /// `load` runs a file; its summary (what was read, what was not translated) is shown.
  private func importSwift(_ paths: [String]) {
    guard !paths.isEmpty else {
      err("usage: import PATH... (Swift files or folders)\n")
      return
    }
    let (status, scenario, summary) = ImporterExecutable.capture(paths)
    guard status == 0 else {
      err(summary.hasSuffix("\n") || summary.isEmpty ? summary : summary + "\n")
      return
    }
    if execute(scenario, firstLine: 1, file: "<import>") { out(summary.hasSuffix("\n") ? summary : summary + "\n") }
  }

  private func shellCommand(_ command: String, _ line: String) {
    let words = line.split(separator: " ").map(String.init).dropFirst()
    let flags = words.filter { $0.hasPrefix("--") }
    let paths = words.filter { !$0.hasPrefix("--") }
    guard paths.count == 1, let path = paths.first else {
      err("usage: \(command == "save" ? "save FILE [--with-expectations]" : "load FILE")\n")
      return
    }
    if command == "load" {
      switch ScenarioFile.read(path) {
      case .success(let source): execute(source, firstLine: 1, file: path)
      case .failure(let problem): err("\(path): error: \(problem.message)\n")
      }
      return
    }
    if let unknown = flags.first(where: { $0 != "--with-expectations" }) {
      err("save: unknown option \(unknown) (did you mean --with-expectations?)\n")
      return
    }
    let text = ScenarioWriter.scenario(of: session, withExpectations: flags.contains("--with-expectations"))
    do {
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      out("saved \(session.history.count) statements\(flags.isEmpty ? "" : " and the present state as expectations") to \(path)\n")
    } catch {
      err("save: cannot write \(path): \(error.localizedDescription)\n")
    }
  }
}
