import Foundation
import Renderers
import ScenarioLanguage
import Simulation
import TipEngine

/// The outcome of replaying one scenario.
public struct RunReport: Sendable {
  public var file: String
  /// 0: every expectation held; 1: one failed; 2: the input is not valid.
  public var exitCode: Int32
  /// What the run printed on standard output: the log.
  public var transcript: String
  /// What it printed on standard error: the diagnostic of invalid input.
  public var errors: String
  public var failures: [ExpectationResult]
  public var expectationsChecked: Int
  /// The session as the run left it.
  public var session: Session
  /// Why the input is not valid (exit 2).
  public var diagnostic: Diagnostic? = nil

  public var passed: Bool { exitCode == 0 }

  /// The message `tipsim run` prints for a failed run: each failed expectation with what was
  /// expected, what was found and the tip's `why`, or the diagnostic.
  public var failureMessage: String {
    if exitCode == 2 { return errors }
    let renderer = TextRenderer(timeZone: session.world.timeZone, file: file)
    return failures.map { failure in
      renderer.render(LogRecord(instant: session.world.clock, event: .expectation(failure)))
    }.joined(separator: "\n")
  }
}

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
    state: String? = nil, keepsLog: Bool = true, printsLog: Bool = true, out: (String) -> Void = { _ in },
    err: (String) -> Void = { _ in }
  ) -> RunReport {
    run(
      source: source, file: file, format: format, session: session, state: state, keepsLog: keepsLog, printsLog: printsLog,
      bytesOut: { out(String(decoding: $0, as: UTF8.self)) }, err: err)
  }

  /// The same, with the output handed over as UTF-8 bytes (`tipsim run` writes them as they
  /// are; making the log a string first validated every byte again).
  public static func run(
    source: String, file: String = "<string>", format: OutputFormat = .text(.plain), session: Session = Session(),
    state: String? = nil, keepsLog: Bool = true, printsLog: Bool = true, bytesOut out: (UnsafeRawBufferPointer) -> Void,
    err: (String) -> Void = { _ in }
  ) -> RunReport {
    let initial = session
    var session = session
    var transcript = ""
    var errors = ""
    // A worker parses the script part by part while the statements run. Until the whole
    // script is known to parse, the run goes ahead but its log is held: a syntax error
    // anywhere still runs nothing, as if everything had been parsed first.
    let stream = StatementStream(source: source)
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
      let text = diagnostic.rendered(file: file, source: Parser.line(diagnostic.location.line, of: source)) + "\n"
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
      var world = initial.world
      switch stream.outcome(known: { Resolver.knownNames(of: $0, in: &world) }) {
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
      let summary =
        failed == 0
        ? "\(checked) expectation\(checked == 1 ? "" : "s") held"
        : "\(failed) of \(checked) expectation\(checked == 1 ? "" : "s") failed"
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

/// Reading scenario files: text, UTF-8, no NUL bytes, of a sane size.
public enum ScenarioFile {
  public static let maximumSize = 64 << 20

  public struct Problem: Error, Sendable {
    public var message: String
  }

  /// Reads a scenario; `-` is standard input, and pipes such as `/dev/stdin` work too.
  public static func read(_ path: String) -> Result<String, Problem> {
    var isDirectory: ObjCBool = false
    let exists = path == "-" || FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
    guard exists else { return .failure(Problem(message: "no such file")) }
    guard !isDirectory.boolValue else { return .failure(Problem(message: "is a directory, not a scenario file")) }
    guard let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path) else {
      return .failure(Problem(message: "cannot read the file"))
    }
    // `readToEnd()` answers nil for no bytes at all: an empty scenario, which runs nothing.
    do { return decode(try handle.readToEnd() ?? Data()) } catch { return .failure(Problem(message: "cannot read the file")) }
  }

  /// Checks and decodes a scenario's bytes: at most `maximumSize`, no NUL byte, valid UTF-8;
  /// CRLF line ends and a leading byte-order mark are accepted.
  public static func decode(_ data: Data) -> Result<String, Problem> {
    guard data.count <= maximumSize else { return .failure(Problem(message: "file is larger than \(maximumSize >> 20) MiB")) }
    // Through the bytes, with `memchr` and the standard library's validation, since nothing
    // runs before a script is decoded. Foundation dropped one byte-order mark and this drops
    // one more: both are dropped still.
    let decoded: Result<String, Problem> = data.withUnsafeBytes { raw in
      if let base = raw.baseAddress, memchr(base, 0, raw.count) != nil {
        return .failure(Problem(message: "file contains a NUL byte; a scenario is text"))
      }
      let bytes = raw.assumingMemoryBound(to: UInt8.self)
      let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
      guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self) else {
        return .failure(Problem(message: "file is not valid UTF-8 text"))
      }
      return .success(text)
    }
    return decoded.map { $0.hasPrefix("\u{FEFF}") ? String($0.dropFirst()) : $0 }
  }
}

/// What a run's session keeps, which depends on the statements of the whole script.
struct RunPlan: Equatable {
  var keepsUndo = false
  /// Nil: as the session was given (a run that keeps its log keeps everything).
  var keepsRecords: Bool?
  var keepsHistory: Bool?

