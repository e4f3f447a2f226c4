/// A platform quirk reported by an app team: the engine decides "show", the device does not
/// render it as designed (spec section 11).
public struct Quirk: Hashable, Sendable {
  public var id: String
  public var summary: String
  public var source: String
  public var rule: Int
}

/// The quirks table (spec rules 40 and 41, from the Eight article).
public enum Quirks {
  static let source = "the Eight engineering blog's write-up of its colleagues-tab tip"

  public static let popoverUnderHostingConfiguration = Quirk(
    id: "popoverUnderHostingConfiguration",
    summary: "a .popoverTip in a view hosted through UIHostingConfiguration is not shown on iOS ≤ 18.5 (shown on 18.6+)",
    source: source, rule: 40)
  public static let customStyleIgnored = Quirk(
    id: "customStyleIgnored", summary: "a custom TipViewStyle is not applied on iOS ≤ 17.2: the default look is drawn", source: source,
    rule: 41)
  public static let customStyleArrowColor = Quirk(
    id: "customStyleArrowColor", summary: "with a custom TipViewStyle on iOS 17.5 the popover arrow keeps the default colour",
    source: source, rule: 41)

  public static let all = [popoverUnderHostingConfiguration, customStyleIgnored, customStyleArrowColor]

  /// What a device on `os` draws for a tip placed at `placement` on a screen hosted by `host`.
  public static func rendering(of placement: Placement, host: Hosting, os: OSVersion) -> Rendering {
    if placement.style == .popover, host == .hostingConfiguration, os < OSVersion(parts: [18, 6]) {
      return .notRendered(popoverUnderHostingConfiguration)
    }
    if placement.customStyle {
      if os < OSVersion(parts: [17, 3]) { return .styleFallback(customStyleIgnored) }
      if placement.style == .popover, os >= OSVersion(parts: [17, 5]), os < OSVersion(parts: [18]) {
        return .arrowColorMismatch(customStyleArrowColor)
      }
    }
    return .rendered
  }
}
