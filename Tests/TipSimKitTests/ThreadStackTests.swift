import Foundation
import Testing
import TipSimKit

/// An app team's test may replay on a thread of its own, which a Mac gives 512 KiB of stack
/// (every thread but the main one has that much): the deepest rule the language allows
/// replays there, with `why` and a population, and hostile nesting is a clean failure.
@Suite struct ThreadStackTests {
  @Test func aReplayFitsTheStackOfAMacsSecondaryThread() {
    let deep = String(repeating: "p and (", count: 31) + "p" + String(repeating: ")", count: 31)
    let scenario = """
      param p = false
      screen s: t
      tip t
        title "T"
        anchor s.t
        rule \(deep)
      launch
      open s
      set p true
      expect shown t
      why t
      cohort all 100%
        open s 2 per day poisson for 1m
      population 20 for 3d seed 1

      """
    let hostile = "tip t\n  title \"T\"\n  rule " + String(repeating: "(", count: 500) + "true" + String(repeating: ")", count: 500) + "\n"
    let reports = Self.onThread(stackSize: 512 << 10) { [TipSim.replay(scenario), TipSim.replay(hostile)] }
    #expect(reports.first?.passed == true, "\(reports.first?.failureMessage ?? "")")
    #expect(reports.last?.inputError?.message == "expression is nested more than 32 levels deep")
  }

  /// `body()` on a thread of `stackSize` bytes, as a test that starts its own thread does.
  static func onThread<Result: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> Result) -> Result {
    let done = DispatchSemaphore(value: 0)
    let box = Box<Result>()
    let thread = Thread {
      box.value = body()
      done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
    return box.value!
  }

  /// Written by the thread before it signals, read after the wait.
  final class Box<Value>: @unchecked Sendable { var value: Value? }
}
