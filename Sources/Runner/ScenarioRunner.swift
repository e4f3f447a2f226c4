import Foundation
import Persistence
import Renderers
import Reports
import ScenarioLanguage
import Sessions
import Simulation
import TipEngine

/// Replays scenarios: run each statement in order; a syntax error anywhere runs nothing, and
/// the first invalid statement stops the run with exit 2. A worker parses the script while the
/// first statements run, and nothing is printed until the whole script has parsed.
public enum ScenarioRunner {
  /// Replays scenario text. `out` and `err` receive output as it is produced. Without
  /// `keepsLog` (`tipsim run`, which prints as it goes) the report has no transcript and the
  /// session keeps its log only when a statement reads it, so memory does not grow with the
  /// log. Without `printsLog` (the reporting subcommands, which read the session the run
  /// leaves) the log is not rendered at all: no transcript, no summary, nothing on `out`.
  public static func run(
    source: String, file: String = "<string>", format: OutputFormat = .text(.plain), session: Session = Session(),
    state: String? = nil, keepsLog: Bool = true, printsLog: Bool = true, includes: IncludeReader? = nil, out: (String) -> Void = { _ in },
    err: (String) -> Void = { _ in }
  ) -> RunReport {
    run(
      source: source, file: file, format: format, session: session, state: state, keepsLog: keepsLog, printsLog: printsLog,
      includes: includes, bytesOut: { out(String(decoding: $0, as: UTF8.self)) }, err: err)
  }

  /// The same, with the output handed over as UTF-8 bytes (`tipsim run` writes them as they
  /// are; making the log a string first validated every byte again). `include` lines read
  /// files relative to `file`'s folder unless `includes` says otherwise; a sandboxed session
  /// reads none.
  public static func run(
    source: String, file: String = "<string>", format: OutputFormat = .text(.plain), session: Session = Session(),
    state: String? = nil, keepsLog: Bool = true, printsLog: Bool = true, includes: IncludeReader? = nil,
    bytesOut out: (UnsafeRawBufferPointer) -> Void, err: (String) -> Void = { _ in }
  ) -> RunReport {
    var session = session
    if session.reporter == nil { session.reporter = Reporter() }
    let initial = session
    var transcript = ""
    var errors = ""
    // A worker parses the script part by part while the statements run. Until the whole
    // script is known to parse, the run goes ahead but its log is held: a syntax error
    // anywhere still runs nothing, as if everything had been parsed first.
    let stream = StatementStream(source: source, includes: includes ?? (session.isSandboxed ? .none : .files(relativeTo: file)))
    defer { stream.dispose() }
    func write(_ bytes: UnsafeRawBufferPointer) {
      if keepsLog { transcript += String(decoding: bytes, as: UTF8.self) }
      out(bytes)
    }
    func write(_ text: String) {
      var text = text
      text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }
    // The log renders on a second core while the statements after it run.
    var pipeline = LogPipeline(format: format, file: file, holding: true)
    func fail(_ diagnostic: Diagnostic) -> RunReport {
      pipeline.flush(write: write)
      let text =
        diagnostic.rendered(
          file: diagnostic.file ?? file,
          source: diagnostic.file == nil ? Parser.line(diagnostic.location.line, of: source) : diagnostic.sourceLine)
        + "\n"
      errors += text
      err(text)
      return RunReport(
        file: file, exitCode: 2, transcript: transcript, errors: errors, failures: session.failures,
        expectationsChecked: session.expectationsChecked, session: session, diagnostic: diagnostic)
    }
    // What the session keeps depends on the whole script. Ahead of the parse it keeps its log
    // and history (dropped if the script never reads them) but no undo snapshots: a script
    // with `undo` runs again from the start, keeping them. The words of the script may show
    // that nothing will read the log or the history: the parse thread looks once it has
    // delivered the first part, and from the next part on neither is kept.
    var plan = RunPlan(keepsLog: keepsLog, scriptMayRead: true)
    enum Stop: Error {
      case runAgain
      case report(RunReport)
    }
    /// Waits for the parse. Then the held output is printed; or the run starts again, keeping
    /// what the script needs; or the syntax error is reported, with nothing run.
    func settle() throws(Stop) {
      let world = initial.world
      switch stream.outcome(known: { Resolver.knownNames(of: $0, in: world) }) {
      case .failure(let diagnostic):
        pipeline.discard()
        session = initial
        throw .report(fail(diagnostic))
      case .success(let parts):
        // A script with no word of a reading statement needs what it was given at the start.
        let needed =
          stream.scriptMayRead ?? true
          ? RunPlan(keepsLog: keepsLog, parts: parts) : RunPlan(keepsLog: keepsLog, scriptMayRead: false)
        guard needed.keepsUndo == plan.keepsUndo else {
          pipeline.discard()
          plan = needed
          throw .runAgain
        }
        plan = needed
        plan.configure(&session)
        pipeline.release(write: write)
      }
    }
    /// An invalid statement: reported once the parse shows the script is valid (a syntax
    /// error anywhere wins, with nothing run).
    func stop(at error: Diagnostic) throws(Stop) -> Never {
      if pipeline.isHolding { try settle() }
      throw .report(fail(error))
    }
    func replay() throws(Stop) {
      session = initial
      plan.configure(&session)
      // Held until the parse ends, unless this is the run again after it.
      pipeline = LogPipeline(format: format, file: file, holding: pipeline.isHolding)
      var stateLoaded = state == nil || !FileManager.default.fileExists(atPath: state ?? "")
      var index = 0
      var wordsRead = false
      // The statement running, taken out of its part (see below).
      var statement = Statement.placeholder
      while var part = stream.part(index) {
        let current = index
        defer { stream.giveBack(part, at: current) }
        index += 1
        if pipeline.isHolding, !wordsRead, let mayRead = stream.scriptMayRead {
          wordsRead = true
          if !mayRead {
            plan = RunPlan(keepsLog: keepsLog, scriptMayRead: false)
            plan.configure(&session)
          }
        }
        // Each statement is taken out of its part while it runs and put back after, so it is
        // not copied for each call that also changes the session.
        for position in part.indices {
          swap(&statement, &part[position])
          defer { swap(&statement, &part[position]) }
          // What writes a file, prints on standard error or undoes waits for the parse.
          if pipeline.isHolding, statement.needsTheWholeScript { try settle() }
          // `--state FILE`: the saved datastore is what TipKit finds at the first launch.
          if !stateLoaded, let state, statement.launches {
            stateLoaded = true
            do { try session.loadState(state, at: statement.keyword) } catch { try stop(at: error) }
          }
          guard printsLog else {
            do { _ = try session.execute(statement) } catch { try stop(at: error) }
            continue
          }
          // A command's records go straight into the pipeline's batch.
          let start = pipeline.records.count
          let outputs: [Session.Output]
          do { outputs = try session.execute(statement, appendingTo: &pipeline.records) } catch { try stop(at: error) }
          pipeline.addRecords(from: start, timeZone: session.world.timeZone, write: write)
          if !outputs.isEmpty { pipeline.add(outputs, timeZone: session.world.timeZone, write: write) }
        }
        if pipeline.isHolding, stream.hasEnded { try settle() }
      }
      if pipeline.isHolding { try settle() }
    }
    while true {
      do throws(Stop) {
        try replay()
        break
      } catch {
        switch error {
        case .runAgain: continue
        case .report(let report): return report
        }
      }
    }
    pipeline.flush(write: write)
    if let state, case .failure(let problem) = StateFile.write(StateFile.encode(session.world), to: state) {
      let text = "\(state):1:1: error: \(problem.message)\n"
      errors += text
      err(text)
      return RunReport(
        file: file, exitCode: 2, transcript: transcript, errors: errors, failures: session.failures,
        expectationsChecked: session.expectationsChecked, session: session)
    }
    let failed = session.failures.count
    let checked = session.expectationsChecked
    switch format {
    case _ where !printsLog: break
    case .text(let style):
      let summary = ScenarioRunner.summary(checked: checked, failed: failed)
      write((failed == 0 ? style.green("── " + summary) : style.red("── " + summary)) + "\n")
    case .json:
      var o = JSONObject()
      o["kind"] = "summary"
      o["expectations"] = .int(checked)
      o["failed"] = .int(failed)
      write(JSONValue.object(o).serialized + "\n")
    }
    return RunReport(
      file: file, exitCode: failed == 0 ? 0 : 1, transcript: transcript, errors: errors, failures: session.failures,
      expectationsChecked: checked, session: session)
  }

