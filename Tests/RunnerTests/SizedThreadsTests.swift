import Foundation
import HostOS
import Testing

/// `HostOS.concurrentPerform`: the threads TipSim sizes itself, where GCD's workers have
/// 512 KiB on a Mac and 8 MiB here.
@Suite struct SizedThreadsTests {
  @Test func everyIndexRunsOnceOnThreadsOfTheAskedStack() {
    let runs = Locked([Int](repeating: 0, count: 100))
    let stacks = Locked(Set<Int>())
    HostOS.concurrentPerform(iterations: 100, stackSize: 3 << 20) { index in
      runs.withLock { $0[index] += 1 }
      stacks.withLock { _ = $0.insert(Thread.current.stackSize) }
    }
    #expect(runs.withLock { $0 } == Array(repeating: 1, count: 100))
    #expect(stacks.withLock { $0 } == [3 << 20])
    #expect(HostOS.onThread(stackSize: HostOS.secondaryThreadStack) { Thread.current.stackSize } == 512 << 10)
    HostOS.concurrentPerform(iterations: 0, stackSize: 1 << 20) { _ in Issue.record("no index to run") }
  }
}
