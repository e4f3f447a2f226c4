import Foundation
import HostOS
import ScenarioLanguage

/// A script's statements as a worker parses them, part by part, so that the runner can run
/// the first parts while the rest is read. Statements come in order; whether the whole script
/// parses is known only at the end (`outcome(known:)`).
final class StatementStream: @unchecked Sendable {
  /// Lines per part: small enough that the runner soon has work, large enough that taking a
  /// part costs nothing next to running it.
  static let linesPerPart = 2048

  private let condition = NSCondition()
  // Guarded by `condition`.
  private var parts: [[Statement]] = []
  private var end: Result<Void, Diagnostic>?
  private var mayRead: Bool?
  /// The parts before this one the runner has finished (it asked for the next).
  private var finished = 0
  /// The parts before this one are freed.
  private var freed = 0
  /// Names used and never defined, gathered by the parse thread; read after the end.
  private var undefined = UndefinedNames()

  /// How much lower than the runner's the parse thread's priority is (added to its nice
  /// value on Linux): the runner is the critical path on two shared cores, and the parse
  /// keeps ahead.
  static let parsePriorityOffset: Int32 = 8

  init(source: String, includes: IncludeReader) {
    // A thread of its own rather than a dispatch worker, whose priority would stay lowered
    // for whatever it ran next. Its stack is a Mac's on both systems, so that Linux runs the
    // parse of a deep rule as a Mac does.
    let thread = HostOS.lowPriorityThread(niceness: StatementStream.parsePriorityOffset, stackSize: HostOS.secondaryThreadStack) {
      [self] in
      func lookAtTheWords() {
        let words = RunPlan.mayRead(source)
        condition.lock()
        mayRead = words
        condition.unlock()
      }
      let result = Result { () throws(Diagnostic) in
        try Parser.parse(source, inPartsOf: StatementStream.linesPerPart, includes: includes) { part, _ in
          undefined.scan(part)
          condition.lock()
          parts.append(part)
          let first = parts.count == 1
          // The parts the runner has finished are freed here, outside the lock, when nothing
          // can run the script again (`RunPlan`): memory stays flat however long the script.
          // A diagnostic reads its line from the source (`Parser.line(_:of:)`).
          var done: [[Statement]] = []
          if mayRead == false {
            while freed < finished {
              done.append(parts[freed])
              parts[freed] = []
              freed += 1
            }
          }
          condition.broadcast()
          condition.unlock()
          withExtendedLifetime(done) {}
          // After the first part, so that the runner starts at once.
          if first { lookAtTheWords() }
        }
      }
      // No part was delivered: the script is empty, or its first part does not parse.
      if scriptMayRead == nil { lookAtTheWords() }
      condition.lock()
      end = result
      condition.broadcast()
      condition.unlock()
    }
    thread.start()
  }

  /// Part `index`'s statements, once parsed; nil when there is no such part (the script
  /// ended, or an error stopped the parse before it). Asking for it tells the stream that the
  /// runner has finished the parts before it: unless the script may be run again, they
  /// are freed (empty from then on).
  ///
  /// When no word of the script reads (`scriptMayRead` is false), the part is handed over:
  /// the stream keeps no reference to it, so the runner can take each statement out of it
  /// while the statement runs, without copying it. The runner gives it back with
  /// `giveBack(_:at:)`, for this thread to free.
  func part(_ index: Int) -> [Statement]? {
    condition.lock()
    defer { condition.unlock() }
    finished = max(finished, index)
    while index >= parts.count && end == nil { condition.wait() }
    guard index < parts.count else { return nil }
    guard mayRead == false else { return parts[index] }
    var part: [Statement] = []
    swap(&part, &parts[index])
    return part
  }

  /// Puts back part `index` as the runner leaves it, to be freed with the others. A part the
  /// stream kept, the runner copied: that copy is freed here, outside the lock.
  func giveBack(_ part: consuming [Statement], at index: Int) {
    condition.lock()
    if parts[index].isEmpty { swap(&part, &parts[index]) }
    condition.unlock()
  }

  /// Frees the parsed statements on a worker, once the parse has ended, off the runner's
  /// thread. The stream must not be read after.
  func dispose() {
    DispatchQueue.global().async { [self] in
      condition.lock()
      while end == nil { condition.wait() }
      let freed = parts
      parts = []
      condition.unlock()
      withExtendedLifetime(freed) {}
    }
  }

  /// Whether a statement of the script could read the log or the history, or undo
  /// (`RunPlan.mayRead(_:)`), once the parse thread has looked (after the first part), without
  /// waiting; nil before.
  var scriptMayRead: Bool? {
    condition.lock()
    defer { condition.unlock() }
    return mayRead
  }

  /// Whether the parse has ended, without waiting.
  var hasEnded: Bool {
    condition.lock()
    defer { condition.unlock() }
    return end != nil
  }

  /// Waits for the end of the parse: every part (those freed empty), or the first error,
  /// which may be a use of a name that neither the script nor `known` defines.
  func outcome(known: (NameReference.Kind) -> [String]) -> Result<[[Statement]], Diagnostic> {
    condition.lock()
    defer { condition.unlock() }
    while end == nil { condition.wait() }
    switch end {
    case .failure(let diagnostic)?: return .failure(diagnostic)
    default:
      if let diagnostic = undefined.firstUndefined(known: known) { return .failure(diagnostic) }
      return .success(parts)
    }
  }
}
