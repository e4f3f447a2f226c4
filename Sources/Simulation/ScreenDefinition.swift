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

  public init(name: String, anchors: [String], host: Hosting = .swiftui, hiddenAnchors: [String] = []) {
    self.name = name
    self.anchors = anchors
    self.host = host
    self.hiddenAnchors = hiddenAnchors
  }

  /// The anchors as a definition lists them: `banner hint(hidden)`.
  public var anchorList: String {
    anchors.map { hiddenAnchors.contains($0) ? "\($0)(hidden)" : $0 }.joined(separator: " ")
  }
}