  /// The summary line's words: `3 expectations held`, `1 of 3 expectations failed`.
  public static func summary(checked: Int, failed: Int) -> String {
    let expectations = "expectation\(checked == 1 ? "" : "s")"
    return failed == 0 ? "\(checked) \(expectations) held" : "\(failed) of \(checked) \(expectations) failed"
  }

  /// Replays a scenario file; an unreadable file or one that is not UTF-8 text exits 2.
  public static func run(
    file path: String, format: OutputFormat = .text(.plain), session: Session = Session(), state: String? = nil,
    keepsLog: Bool = true, printsLog: Bool = true, out: (String) -> Void = { _ in }, err: (String) -> Void = { _ in }
  ) -> RunReport {
    run(
      file: path, format: format, session: session, state: state, keepsLog: keepsLog, printsLog: printsLog,
      bytesOut: { out(String(decoding: $0, as: UTF8.self)) }, err: err)
  }

  /// The same, with the output handed over as UTF-8 bytes.
  public static func run(
    file path: String, format: OutputFormat = .text(.plain), session: Session = Session(), state: String? = nil,
    keepsLog: Bool = true, printsLog: Bool = true, bytesOut out: (UnsafeRawBufferPointer) -> Void, err: (String) -> Void = { _ in }
  ) -> RunReport {
    switch ScenarioFile.read(path) {
    case .success(let source):
      return run(
        source: source, file: path, format: format, session: session, state: state, keepsLog: keepsLog, printsLog: printsLog,
        bytesOut: out, err: err)
    case .failure(let problem):
      let text = "\(path):1:1: error: \(problem.message)\n"
      err(text)
      return RunReport(
        file: path, exitCode: 2, transcript: "", errors: text, failures: [], expectationsChecked: 0, session: Session(),
        diagnostic: Diagnostic(problem.message, at: SourceLocation(line: 1, column: 1)))
    }
  }
}
