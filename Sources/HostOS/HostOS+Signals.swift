#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

extension HostOS {
  /// The signals TipSim handles, by what they mean: the numbers differ between the systems.
  public enum Signal: Sendable, CaseIterable {
    /// SIGINT: Ctrl-C.
    case interrupt
    /// SIGWINCH: the terminal was resized.
    case windowResized
    /// SIGCONT: continued after a stop (Ctrl-Z, `fg`).
    case continued

    var number: Int32 {
      switch self {
      case .interrupt: SIGINT
      case .windowResized: SIGWINCH
      case .continued: SIGCONT
      }
    }
  }

  /// Installs `handler` for `signal` with `sigaction`, the mask empty; `restart` sets
  /// SA_RESTART. The handler's field is a union whose spelling differs: glibc names it
  /// `__sigaction_handler`, Darwin `__sigaction_u`.
  public static func handle(_ signal: Signal, restart: Bool, with handler: @convention(c) (Int32) -> Void) {
    var action = sigaction()
    #if canImport(Darwin)
      action.__sigaction_u.__sa_handler = handler
    #else
      action.__sigaction_handler.sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = restart ? SA_RESTART : 0
    sigaction(signal.number, &action, nil)
  }

  /// Unblocks `signals` for the calling thread: a parent (a test harness, a CI runner) may
  /// have blocked them.
  public static func unblock(_ signals: [Signal]) {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in signals { sigaddset(&set, signal.number) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }

  /// Makes a write to a closed pipe fail with EPIPE instead of killing the process.
  /// `SIG_IGN` is a cast in C; both overlays give it as a property.
  public static func ignoreBrokenPipe() { _ = signal(SIGPIPE, SIG_IGN) }
}
