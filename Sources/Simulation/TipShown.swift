import TipEngine

/// A tip appearing.
public struct TipShown: Hashable, Sendable {
  public var ref: TipRef
  /// The tip's display count after this display.
  public var number: Int
  public var maximum: Int?
  /// False when policy `perScreenOpen` let the tip reappear without counting (rule 21).
  public var counted: Bool
  /// Shown only because of a testing show-override.
  public var override: TestingOverride?
  /// Whether this display started the display-frequency interval (rule 28).
  public var startedInterval: Bool
  /// What the device draws (spec section 11).
  public var rendering: Rendering = .rendered
  /// Decided while a sheet covers the screen: the user cannot see it (rule 42).
  public var behindSheet = false
}
