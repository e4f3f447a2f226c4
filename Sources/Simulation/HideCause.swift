import TipEngine

/// Why a display ended.
public enum HideCause: Hashable, Sendable {
  case screenClosed
  case appQuit
  /// The app went to the background.
  case appBackground
  /// Tapped outside the popover (rule 36).
  case tappedOutside
  /// The close button (rule 36): invalidated with `tipClosed`.
  case closeButton
  /// Its status stopped being available while on screen (rule 38).
  case noLongerAvailable([Suppression])
  /// Another member became its group's current tip (rule 30).
  case displaced(group: String, by: String?)
  /// Its anchor was hidden, under policy `anchorHidden endDisplay`.
  case anchorHidden
  /// A tap on another control dismissed it (presentation tapToDismiss).
  case otherTap(String)
  /// The app's `isPresented` binding went false (iOS 26): off screen, not dismissed.
  case notPresented
}

/// What invalidated a tip.
public enum InvalidationCause: Hashable, Sendable {
  case closeButton
  case command
  /// The n-th display of a MaxDisplayCount(n) tip ended or started (rules 21, 22).
  case displayCount
  /// The cumulative on-screen time reached MaxDisplayDuration (rule 24).
  case displayDuration(TimeSpan)
}
