import TipEngine

/// A screen and its anchors, in layout order (the evaluation order of rule 29).
public struct ScreenDefinition: Hashable, Sendable {
  public var name: String
  public var anchors: [String]
  /// How its SwiftUI tip views are hosted (spec rule 40).
  public var host: Hosting
  /// Anchors hidden each time the screen opens, until `show SCREEN.ANCHOR`: a tip the app
  /// displays only under a condition (`if showsHint { TipView(tip) }`).
  public var hiddenAnchors: [String]
  /// Anchors the app shows only while app conditions hold (`if hasItems { TipView(tip) }`):
  /// at each visit, and as the conditions change, each is visible exactly when they hold.
  public var anchorConditions: [String: [ConditionTest]]

  public init(
    name: String, anchors: [String], host: Hosting = .swiftui, hiddenAnchors: [String] = [],
    anchorConditions: [String: [ConditionTest]] = [:]
  ) {
    self.name = name
    self.anchors = anchors
    self.host = host
    self.hiddenAnchors = hiddenAnchors
    self.anchorConditions = anchorConditions
  }

  /// The anchors as a definition lists them: `banner hint(hidden) list(if hasItems)`.
  public var anchorList: String {
    anchors.map { anchor in
      if hiddenAnchors.contains(anchor) { return "\(anchor)(hidden)" }
      if let tests = anchorConditions[anchor] { return "\(anchor)(if \(tests.text))" }
      return anchor
    }.joined(separator: " ")
  }
}
