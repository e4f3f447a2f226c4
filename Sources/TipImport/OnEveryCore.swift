import Dispatch
import HostOS

/// `body(0) … body(count - 1)` on every core, the results in index order: the importer's
/// work that is independent per item (scanning a file, checking a rule).
func onEveryCore<Result>(_ count: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
  let slots = Locked([Result?](repeating: nil, count: count))
  DispatchQueue.concurrentPerform(iterations: count) { index in
    let result = body(index)
    slots.withLock { $0[index] = result }
  }
  return slots.withLock { $0.map { $0! } }
}
