#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// What differs between macOS and Linux, in one place: each call has its Darwin and its
/// Glibc branch here, and no other module names a C library's own spelling
/// (`PortabilityTests` checks every module for it).
public enum HostOS {
  /// `write(2)` of up to `count` bytes: the bytes written, or -1 with `errno` set.
  public static func writeSome(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
  }

  /// Installs `handler` for `signal` with `sigaction`, the mask empty; `restart` sets
  /// SA_RESTART. The handler's field is a union whose spelling differs: glibc names it
  /// `__sigaction_handler`, Darwin `__sigaction_u`.
  public static func handle(_ signal: Int32, restart: Bool, with handler: @convention(c) (Int32) -> Void) {
    var action = sigaction()
    #if canImport(Darwin)
      action.__sigaction_u.__sa_handler = handler
    #else
      action.__sigaction_handler.sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = restart ? SA_RESTART : 0
    sigaction(signal, &action, nil)
  }

  /// A path that opens the file behind `descriptor` anew: `/dev/fd/N` on Darwin, where
  /// there is no `/proc`, `/proc/self/fd/N` on Linux.
  public static func path(ofDescriptor descriptor: Int32) -> String {
    #if os(Linux)
      "/proc/self/fd/\(descriptor)"
    #else
      "/dev/fd/\(descriptor)"
    #endif
  }
}
