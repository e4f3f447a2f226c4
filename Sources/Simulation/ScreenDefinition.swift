import TipEngine

/// A screen and its anchors, in layout order (the evaluation order of rule 29).
public struct ScreenDefinition: Hashable, Sendable {
  public var name: String
  public var anchors: [String]
  /// How its SwiftUI tip views are hosted (spec rule 40).
  public var host: Hosting
  public init(name: String, anchors: [String], host: Hosting = .swiftui) {
    self.name = name
    self.anchors = anchors
    self.host = host
  }
}
