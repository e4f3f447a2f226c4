/// Why a tip is not on screen: the reason words of the scenario language's
/// `expect suppressed TIP by WORD`, and of `why`'s "held back by".
public enum SuppressionReason: String, CaseIterable, Hashable, Sendable {
  /// `Tips.configure` has not run: the app has not launched (rule 25).
  case notConfigured
  /// A testing override hides it (rule 33).
  case hiddenForTesting
  /// It was invalidated (rules 5, 6).
  case invalidated
  /// One of its rules does not hold (rule 19).
  case rules
  /// A failing rule reads a parameter bound to an external store.
  case boundParameter
  /// The display frequency's interval has not passed and it has never appeared (rules 26–28).
  case frequency
  /// Another member is its group's current tip (rules 30, 31).
  case group
  /// Another popover occupies the screen (rule 37).
  case popoverBusy
  /// Tapped away while its screen stays open (rule 36).
  case dismissed
  /// Its screen is not open, or it has no anchor.
  case screenNotOpen
  /// Its anchor is scrolled away or collapsed.
  case anchorHidden
  /// The app's `isPresented` binding keeps it off screen (iOS 26).
  case notPresented
  /// Its place is drawn through an API the device's OS lacks (rule 44).
  case apiUnavailable
}
