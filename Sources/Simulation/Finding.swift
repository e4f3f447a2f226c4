import TipEngine

/// What an expectation found (`expect …`), as facts: the renderers word it after `found:`.
/// Instants are the civil times of the zone the check ran in.
public enum Finding: Hashable, Sendable {
  case shownOn(Placement)
  /// Not on screen; with the words of the reasons, when they were asked for.
  case notOnScreen(reasons: [String]?)
  /// On screen, drawn as `word` (`Rendering.word`), with the quirk that decided it.
  case rendering(word: String, quirk: String?)
  /// Decided shown, not drawn because of this quirk.
  case notRendered(quirk: String)
  case anchorHidden(Placement)
  case behindSheet(screen: String)
  case visibleOn(Placement)
  case status(TipStatus)
  case displays(Int)
  case neverDisplayed
  case firstDisplay(CivilTime, day: Int)
  case displaysBetween(Int, from: CivilTime, to: CivilTime)
  case onScreenNow
  case neverAvailableByTime
  /// Neither time nor any action makes it available: why.
  case neverAvailable(String)
  /// Time alone does not make it available; these actions could.
  case availableByAction([ActionHint])
  case nextAt(CivilTime, day: Int)
  /// Nothing holds it back: it may show.
  case mayShow
  case suppressedBy([String])
}
