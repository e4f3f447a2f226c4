import TipEngine

/// One row of `status`.
public struct TipStatusLine: Hashable, Sendable {
  public var tip: String
  public var status: TipStatus
  public var onScreen: Placement?
  public var displays: Int
  public var maximum: Int?
  public var lastShown: Instant?
  /// The day of `lastShown` (day 1 is the start's date).
  public var lastShownDay: Int?
  public var override: TestingOverride?
}
