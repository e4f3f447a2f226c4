/// What a tip does with taps on the rest of its screen (custom tooltips, the Pairs article).
public enum PresentationMode: String, Hashable, Sendable, CaseIterable {
  /// Other taps are refused until the tip is dismissed.
  case blocking
  /// Any other tap dismisses it without invalidating (TipKit's popovers).
  case tapToDismiss
  /// It stays while the user works (TipKit's inline tips).
  case passthrough
}
