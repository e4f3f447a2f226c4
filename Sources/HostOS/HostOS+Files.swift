#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Files several processes share: a lock, and an atomic replacement.
extension HostOS {
  /// `body` run while holding an exclusive `flock` on the file at `path` (created, mode
  /// 0600, if missing); nil when it cannot be opened or locked. The lock ends with `body`.
  public static func withExclusiveLock<Result>(onFile path: String, _ body: () throws -> Result) rethrows -> Result? {
    let lock = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
    guard lock >= 0 else { return nil }
    defer { close(lock) }
    while flock(lock, LOCK_EX) != 0 {
      guard SystemError.current == .interrupted else { return nil }
    }
    defer { flock(lock, LOCK_UN) }
    return try body()
  }

  /// Puts the file at `replacement` in the place of `path` in one step (`rename(2)`): a
  /// reader sees the old file or the new, never a part. False when it cannot.
  public static func replaceFile(_ path: String, with replacement: String) -> Bool { rename(replacement, path) == 0 }
}
