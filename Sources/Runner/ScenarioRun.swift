import Foundation
import Persistence
import Renderers
import Reports
import ScenarioLanguage
import Sessions
import Simulation
import TipEngine

/// One run of a script. Statements run while a worker parses the script part by part, and
/// their log is held until the parse is known (`settle`): then it is printed; or the run
/// starts again, keeping what the whole script needs; or the syntax error is reported with
/// nothing run, as if everything had been parsed first.
struct ScenarioRun {
  let source: String
  let file: String
  let options: RunOptions
  let stream: StatementStream
  let output: RunOutput
  /// The session as given, which each attempt starts from.
  let initial: Session
  var session: Session
  /// What the session keeps. Ahead of the parse: its log and history (dropped if the script
  /// never reads them) but no undo snapshots; a script with `undo` runs again, keeping them.
  var plan: RunPlan
  /// The log, rendered on a second core while the statements after it run.
  var pipeline: LogPipeline

  /// What an attempt at replaying the script came to.
  enum Outcome {
    case ran
    case runAgain
    case stopped(RunReport)
  }

  init(source: String, file: String, session: Session, options: RunOptions, output: RunOutput) {
    var session = session
    if session.reporter == nil { session.reporter = Reporter() }
    if file != "<string>" { session.named(after: file) }
    self.source = source
    self.file = file
    self.options = options
    self.output = output
    initial = session
    self.session = session
    stream = StatementStream(source: source, includes: options.includes ?? (session.isSandboxed ? .none : .files(relativeTo: file)))
    plan = RunPlan(keepsLog: options.keepsLog, scriptMayRead: true)
    pipeline = LogPipeline(format: options.format, file: file, holding: true)
  }

  /// Runs the script to its report.
  mutating func report() -> RunReport {
    defer { stream.dispose() }
    while true {
      switch replay() {
      case .ran: return finish()
      case .runAgain: continue
      case .stopped(let report): return report
      }
    }
  }

  /// One attempt, from the session as given.
  private mutating func replay() -> Outcome {
    session = initial
    plan.configure(&session)
    // Held until the parse ends, unless this is the run again after it.
    pipeline = LogPipeline(format: options.format, file: file, holding: pipeline.isHolding)
    var stateLoaded = options.state.map { !FileManager.default.fileExists(atPath: $0) } ?? true
    var index = 0
    var wordsRead = false
    // The statement running, taken out of its part (see below).
    var statement = Statement.placeholder
    while var part = stream.part(index) {
      let current = index
      defer { stream.giveBack(part, at: current) }
      index += 1
      // The words of the script may show that nothing will read the log or the history: the
      // parse thread looks once it has delivered the first part; from the next part on
      // neither is kept.
      if pipeline.isHolding, !wordsRead, let mayRead = stream.scriptMayRead {
        wordsRead = true
        if !mayRead {
          plan = RunPlan(keepsLog: options.keepsLog, scriptMayRead: false)
          plan.configure(&session)
        }
      }
      // Each statement is taken out of its part while it runs and put back after, so it is
      // not copied for each call that also changes the session.
      for position in part.indices {
        swap(&statement, &part[position])
        defer { swap(&statement, &part[position]) }
        // What writes a file, prints on standard error or undoes waits for the parse.
        if pipeline.isHolding, statement.needsTheWholeScript, let outcome = settle() { return outcome }
        // `--state FILE`: the saved datastore is what TipKit finds at the first launch.
        if !stateLoaded, let state = options.state, statement.launches {
          stateLoaded = true
          do { try session.loadState(state, at: statement.keyword) } catch { return stop(at: error) }
        }
        if let outcome = execute(statement) { return outcome }
      }
      if pipeline.isHolding, stream.hasEnded, let outcome = settle() { return outcome }
    }
    if pipeline.isHolding, let outcome = settle() { return outcome }
    return .ran
  }

