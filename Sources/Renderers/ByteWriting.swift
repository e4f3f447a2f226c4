import Simulation
import TipEngine

/// UTF-8 text as the renderers write it: a growable buffer of bytes of its own. A log's
/// records are written as many small pieces (a name, ` at `, a stamp), and here a piece is a
/// capacity check and a copy, where an `Array` also checks uniqueness and calls `memcpy`.
/// Not copyable: the buffer is owned by one value at a time, lent `inout`.
public struct ByteBuffer: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  public private(set) var count = 0
  /// Zero while `base` is `none`, owned by no buffer.
  private var capacity: Int

  /// Where an empty buffer points until its first byte: an empty buffer is made for every
  /// record rendered (and swapped with the log's), and allocates nothing.
  nonisolated(unsafe) private static let none = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)

  /// An empty buffer, which allocates when it is first written.
  public init() {
    base = Self.none
    capacity = 0
  }

  public init(capacity: Int) {
    self.capacity = max(capacity, 16)
    base = .allocate(capacity: self.capacity)
  }

  deinit { if capacity > 0 { base.deallocate() } }

  public var isEmpty: Bool { count == 0 }

  /// Makes room for `capacity` bytes in all.
  public mutating func reserveCapacity(_ capacity: Int) { reserve(capacity - count) }

  /// Makes room for `extra` more bytes.
  @inline(__always)
  private mutating func reserve(_ extra: Int) {
    if count + extra > capacity { grow(to: count + extra) }
  }

  @inline(never)
  private mutating func grow(to needed: Int) {
    let newCapacity = max(needed, capacity * 2, 64)
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    if capacity > 0 { base.deallocate() }
    base = newBase
    capacity = newCapacity
  }

  @inline(__always)
  public mutating func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count += 1
  }

  public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    reserve(bytes.count)
    (base + count).update(from: source, count: bytes.count)
    count += bytes.count
  }

  public mutating func append(_ bytes: UnsafeRawBufferPointer) { append(bytes.assumingMemoryBound(to: UInt8.self)) }

  /// A string's UTF-8, copied from its storage (a small string's from the stack).
  @inline(__always)
  public mutating func append(utf8 string: String) {
    let copied: Void? = string.utf8.withContiguousStorageIfAvailable { append($0) }
    if copied == nil {
      for byte in string.utf8 { append(byte) }
    }
  }

  public mutating func append(repeating byte: UInt8, count n: Int) {
    guard n > 0 else { return }
    reserve(n)
    (base + count).initialize(repeating: byte, count: n)
    count += n
  }

  /// A whole number in decimal, as `String(value)` writes it.
  public mutating func append(decimal value: Int64) {
    if value < 0 { append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits = 1
    var rest = magnitude / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    reserve(digits)
    var position = count + digits
    repeat {
      position -= 1
      base[position] = UInt8(truncatingIfNeeded: 48 + magnitude % 10)
      magnitude /= 10
    } while magnitude > 0
    count += digits
  }

  /// The bytes from `start` to the end, valid until the buffer next changes: read them at
  /// once.
  public func bytes(from start: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: base + start, count: count - start)
  }

  /// Drops the bytes from `start` on.
  public mutating func removeLast(from start: Int) {
    precondition(start >= 0 && start <= count)
    count = start
  }

  public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
    try body(UnsafeRawBufferPointer(start: base, count: count))
  }

  /// The text, decoded as UTF-8.
  public var string: String { String(decoding: bytes(from: 0), as: UTF8.self) }
}

extension ByteBuffer {
  /// Appends the stamp of `instant` in `zone` (`2026-11-01 09:00:00`, `separator` between
  /// the date and the time).
  mutating func appendStamp(of instant: Instant, in zone: SimTimeZone, separator: UInt8) {
    let civil = zone.civil(of: instant)
    var bytes: (UInt64, UInt64, UInt64) = (0, 0, 0)
    let written = withUnsafeMutableBytes(of: &bytes) { civil.writeStamp(separator: separator, to: $0.baseAddress!) }
    // A year without four digits is written as a string.
    guard written else { return append(utf8: civil.stamp(separator: separator)) }
    Swift.withUnsafeBytes(of: bytes) { append(UnsafeRawBufferPointer(rebasing: $0[..<CivilTime.stampLength])) }
  }
}
