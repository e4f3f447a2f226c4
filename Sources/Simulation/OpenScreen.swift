import TipEngine

/// A screen while it is open.
public struct OpenScreen: Hashable, Sendable {
  public var name: String
  /// The screen's index in the world's `screens`, -1 while it is not defined.
  var screen: Int
  public var openedAt: Instant
  /// Tips tapped away while this screen stays open (rule 36), and when.
  public var dismissed = NameMap<Instant>()
  /// Tips that have counted a display during this opening (policy `perScreenOpen`).
  public var counted: Set<String> = []
  /// The tip in the screen's one popover slot (rule 37).
  public var popover: String?
}
