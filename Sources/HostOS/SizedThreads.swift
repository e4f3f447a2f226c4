import Foundation

/// The threads of one `HostOS.concurrentPerform`: each takes the next index until none is
/// left. The body is let go once every thread is done with it, before `run` returns, as
/// `withoutActuallyEscaping` requires.
final class SizedThreads: @unchecked Sendable {
  private let iterations: Int
  private let condition = NSCondition()
  // Guarded by `condition`.
  private var body: (@Sendable (Int) -> Void)?
  private var next = 0
  private var running = 0

  init(iterations: Int, body: @escaping @Sendable (Int) -> Void) {
    self.iterations = iterations
    self.body = body
  }

  func run(threads: Int, stackSize: Int) {
    condition.lock()
    running = threads
    condition.unlock()
    for _ in 0..<threads {
      let thread = Thread { [self] in work() }
      thread.stackSize = stackSize
      thread.start()
    }
    condition.lock()
    while running > 0 { condition.wait() }
    body = nil
    condition.unlock()
  }

  private func work() {
    while let (index, body) = take() { body(index) }
    condition.lock()
    running -= 1
    condition.broadcast()
    condition.unlock()
  }

  /// The next index and the body, or nil when every index is taken.
  private func take() -> (Int, @Sendable (Int) -> Void)? {
    condition.lock()
    defer { condition.unlock() }
    guard next < iterations, let body else { return nil }
    next += 1
    return (next - 1, body)
  }
}
