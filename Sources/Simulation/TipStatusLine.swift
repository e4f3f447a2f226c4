import TipEngine

/// One row of `status`.
public struct TipStatusLine: Hashable, Sendable {
  public var tip: String
  public var status: TipStatus
  public var onScreen: Placement?
  public var displays: Int
  public var maximum: Int?
  public var lastShown: Instant?
  public var override: TestingOverride?
}
