import TipEngine

/// Where a tip is presented (spec rule 35).
public struct Placement: Hashable, Sendable, CustomStringConvertible {
  public enum Style: String, Hashable, Sendable {
    /// Points at its anchor; one per screen at a time (rule 37).
    case popover
    /// Sits in the layout; does not compete (rule 37).
    case inline
  }

  public var screen: String
  public var anchor: String
  public var style: Style
  /// Declared with `presentation`; nil means TipKit's own: popovers are dismissed by other
  /// taps, inline tips let them through.
  public var presentation: PresentationMode?
  /// `style custom`: drawn with a custom TipViewStyle (spec rule 41).
  public var customStyle: Bool
  /// Drawn through an API only some OS versions have (`via collectionViewCell`, `via
  /// anchorID`), nil for TipKit's own views (rule 44).
  public var api: TipKitAPI?
  /// The other places the app displays the tip (more `anchor` lines), in the order given:
  /// it shows at one at a time (`World.choosePlaces()`).
  public var elsewhere: [Placement]

  public init(
    screen: String, anchor: String, style: Style = .popover, presentation: PresentationMode? = nil, customStyle: Bool = false,
    elsewhere: [Placement] = [], api: TipKitAPI? = nil
  ) {
    self.screen = screen
    self.anchor = anchor
    self.style = style
    self.presentation = presentation
    self.customStyle = customStyle
    self.elsewhere = elsewhere
    self.api = api
  }

  /// The display APIs an `anchor` line names after `via`.
  public static let viaAPIs: [String: TipKitAPI] = ["collectionViewCell": .collectionViewCell, "anchorID": .tipAnchor]

  /// This place and the others, each alone.
  public var places: [Placement] {
    var first = self
    first.elsewhere = []
    return [first] + elsewhere
  }

  /// The presentation in force: the declared one, or TipKit's for the kind.
  public var mode: PresentationMode { presentation ?? (style == .popover ? .tapToDismiss : .passthrough) }

  public var description: String { "\(screen).\(anchor)" }
}
