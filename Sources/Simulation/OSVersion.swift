import TipEngine

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

  /// The TipKit this version carries (spec rule 44). TipKit begins with iOS 17; an earlier
  /// version is simulated as iOS 17.
  public var tipKit: TipKitRelease {
    if self >= OSVersion(parts: [26]) { return .iOS26 }
    if self >= OSVersion(parts: [18]) { return .iOS18 }
    return .iOS17
  }
}
