/// A `@Parameter` (spec section 2).
public struct ParameterDefinition: Hashable, Sendable {
  public var name: String
  public var defaultValue: Value
  /// Reset to the default on each launch (rule 10).
  public var isTransient: Bool
  /// The external key this parameter mirrors (`defaults.showMemoTip`), so that explanations
  /// can name where a value came from. The engine itself never reads the store.
  public var boundTo: String?
  /// The type its values have; `nil` is a value too when it `isOptional` (rule 13).
  public var type: ValueType
  /// Declared `TYPE?`: it may hold `nil`, and rules compare it with `nil`.
  public var isOptional: Bool
  /// `label "partner linked"`: what the team calls it, in the words of a report and a plan
  /// (the engine never reads it).
  public var label: String?

  /// A parameter of its default's type, or of `type` (an optional whose default is `nil`).
  public init(
    name: String, defaultValue: Value, isTransient: Bool = false, boundTo: String? = nil, type: ValueType? = nil,
    isOptional: Bool = false
  ) {
    self.name = name
    self.defaultValue = defaultValue
    self.isTransient = isTransient
    self.boundTo = boundTo
    self.type = type ?? defaultValue.type
    self.isOptional = isOptional || defaultValue == .null
  }

  /// The type as Swift declares it: `Int`, `String?`.
  public var declaredType: String { type.rawValue + (isOptional ? "?" : "") }

  /// Whether the parameter can hold `value`: one of its type, or `nil` when optional.
  public func accepts(_ value: Value) -> Bool { value.type == type || (isOptional && value == .null) }
}
