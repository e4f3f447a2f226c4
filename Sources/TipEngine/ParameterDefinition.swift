/// A `@Parameter` (spec section 2).
public struct ParameterDefinition: Hashable, Sendable {
  public var name: String
  public var defaultValue: Value
  /// Reset to the default on each launch (rule 10).
  public var isTransient: Bool
  /// The external key this parameter mirrors (`defaults.showMemoTip`), so that explanations
  /// can name where a value came from. The engine itself never reads the store.
  public var boundTo: String?

  public init(name: String, defaultValue: Value, isTransient: Bool = false, boundTo: String? = nil) {
    self.name = name
    self.defaultValue = defaultValue
    self.isTransient = isTransient
    self.boundTo = boundTo
  }

  public var type: ValueType { defaultValue.type }
}