  /// Runs one statement, its records straight into the pipeline's batch; an outcome when the
  /// statement stops the run.
  private mutating func execute(_ statement: Statement) -> Outcome? {
    guard options.printsLog else {
      do { _ = try session.execute(statement) } catch { return stop(at: error) }
      return nil
    }
    let start = pipeline.records.count
    let outputs: [Session.Output]
    do { outputs = try session.execute(statement, appendingTo: &pipeline.records) } catch { return stop(at: error) }
    let write: (UnsafeRawBufferPointer) -> Void = output.write
    pipeline.addRecords(from: start, timeZone: session.world.timeZone, write: write)
    if !outputs.isEmpty { pipeline.add(outputs, timeZone: session.world.timeZone, write: write) }
    return nil
  }

  /// Waits for the parse; nil when it succeeded and the run goes on, its held log printed.
  private mutating func settle() -> Outcome? {
    let world = initial.world
    switch stream.outcome(known: { Resolver.knownNames(of: $0, in: world) }) {
    case .failure(let diagnostic):
      pipeline.discard()
      session = initial
      return .stopped(fail(diagnostic))
    case .success(let parts):
      // A script with no word of a reading statement needs what it was given at the start.
      let needed =
        stream.scriptMayRead ?? true
        ? RunPlan(keepsLog: options.keepsLog, parts: parts) : RunPlan(keepsLog: options.keepsLog, scriptMayRead: false)
      guard needed.keepsUndo == plan.keepsUndo else {
        pipeline.discard()
        plan = needed
        return .runAgain
      }
      plan = needed
      plan.configure(&session)
      pipeline.release(write: output.write)
      return nil
    }
  }

  /// An invalid statement: reported once the parse shows the script is valid (a syntax
  /// error anywhere wins, with nothing run).
  private mutating func stop(at error: Diagnostic) -> Outcome {
    if pipeline.isHolding, let outcome = settle() { return outcome }
    return .stopped(fail(error))
  }

  /// The run ends with exit 2 at `diagnostic`.
  private mutating func fail(_ diagnostic: Diagnostic) -> RunReport {
    pipeline.flush(write: output.write)
    let text = diagnostic.rendered(inScript: file, source: source) + "\n"
    output.error(text)
    return report(exitCode: 2, diagnostic: diagnostic)
  }

  /// The log's end: the state saved, the summary line, the exit code.
  private mutating func finish() -> RunReport {
    pipeline.flush(write: output.write)
    if let state = options.state, case .failure(let problem) = StateFile.write(StateFile.encode(session.world), to: state) {
      output.error("\(state):1:1: error: \(problem.message)\n")
      return report(exitCode: 2)
    }
    let failed = session.failures.count
    let checked = session.expectationsChecked
    switch options.format {
    case _ where !options.printsLog: break
    case .text(let style):
      let summary = ScenarioRunner.summary(checked: checked, failed: failed)
      output.write((failed == 0 ? style.green("── " + summary) : style.red("── " + summary)) + "\n")
    case .json:
      var o = JSONObject()
      o["kind"] = "summary"
      o["expectations"] = .int(checked)
      o["failed"] = .int(failed)
      output.write(JSONValue.object(o).serialized + "\n")
    }
    return report(exitCode: failed == 0 ? 0 : 1)
  }

  private func report(exitCode: Int32, diagnostic: Diagnostic? = nil) -> RunReport {
    RunReport(
      file: file, exitCode: exitCode, transcript: output.transcript, errors: output.errors, failures: session.failures,
      expectationsChecked: session.expectationsChecked, session: session, diagnostic: diagnostic)
  }
}

/// Where a run's output goes: printed as it comes, and kept as the report's transcript and
/// errors. A reference, so the log pipeline can write while the run changes its session.
final class RunOutput {
  let keepsLog: Bool
  let out: (UnsafeRawBufferPointer) -> Void
  let err: (String) -> Void
  private(set) var transcript = ""
  private(set) var errors = ""

  init(keepsLog: Bool, out: @escaping (UnsafeRawBufferPointer) -> Void, err: @escaping (String) -> Void) {
    self.keepsLog = keepsLog
    self.out = out
    self.err = err
  }

  func write(_ bytes: UnsafeRawBufferPointer) {
    if keepsLog { transcript += String(decoding: bytes, as: UTF8.self) }
    out(bytes)
  }

  func write(_ text: String) {
    var text = text
    text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
  }

  func error(_ text: String) {
    errors += text
    err(text)
  }
}
