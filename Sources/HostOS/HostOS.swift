#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// What differs between macOS and Linux, in one place: each C call has its Darwin and its
/// Glibc branch here, and no other module calls the C library (`ObjectSymbolTests` reads the
/// compiled objects for it; `PortabilityTests` checks the words that leave no symbol).
public enum HostOS {
  /// A path that opens the file behind `descriptor` anew: `/dev/fd/N` on Darwin, where
  /// there is no `/proc`, `/proc/self/fd/N` on Linux.
  public static func path(ofDescriptor descriptor: Int32) -> String {
    #if os(Linux)
      "/proc/self/fd/\(descriptor)"
    #else
      "/dev/fd/\(descriptor)"
    #endif
  }

  /// Ends the process with `status`, without unwinding (the C library's `exit`: its
  /// `atexit` handlers run and its streams are flushed).
  public static func exit(_ status: Int32) -> Never {
    #if canImport(Darwin)
      Darwin.exit(status)
    #elseif canImport(Glibc)
      Glibc.exit(status)
    #endif
  }
}
