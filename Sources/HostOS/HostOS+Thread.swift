import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension HostOS {
  /// The stack macOS gives every thread but the main one, GCD's workers and Swift's
  /// concurrency pool included (which cannot be sized); Linux gives 8 MiB. Recursion over
  /// input must fit it in a debug build (BENCHMARKS.md, "Stacks").
  public static let secondaryThreadStack = 512 << 10

  /// A thread, not yet started, that runs `body` below the priority of the thread that starts
  /// it, with a stack of `stackSize` bytes on both systems. On Linux a thread's nice value is
  /// its own: `body` first raises it by `niceness`. On Darwin `setpriority` would renice the
  /// whole process, so the thread asks for the `.utility` quality of service instead, with no
  /// C call.
  public static func lowPriorityThread(niceness: Int32, stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Thread {
    #if canImport(Glibc)
      let thread = Thread {
        // glibc declares the first argument as an enum of its own; 0 is the calling thread.
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        setpriority(which, 0, getpriority(which, 0) + niceness)
        body()
      }
    #else
      let thread = Thread(block: body)
      thread.qualityOfService = .utility
    #endif
    thread.stackSize = stackSize
    return thread
  }

  /// `body(0) … body(iterations - 1)` on threads of `stackSize` bytes, one per core at most;
  /// returns once every call has returned. For work whose recursion the input decides, which
  /// GCD's `concurrentPerform` would run in 512 KiB on a Mac and 8 MiB here.
  public static func concurrentPerform(iterations: Int, stackSize: Int, _ body: @Sendable (Int) -> Void) {
    guard iterations > 0 else { return }
    withoutActuallyEscaping(body) { body in
      SizedThreads(iterations: iterations, body: body).run(
        threads: min(iterations, ProcessInfo.processInfo.activeProcessorCount), stackSize: stackSize)
    }
  }

  /// `body()` on a thread of `stackSize` bytes, waited for: a Mac's secondary thread
  /// (`secondaryThreadStack`) on any system, as a library's caller may run it.
  public static func onThread<Result: Sendable>(stackSize: Int, _ body: @Sendable () -> Result) -> Result {
    let result = Locked<Result?>(nil)
    concurrentPerform(iterations: 1, stackSize: stackSize) { _ in
      let value = body()
      result.withLock { $0 = value }
    }
    guard let value = result.withLock({ $0 }) else { preconditionFailure("concurrentPerform returned before its one call") }
    return value
  }
}
