/// Writing text as UTF-8 into a byte buffer, for the renderers.
extension Array where Element == UInt8 {
  /// Appends a string's UTF-8 bytes in one copy. `+= string.utf8` went through the generic
  /// sequence path (copying the string's bytes out, then in), a third of a replay's rendering.
  @inline(__always)
  mutating func append(utf8 string: String) {
    let copied: Void? = string.utf8.withContiguousStorageIfAvailable { append(contentsOf: $0) }
    if copied == nil { self += string.utf8 }
  }

  /// Appends a whole number in decimal, as `String(value)` writes it.
  mutating func append(decimal value: Int64) {
    if value < 0 { append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    // Digits come out last first: written into the end of a small buffer, then copied.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = 20
      repeat {
        start -= 1
        digits[start] = UInt8(truncatingIfNeeded: 48 + magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }
}
