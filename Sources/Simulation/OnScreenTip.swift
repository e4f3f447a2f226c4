import TipEngine

/// A display in progress.
public struct OnScreenTip: Hashable, Sendable {
  public var placement: Placement
  public var since: Instant
  /// `countInvalidation atDisplay` invalidated it as it started; it stays until it ends
  /// (rule 22's exception to rule 38).
  public var invalidatedAtStart: Bool
  /// What the device draws (spec section 11).
  public var rendering: Rendering
}
