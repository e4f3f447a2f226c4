#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// The terminal: whether a descriptor is one, its width, its path, and the character locale
/// its keys are decoded in.
extension HostOS {
  public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

  /// The terminal's width in columns; nil when `descriptor` is no terminal or says 0.
  /// `TIOCGWINSZ` is a plain constant in glibc's headers and a property of Swift's Darwin
  /// overlay (its C macro cannot be imported); both read as a `UInt` request.
  public static func terminalColumns(_ descriptor: Int32) -> Int? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// The path of the terminal behind `descriptor` (`ttyname`), or nil.
  public static func terminalPath(of descriptor: Int32) -> String? { ttyname(descriptor).map { String(cString: $0) } }

  /// Decodes characters in the locale the environment names (`LC_ALL`, `LC_CTYPE`, `LANG`),
  /// as libedit and `CharacterDecoder` do; the C library starts in the "C" locale.
  public static func useCharacterLocaleOfEnvironment() { _ = setlocale(LC_CTYPE, "") }
}
