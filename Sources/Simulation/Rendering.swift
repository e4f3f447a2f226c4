/// What the user sees of a tip the engine decided to show.
public enum Rendering: Hashable, Sendable {
  case rendered
  /// Not drawn at all.
  case notRendered(Quirk)
  /// Drawn with the default look instead of the custom TipViewStyle.
  case styleFallback(Quirk)
  /// Drawn with the custom style, but the popover arrow keeps the default colour.
  case arrowColorMismatch(Quirk)

  public var isRendered: Bool { if case .notRendered = self { false } else { true } }

  public var quirk: Quirk? {
    switch self {
    case .rendered: nil
    case .notRendered(let q), .styleFallback(let q), .arrowColorMismatch(let q): q
    }
  }

  /// One word for tables: rendered, notRendered, styleFallback, arrowColor.
  public var word: String {
    switch self {
    case .rendered: "rendered"
    case .notRendered: "notRendered"
    case .styleFallback: "styleFallback"
    case .arrowColorMismatch: "arrowColor"
    }
  }
}
