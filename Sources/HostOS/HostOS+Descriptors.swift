#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Reads, writes, pipes and waits on file descriptors. The names are not C's own, which a
/// static member here would shadow.
extension HostOS {
  /// Writes every byte, retrying after a signal: nil, or the error that stopped it
  /// (`.brokenPipe` for a closed pipe once `ignoreBrokenPipe()` was called).
  public static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> SystemError? {
    guard let base = bytes.baseAddress else { return nil }
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, base + offset, bytes.count - offset)
      if written < 0 {
        if SystemError.current == .interrupted { continue }
        return .current
      }
      offset += written
    }
    return nil
  }

  /// One byte written from a signal handler: `write` is async-signal-safe, and `errno` is put
  /// back as the interrupted code had it.
  public static func writeFromSignalHandler(_ descriptor: Int32, _ byte: UInt8) {
    var byte = byte
    let saved = errno
    _ = write(descriptor, &byte, 1)
    errno = saved
  }

  /// `read(2)` into `buffer`: the bytes read (0 at the end of input), or the error.
  public static func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, SystemError> {
    guard let base = buffer.baseAddress else { return .success(0) }
    let count = read(descriptor, base, buffer.count)
    return count < 0 ? .failure(.current) : .success(count)
  }

  public static func closeDescriptor(_ descriptor: Int32) { _ = close(descriptor) }

  /// A pipe whose ends never block and are closed on `exec`; nil when none can be made.
  public static func nonBlockingPipe() -> (read: Int32, write: Int32)? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    return (ends[0], ends[1])
  }

  /// Opens `path` (a terminal) again for reading keys: never blocking, not made the
  /// controlling terminal, closed on `exec`; nil when it cannot be opened.
  public static func openForKeys(_ path: String) -> Int32? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    return descriptor >= 0 ? descriptor : nil
  }

  /// What `poll(2)` found on one descriptor.
  public struct Readiness: Equatable, Sendable {
    /// Data (or the end of input) can be read.
    public var readable: Bool
    /// Anything happened: readable, hung up or in error.
    public var any: Bool
  }

  /// Waits until one of `descriptors` is ready, or `milliseconds` pass (-1: no limit):
  /// each one's readiness, in order, or the error (`.interrupted` after a signal).
  public static func waitForInput(_ descriptors: [Int32], milliseconds: Int32) -> Result<[Readiness], SystemError> {
    var waits = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    guard poll(&waits, nfds_t(waits.count), milliseconds) >= 0 else { return .failure(.current) }
    return .success(waits.map { Readiness(readable: $0.revents & Int16(POLLIN) != 0, any: $0.revents != 0) })
  }
}
