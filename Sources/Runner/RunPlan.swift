import Foundation
import Renderers
import ScenarioLanguage
import Sessions
import Simulation
import TipEngine

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

  /// The words of the commands of the command table that read the log or the history, or
  /// undo (`CommandInfo.readsThePast`), split into runs of ASCII letters; and `include`,
  /// since the file it reads may hold any of them.
  static let readingWords: [[UInt8]] = Set(
    CommandTable.all.filter(\.readsThePast).flatMap { $0.name.split { !$0.isASCII || !$0.isLetter }.map(String.init) } + ["include"]
  ).sorted().map { Array($0.utf8) }

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
    case .log, .checkpoint, .restore, .checkpoints, .undo, .timeline, .whatIf, .matrix, .report: true
    case .repeat(_, _, let body): body.contains(where: \.readsTheLog)
    default: false
    }
  }

  /// Whether the statement replays the statements that changed the world before it.
  var readsTheHistory: Bool {
    switch action {
    case .whatIf, .matrix, .population, .lint, .report, .plan: true
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