  /// Before the script is parsed: no undo snapshots, and the log and history as the session
  /// was given, unless the run keeps no log and no statement of the script could read them
  /// (`mayRead(_:)`). Then this is what the whole script needs.
  init(keepsLog: Bool, scriptMayRead: Bool) {
    if !keepsLog && !scriptMayRead {
      keepsRecords = false
      keepsHistory = false
    }
  }

  /// What the script needs. A script stops at its first error, so only `undo` needs the
  /// per-statement snapshots.
  init(keepsLog: Bool, parts: [[Statement]]) {
    // One pass, by index: `contains(where:)` copied every statement, for each question.
    var undoes = false
    var readsTheLog = false
    var readsTheHistory = false
    for part in parts {
      for position in part.indices {
        if part[position].undoes { undoes = true }
        if part[position].readsTheLog { readsTheLog = true }
        if part[position].readsTheHistory { readsTheHistory = true }
      }
    }
    keepsUndo = undoes
    if !keepsLog {
      keepsRecords = readsTheLog
      keepsHistory = readsTheHistory
    }
  }

  /// The words of the commands whose statements read the log or the history, or undo:
  /// `readingWordsOfTheCommandTable()`, written out (a test checks they are the same).
  /// Working them out parses every example of the command table: too slow for every run.
  static let readingWords: [[UInt8]] = [
    "checkpoint", "checkpoints", "lint", "log", "matrix", "population", "restore", "timeline", "undo", "whatif",
  ].map { Array($0.utf8) }

  /// The words of the commands of the command table whose example reads the log or the
  /// history, or undoes (every example parses; a test checks), split into runs of ASCII
  /// letters, in order.
  static func readingWordsOfTheCommandTable() -> [String] {
    var words: Set<String> = []
    for info in CommandTable.all {
      guard let statements = try? Parser(source: info.example).parse() else { continue }
      for statement in statements where statement.readsTheLog || statement.readsTheHistory || statement.undoes {
        words.formUnion(info.name.split { !$0.isASCII || !$0.isLetter }.map(String.init))
      }
    }
    return words.sorted()
  }

  /// Whether a statement of `source` could read the log or the history, or undo: whether a
  /// run of ASCII letters in it, anywhere (a comment, a string), is one of `readingWords`.
  /// A command's word is such a run, however the lexer splits what is around it.
  static func mayRead(_ source: String) -> Bool {
    let words = readingWords
    // Which lengths and first letters a reading word has: most words are ruled out by these.
    var lengths: UInt64 = 0
    var initials: UInt64 = 0
    for word in words where word.count < 64 {
      lengths |= 1 << UInt64(word.count)
      initials |= 1 << UInt64(word[0] & 63)
    }
    func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }
    var source = source
    return source.withUTF8 { bytes in
      var i = 0
      while i < bytes.count {
        guard isLetter(bytes[i]) else {
          i += 1
          continue
        }
        let start = i
        i += 1
        while i < bytes.count, isLetter(bytes[i]) { i += 1 }
        let length = i - start
        guard length < 64, (lengths >> UInt64(length)) & 1 != 0, (initials >> UInt64(bytes[start] & 63)) & 1 != 0 else { continue }
        let word = UnsafeBufferPointer(rebasing: bytes[start..<i])
        if words.contains(where: { $0.elementsEqual(word) }) { return true }
      }
      return false
    }
  }

  func configure(_ session: inout Session) {
    session.keepsUndo = keepsUndo
    if let keepsRecords { session.keepsRecords = keepsRecords }
    if let keepsHistory { session.keepsHistory = keepsHistory }
  }
}

extension Statement {
  /// Whether the statement must wait until the whole script is parsed before it runs: it
  /// writes a file or prints on standard error, or it undoes (the undo snapshots are kept
  /// only once the script is known to need them).
  @inline(__always)
  var needsTheWholeScript: Bool {
    // A command, nearly every statement, is told inline, without a call that copies the
    // statement out of its part.
    if case .command = action { return false }
    return needsTheWholeScriptBeyondCommands
  }

  private var needsTheWholeScriptBeyondCommands: Bool {
    switch action {
    case .saveState, .population, .undo: true
    case .timeline(let request): request.svg != nil
    case .repeat(_, _, let body): body.contains(where: \.needsTheWholeScript)
    default: false
    }
  }

  /// Whether the statement is an `undo`, or a `repeat` of one.
  var undoes: Bool {
    switch action {
    case .undo: true
    case .repeat(_, _, let body): body.contains(where: \.undoes)
    default: false
    }
  }

  /// Whether the statement reads the log kept so far (or snapshots it).
  var readsTheLog: Bool {
    switch action {
    case .log, .checkpoint, .restore, .checkpoints, .undo, .timeline, .whatIf, .matrix: true
    case .repeat(_, _, let body): body.contains(where: \.readsTheLog)
    default: false
    }
  }

  /// Whether the statement replays the statements that changed the world before it.
  var readsTheHistory: Bool {
    switch action {
    case .whatIf, .matrix, .population, .lint: true
    case .repeat(_, _, let body): body.contains(where: \.readsTheHistory)
    default: false
    }
  }

  /// Whether the statement launches an app (`launch`, or `on DEVICE: launch`).
  var launches: Bool {
    switch action {
    case .command(.launch), .command(.on(_, .launch)): true
    default: false
    }
  }
}
