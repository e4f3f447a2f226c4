import TipEngine

/// A key in an external key-value store (`defaults.showMemoTip`).
public struct StoreKey: Hashable, Sendable, CustomStringConvertible {
  public var store: String
  public var key: String
  public init(store: String, key: String) {
    self.store = store
    self.key = key
  }
  public var description: String { "\(store).\(key)" }
}
