#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// A failed call's `errno`, named for the cases the other modules act on. Both C libraries
/// spell these alike, with different numbers: they are read here.
public struct SystemError: Error, Hashable, Sendable {
  public var code: Int32

  public init(code: Int32) { self.code = code }

  /// EINTR: a signal came first; the call may be made again.
  public static let interrupted = SystemError(code: EINTR)
  /// EAGAIN: a descriptor that never blocks has nothing now.
  public static let wouldBlock = SystemError(code: EAGAIN)
  /// EPIPE: the reading end is closed (with SIGPIPE ignored).
  public static let brokenPipe = SystemError(code: EPIPE)
  /// EILSEQ: bytes that are no character in the locale.
  public static let illegalByteSequence = SystemError(code: EILSEQ)
  /// 0: no error.
  public static let none = SystemError(code: 0)

  /// This thread's `errno`. Set too: libedit reads it after a read function returns -1.
  public static var current: SystemError {
    get { SystemError(code: errno) }
    set { errno = newValue.code }
  }
}
