/// A map keyed by a name, as `NameMap`, whose entries keep their place (a *slot*) while they
/// exist: the engine finds the records its rules read by slot, remembered per definition
/// (`DatastoreSlots`), instead of hashing a name at every read.
///
/// Its `layout` names which name is in which slot: a new token whenever a name is inserted or
/// removed, shared by copies, so two maps holding the same token have the same layout. After
/// one insertion, `lastInsertion` says what changed since the layout before it, so a reader can catch up without looking every name up again.
///
/// Equality, hashing and iteration know nothing of slots and tokens: two maps with the same
/// names and values are equal. Iteration is in slot order (the order names arrived in).
public struct SlotMap<Value> {
  private var slotOf: NameMap<Int> = [:]
  private var entries: [Value?] = []
  /// Slots left empty by removals, compacted away when they outnumber the entries.
  private var vacant = 0
  /// The layout's token; nil for an empty map that never held a name.
  public private(set) var layout: LayoutToken?
  /// When the last change of layout inserted one name: the layout before it, the name and
  /// its slot.
  public private(set) var lastInsertion: (after: LayoutToken?, name: String, slot: Int)?

  public init() {}

  public var isEmpty: Bool { slotOf.isEmpty }
  public var count: Int { slotOf.count }
  /// The names, in slot order.
  public var keys: [String] { map(\.key) }
  /// The values, in slot order (read lazily: `values.contains(where:)` builds nothing).
  public var values: LazyMapSequence<LazyFilterSequence<LazyMapSequence<[Value?], Value?>>, Value> {
    entries.lazy.compactMap { $0 }
  }

  /// The slot of `name`, nil when it has no entry.
  public func slot(of name: String) -> Int? { slotOf[name] }

  /// The entry in `slot` (nil for a vacant slot).
  public subscript(slot slot: Int) -> Value? { entries[slot] }

  /// Changes the entry in `slot`, which holds one, in place: the layout stays.
  @inline(__always)
  public mutating func update<Result>(slot: Int, _ change: (inout Value) -> Result) -> Result { change(&entries[slot]!) }

  public subscript(name: String) -> Value? {
    get { slotOf[name].flatMap { entries[$0] } }
    set {
      if let newValue {
        if let slot = slotOf[name] { entries[slot] = newValue } else { insert(newValue, for: name) }
      } else {
        removeValue(forKey: name)
      }
    }
    _modify {
      // An entry is changed in place, so a value it holds stays uniquely referenced.
      if let slot = slotOf[name] {
        defer { if entries[slot] == nil { removeVacated(name, slot) } }
        yield &entries[slot]
      } else {
        var value: Value? = nil
        defer { if let value { insert(value, for: name) } }
        yield &value
      }
    }
  }

  public subscript(name: String, default defaultValue: @autoclosure () -> Value) -> Value {
    get { self[name] ?? defaultValue() }
    _modify {
      let slot = slotOf[name] ?? insert(defaultValue(), for: name)
      yield &entries[slot]!
    }
  }

  @discardableResult
  public mutating func removeValue(forKey name: String) -> Value? {
    guard let slot = slotOf[name] else { return nil }
    let value = entries[slot]
    entries[slot] = nil
    removeVacated(name, slot)
    return value
  }

  @discardableResult
  private mutating func insert(_ value: Value, for name: String) -> Int {
    let slot = entries.count
    entries.append(value)
    slotOf[name] = slot
    let before = layout
    layout = LayoutToken()
    lastInsertion = (before, name, slot)
    return slot
  }

  /// Forgets `name`, whose entry in `slot` is already nil; many vacant slots are compacted.
  private mutating func removeVacated(_ name: String, _ slot: Int) {
    slotOf.removeValue(forKey: name)
    vacant += 1
    if vacant > 16 && vacant > slotOf.count {
      // Slot order is kept: it is the iteration order.
      let kept = self.map { $0 }
      self = SlotMap()
      for (name, value) in kept { insert(value, for: name) }
    }
    layout = LayoutToken()
    lastInsertion = nil
  }
}

/// One layout of a `SlotMap`, compared by identity: whoever keeps a token keeps it from being
/// reused, so equal tokens mean the same layout.
public final class LayoutToken: Sendable {
  init() {}
}

extension SlotMap: Sequence {
  public struct Iterator: IteratorProtocol {
    fileprivate var entries: [Value?]
    fileprivate var names: [String?]
    fileprivate var position = 0

    public mutating func next() -> (key: String, value: Value)? {
      while position < entries.count {
        defer { position += 1 }
        if let value = entries[position], let name = names[position] { return (name, value) }
      }
      return nil
    }
  }

  public func makeIterator() -> Iterator {
    var names = [String?](repeating: nil, count: entries.count)
    for (name, slot) in slotOf { names[slot] = name }
    return Iterator(entries: entries, names: names)
  }

  public var underestimatedCount: Int { count }
}

extension SlotMap: ExpressibleByDictionaryLiteral {
  public init(dictionaryLiteral elements: (String, Value)...) {
    self.init()
    for (name, value) in elements { self[name] = value }
  }
}

extension SlotMap: Equatable where Value: Equatable {
  public static func == (lhs: SlotMap, rhs: SlotMap) -> Bool {
    guard lhs.count == rhs.count else { return false }
    if lhs.layout === rhs.layout { return lhs.entries == rhs.entries }
    return lhs.allSatisfy { rhs[$0.key] == $0.value }
  }
}

extension SlotMap: Hashable where Value: Hashable {
  /// Independent of slot order, as `Dictionary`'s.
  public func hash(into hasher: inout Hasher) {
    var combined = 0
    for (name, value) in self {
      var entry = Hasher()
      entry.combine(name)
      entry.combine(value)
      combined ^= entry.finalize()
    }
    hasher.combine(count)
    hasher.combine(combined)
  }
}

extension SlotMap: Sendable where Value: Sendable {}
