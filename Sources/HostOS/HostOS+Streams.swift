#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  // glibc declares stdin, stdout and stderr as C globals, which Swift 6 will not read as
  // shared mutable state without this; Darwin's overlay gives them as computed properties.
  @preconcurrency import Glibc
#endif

extension HostOS {
  /// The C library's standard streams, which libedit reads and writes through (as
  /// swift-syntax reads them).
  public static var standardStreams:
    (input: UnsafeMutablePointer<FILE>?, output: UnsafeMutablePointer<FILE>?, error: UnsafeMutablePointer<FILE>?)
  {
    (stdin, stdout, stderr)
  }
}
