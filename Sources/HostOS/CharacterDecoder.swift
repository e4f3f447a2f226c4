// Not re-exported: the other modules see none of wchar.h.
internal import CHostOS

/// Bytes decoded one at a time into the C library's wide characters (`wchar_t`, a 32-bit
/// integer on both systems), in the current character locale (`mbrtowc`), as libedit's own
/// reader decodes its keys.
public struct CharacterDecoder {
  /// What one byte gives.
  public enum Step: Equatable {
    case character(Int32)
    /// A sequence begun, not yet complete: give the next byte.
    case incomplete
    /// No character in the locale starts or continues this way.
    case invalid
  }

  /// The longest sequence of bytes a character of any locale takes.
  public static let longestSequence = Int(MB_LEN_MAX)

  private var state = mbstate_t()

  public init() {}

  public mutating func decode(_ byte: UInt8) -> Step {
    var character: Int32 = 0
    let result = withUnsafePointer(to: byte) { pointer in
      pointer.withMemoryRebound(to: CChar.self, capacity: 1) { mbrtowc(&character, $0, 1, &state) }
    }
    switch result {
    case -2: return .incomplete  // (size_t)-2, imported as Int
    case -1: return .invalid
    default: return .character(character)
    }
  }

  /// Forgets a sequence begun.
  public mutating func reset() { state = mbstate_t() }
}
