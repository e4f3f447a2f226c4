import HostOS

/// `body(0) … body(count - 1)` on every core, the results in index order: the importer's
/// work that is independent per item (scanning a file, checking a rule). On threads of
/// `stack` bytes rather than GCD's workers, whose 512 KiB on a Mac a debug build of
/// swift-syntax's parse of nested code overflows (BENCHMARKS.md, "Stacks").
func onEveryCore<Result>(_ count: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
  let slots = Locked([Result?](repeating: nil, count: count))
  HostOS.concurrentPerform(iterations: count, stackSize: stack) { index in
    let result = body(index)
    slots.withLock { $0[index] = result }
  }
  return slots.withLock { $0.map { $0! } }
}

/// `body(0) … body(count - 1)` on every core, `size` indices to a task: for many small items.
func onEveryCore<Result>(_ count: Int, chunk size: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
  let chunks = (count + size - 1) / size
  return onEveryCore(chunks) { chunk in (chunk * size..<min(count, (chunk + 1) * size)).map(body) }.flatMap { $0 }
}

/// Linux's default, and twice what the deepest code swift-syntax's release build reads (256
/// levels) took to scan here (BENCHMARKS.md, "Stacks").
private let stack = 8 << 20
