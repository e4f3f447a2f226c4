import Foundation
import ScenarioLanguage

/// A script's statements as a worker parses them, part by part, so that the runner can run
/// the first parts while the rest is read. Statements come in order; whether the whole script
/// parses is known only at the end (`outcome()`).
final class StatementStream: @unchecked Sendable {
  /// Lines per part: small enough that the runner soon has work, large enough that taking a
  /// part costs nothing next to running it.
  static let linesPerPart = 2048

  private let condition = NSCondition()
  // Guarded by `condition`.
  private var parts: [[Statement]] = []
  private var end: Result<Void, Diagnostic>?
  private var lines: [String] = []
  private var mayRead: Bool?

  /// How much lower than the runner's the parse thread's priority is (added to its nice value). The
  /// runner, the parse and the log's rendering share two cores, and the runner is the
  /// critical path: at equal priority it held a core about two thirds of the time while the
  /// parse ran, and a 200,000-line replay took 8% longer. The parse keeps ahead anyway.
  static let parsePriorityOffset: Int32 = 8

  init(source: String) {
    // A thread of its own rather than a dispatch worker, whose priority would stay lowered
    // for whatever it ran next. On Linux a thread's nice value is its own.
    let thread = Thread { [self] in
      let which = __priority_which_t(PRIO_PROCESS.rawValue)
      setpriority(which, 0, getpriority(which, 0) + StatementStream.parsePriorityOffset)
      var read: [String] = []
      func lookAtTheWords() {
        let words = RunPlan.mayRead(source)
        condition.lock()
        mayRead = words
        condition.unlock()
      }
      let result = Result { () throws(Diagnostic) in
        try Parser.parse(source, inPartsOf: StatementStream.linesPerPart) { part, lines in
          read += lines
          condition.lock()
          parts.append(part)
          let first = parts.count == 1
          condition.broadcast()
          condition.unlock()
          // After the first part, so that the runner starts at once.
          if first { lookAtTheWords() }
        }
      }
      // No part was delivered: the script is empty, or its first part does not parse.
      if scriptMayRead == nil { lookAtTheWords() }
      // A syntax error stops before its part's lines are delivered: its diagnostic shows
      // the line from all of them.
      if case .failure = result { read = Parser(source: source).lines }
      condition.lock()
      lines = read
      end = result
      condition.broadcast()
      condition.unlock()
    }
    thread.start()
  }

  /// Part `index`'s statements, once parsed; nil when there is no such part (the script
  /// ended, or an error stopped the parse before it).
  func part(_ index: Int) -> [Statement]? {
    condition.lock()
    defer { condition.unlock() }
    while index >= parts.count && end == nil { condition.wait() }
    return index < parts.count ? parts[index] : nil
  }

  /// Frees the parsed statements on a worker, once the parse has ended: freeing 200,000
  /// statements took a fiftieth of a replay on the runner's thread. The stream must not be
  /// read after.
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

  /// Waits for the end of the parse: every part, or the first error; and the script's lines,
  /// for diagnostics.
  func outcome() -> (parts: Result<[[Statement]], Diagnostic>, lines: [String]) {
    condition.lock()
    defer { condition.unlock() }
    while end == nil { condition.wait() }
    switch end {
    case .failure(let diagnostic)?: return (.failure(diagnostic), lines)
    default: return (.success(parts), lines)
    }
  }
}
