import TipEngine

/// Why a tip on an open screen is not shown: the engine's holds, plus what presentation
/// adds on top of status (spec rules 4, 31, 36, 37).
public enum Suppression: Hashable, Sendable {
  /// A reason the engine gives for the tip's status.
  case hold(Hold)
  /// The tip is available but is not its group's current tip (rules 30, 31).
  case group(name: String, priority: TipGroup.Priority, current: String?, blockedBy: String?)
  /// Another popover occupies the screen (rule 37).
  case popoverBusy(by: String)
  /// Tapped away while its screen stays open (rule 36).
  case dismissed(at: Instant)
  /// The tip's screen is not open (or the tip has no anchor).
  case screenNotOpen(String?)
  /// Its anchor is scrolled away or collapsed (`hide SCREEN.ANCHOR`).
  case anchorHidden(String)
  /// The app's `isPresented` binding keeps it off screen (iOS 26).
  case notPresented
  /// Its place is drawn through an API the device's OS lacks (`via collectionViewCell` before
  /// iOS 18): the app cannot show it there (rule 44).
  case apiUnavailable(TipKitAPI)

  /// The reason words `expect suppressed TIP by WORD` matches (scenario language).
  public var words: [String] {
    let (word, second) = wordPair
    return second.map { [word, $0] } ?? [word]
  }

  /// The same words without an array: every suppression has one, and rules that read a bound
  /// parameter a second.
  public var wordPair: (String, String?) {
    switch self {
    case .hold(.notConfigured): ("notConfigured", nil)
    case .hold(.hiddenForTesting): ("hiddenForTesting", nil)
    case .hold(.invalidated): ("invalidated", nil)
    case .hold(.rules(let rules)): ("rules", rules.contains { !$0.boundReadings.isEmpty } ? "boundParameter" : nil)
    case .hold(.frequency): ("frequency", nil)
    case .group: ("group", nil)
    case .popoverBusy: ("popoverBusy", nil)
    case .dismissed: ("dismissed", nil)
    case .screenNotOpen: ("screenNotOpen", nil)
    case .anchorHidden: ("anchorHidden", nil)
    case .notPresented: ("notPresented", nil)
    case .apiUnavailable: ("apiUnavailable", nil)
    }
  }

  /// Every reason word the language knows.
  public static let allWords = [
    "rules", "frequency", "invalidated", "hiddenForTesting", "group", "popoverBusy", "dismissed", "notConfigured",
    "boundParameter", "screenNotOpen", "anchorHidden", "notPresented", "apiUnavailable",
  ]
}

extension [Suppression] {
  /// Whether a tip held back for these reasons deserves a log line when `logged` were the
  /// reasons last logged in this screen visit: when they differ, unless both hold it back as
  /// invalidated — until a reset it cannot show, and a count or a popover changing beside
  /// that is not news (a two-week story printed the same tip two dozen times).
  func isNews(after logged: [Suppression]?) -> Bool {
    guard let logged, logged != self else { return logged == nil }
    return !(logged.holdsAsInvalidated && holdsAsInvalidated)
  }

  private var holdsAsInvalidated: Bool { contains { if case .hold(.invalidated) = $0 { true } else { false } } }

  /// The reason words of all the suppressions, without repeats, in order.
  public var words: [String] {
    var all: [String] = []
    for word in flatMap(\.words) where !all.contains(word) { all.append(word) }
    return all
  }
}
