/// An iOS version, compared part by part (`17.2` < `17.10`).
public struct OSVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var parts: [Int]

  /// `26.0` when a device does not say.
  public static let latest = OSVersion(parts: [26, 0])

  public init(parts: [Int]) { self.parts = parts }

  /// Nil unless the text is numbers separated by dots.
  public init?(_ text: String) {
    let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
    guard !pieces.isEmpty, pieces.count <= 4 else { return nil }
    var parts: [Int] = []
    for piece in pieces {
      guard let n = Int(piece), n >= 0, n < 1000 else { return nil }
      parts.append(n)
    }
    self.parts = parts
  }

  public static func < (a: OSVersion, b: OSVersion) -> Bool {
    for i in 0..<max(a.parts.count, b.parts.count) {
      let x = i < a.parts.count ? a.parts[i] : 0
      let y = i < b.parts.count ? b.parts[i] : 0
      if x != y { return x < y }
    }
    return false
  }

  public static func == (a: OSVersion, b: OSVersion) -> Bool { !(a < b) && !(b < a) }
  public func hash(into hasher: inout Hasher) {
    var trimmed = parts
    while trimmed.count > 1 && trimmed.last == 0 { trimmed.removeLast() }
    hasher.combine(trimmed)
  }

  public var description: String { parts.map(String.init).joined(separator: ".") }
}

/// How a screen hosts its SwiftUI tip views (spec rule 40).
public enum Hosting: String, Hashable, Sendable, CaseIterable {
  /// A SwiftUI screen.
  case swiftui
  /// A child `UIHostingController` inside UIKit.
  case hostingController
  /// A `UIHostingConfiguration` cell or header inside UIKit.
  case hostingConfiguration
}

/// What a tip does with taps on the rest of its screen (custom tooltips, the Pairs article).
public enum PresentationMode: String, Hashable, Sendable, CaseIterable {
  /// Other taps are refused until the tip is dismissed.
  case blocking
  /// Any other tap dismisses it without invalidating (TipKit's popovers).
  case tapToDismiss
  /// It stays while the user works (TipKit's inline tips).
  case passthrough
}

/// A platform quirk reported by an app team: the engine decides "show", the device does not
/// render it as designed (spec section 11).
public struct Quirk: Hashable, Sendable {
  public var id: String
  public var summary: String
  public var source: String
  public var rule: Int
}

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
