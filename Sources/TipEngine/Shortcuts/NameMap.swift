/// A dictionary keyed by a name (a tip, screen, parameter or event): `[String: Value]` with a
/// cheaper hash. A `String` key goes through SipHash (seeding, mixing each byte,
/// finalizing) on every lookup, and names are short and looked up a dozen times per
/// command. A name's bytes are mixed here eight at a time
/// with a multiply, and the dictionary's per-instance seed is still mixed in, so copying
/// one table into another stays linear.
///
/// Names compare by their UTF-8 bytes, as the hash reads them: a name written in two Unicode
/// normalization forms (`é` and `e` + U+0301) is two names here, where `String` would call
/// them equal. Comparing bytes keeps equality and the hash consistent, which `Dictionary`
/// needs; the lexer writes every name in the composed form, so a scenario never meets the
/// difference. Iteration order is unspecified, as for `Dictionary`: output never depends
/// on it.
@frozen
public struct NameMap<Value> {
  @usableFromInline var storage: [NameKey: Value]

  @inlinable
  public init() { storage = [:] }

  @inlinable
  public var isEmpty: Bool { storage.isEmpty }
  @inlinable
  public var count: Int { storage.count }
  /// The names, in no particular order.
  @inlinable
  public var keys: [String] { storage.keys.map(\.name) }
  @inlinable
  public var values: Dictionary<NameKey, Value>.Values { storage.values }

  @inlinable
  public subscript(name: String) -> Value? {
    get { storage[NameKey(name)] }
    _modify { yield &storage[NameKey(name)] }
    set { storage[NameKey(name)] = newValue }
  }

  @inlinable
  public subscript(name: String, default defaultValue: @autoclosure () -> Value) -> Value {
    get { storage[NameKey(name), default: defaultValue()] }
    _modify { yield &storage[NameKey(name), default: defaultValue()] }
  }

  /// Whether the name has a value, without copying the value out (as `self[name] != nil` did).
  @inlinable
  public func contains(_ name: String) -> Bool { storage.index(forKey: NameKey(name)) != nil }

  @discardableResult @inlinable
  public mutating func removeValue(forKey name: String) -> Value? { storage.removeValue(forKey: NameKey(name)) }

  @inlinable
  public mutating func removeAll(keepingCapacity: Bool = false) { storage.removeAll(keepingCapacity: keepingCapacity) }

  @inlinable
  public func filter(_ isIncluded: ((key: String, value: Value)) throws -> Bool) rethrows -> NameMap {
    var result = NameMap()
    for (key, value) in storage where try isIncluded((key.name, value)) { result.storage[key] = value }
    return result
  }

  @inlinable
  public func mapValues<T>(_ transform: (Value) throws -> T) rethrows -> NameMap<T> {
    var result = NameMap<T>()
    result.storage = try storage.mapValues(transform)
    return result
  }
}

extension NameMap: Sequence {
  public struct Iterator: IteratorProtocol {
    @usableFromInline var base: Dictionary<NameKey, Value>.Iterator
    @inlinable init(base: Dictionary<NameKey, Value>.Iterator) { self.base = base }
    @inlinable
    public mutating func next() -> (key: String, value: Value)? { base.next().map { ($0.key.name, $0.value) } }
  }

  @inlinable
  public func makeIterator() -> Iterator { Iterator(base: storage.makeIterator()) }
  @inlinable
  public var underestimatedCount: Int { storage.count }
}

extension NameMap: ExpressibleByDictionaryLiteral {
  @inlinable
  public init(dictionaryLiteral elements: (String, Value)...) {
    self.init()
    for (key, value) in elements { storage[NameKey(key)] = value }
  }
}

extension NameMap: Equatable where Value: Equatable {}
extension NameMap: Hashable where Value: Hashable {}
extension NameMap: Sendable where Value: Sendable {}

/// A name with its hash, computed once.
@frozen
public struct NameKey: Hashable, Sendable {
  public let name: String
  @usableFromInline let hash: Int

  @inlinable @inline(__always)
  init(_ name: String) {
    self.name = name
    hash = NameKey.hash(of: name)
  }

  @inlinable
  public static func == (lhs: NameKey, rhs: NameKey) -> Bool { lhs.hash == rhs.hash && lhs.name == rhs.name }

  @inlinable
  public func hash(into hasher: inout Hasher) { hasher.combine(hash) }

  /// What `Dictionary` asks for: the name's hash mixed with the table's seed, without
  /// SipHash.
  @inlinable
  public func _rawHashValue(seed: Int) -> Int { NameKey.mix(UInt64(bitPattern: Int64(hash ^ seed))) }

  @inlinable @inline(__always)
  static func mix(_ value: UInt64) -> Int {
    var z = value &* 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 32)) &* 0xD6E8_FEB8_6659_FD93
    return Int(bitPattern: UInt(z ^ (z >> 32)))
  }

  /// Mixes the name's UTF-8 bytes eight at a time.
  @inlinable @inline(__always)
  public static func hash(of name: String) -> Int {
    name.utf8.withContiguousStorageIfAvailable { bytes -> Int in
      var h: UInt64 = UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
      var i = 0
      let raw = UnsafeRawBufferPointer(bytes)
      while i + 8 <= raw.count {
        h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 29
        i += 8
      }
      // The last 0–7 bytes in at most three loads, not byte by byte.
      var tail: UInt64 = 0
      var shift: UInt64 = 0
      let rest = raw.count - i
      if rest & 4 != 0 {
        tail = UInt64(raw.loadUnaligned(fromByteOffset: i, as: UInt32.self))
        shift = 32
        i += 4
      }
      if rest & 2 != 0 {
        tail |= UInt64(raw.loadUnaligned(fromByteOffset: i, as: UInt16.self)) << shift
        shift += 16
        i += 2
      }
      if rest & 1 != 0 { tail |= UInt64(raw[i]) << shift }
      h = (h ^ tail) &* 0xC4CE_B9FE_1A85_EC53
      return Int(bitPattern: UInt(h ^ (h >> 31)))
    } ?? name.hashValue
  }
}
