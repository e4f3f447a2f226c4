import TipEngine

/// A value per tip, by the tip's index in the catalog: what reconcile reads and writes for
/// every tip it re-decides, without hashing the tip's name. Tips are never removed from the
/// catalog, so an index names one tip for the world's life. Two tables holding the same
/// values are equal however far each has grown.
struct TipTable<Value: Hashable & Sendable>: Hashable, Sendable {
  private var values: [Value?] = []
  /// How many tips have a value.
  private(set) var count = 0

  var isEmpty: Bool { count == 0 }

  subscript(tip: Int) -> Value? {
    get { tip < values.count ? values[tip] : nil }
    set {
      if tip >= values.count {
        guard newValue != nil else { return }
        values.append(contentsOf: repeatElement(nil, count: tip + 1 - values.count))
      }
      count += (newValue == nil ? 0 : 1) - (values[tip] == nil ? 0 : 1)
      values[tip] = newValue
    }
  }

  mutating func removeAll() {
    values = []
    count = 0
  }

  static func == (lhs: TipTable, rhs: TipTable) -> Bool {
    guard lhs.count == rhs.count else { return false }
    for tip in 0..<max(lhs.values.count, rhs.values.count) where lhs[tip] != rhs[tip] { return false }
    return true
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for (tip, value) in values.enumerated() where value != nil {
      hasher.combine(tip)
      hasher.combine(value)
    }
  }
}
