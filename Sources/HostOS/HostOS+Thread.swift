import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension HostOS {
  /// A thread, not yet started, that runs `body` below the priority of the thread that starts
  /// it. On Linux a thread's nice value is its own: `body` first raises it by `niceness`. On
  /// Darwin `setpriority` would renice the whole process, so the thread asks for the
  /// `.utility` quality of service instead, with no C call.
  public static func lowPriorityThread(niceness: Int32, _ body: @escaping @Sendable () -> Void) -> Thread {
    #if canImport(Glibc)
      Thread {
        // glibc declares the first argument as an enum of its own; 0 is the calling thread.
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        setpriority(which, 0, getpriority(which, 0) + niceness)
        body()
      }
    #else
      let thread = Thread(block: body)
      thread.qualityOfService = .utility
      return thread
    #endif
  }
}
