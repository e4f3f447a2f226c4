import TipEngine

/// A command that had no effect, or a harmless repeat: the facts, which the renderers word.
public enum Warning: Hashable, Sendable {
  /// `invalidate` of a tip already invalidated (or otherwise not available to invalidate).
  case alreadyInStatus(tip: String, status: TipStatus)
  /// `dismiss` of a tip that is not on screen.
  case noCloseButton(tip: String)
  /// `tapoutside` of a tip that is not on screen.
  case tipNotOnScreen(tip: String)
  /// `tapoutside` of an inline tip.
  case inlineHasNoOutside(tip: String)
  /// `tap TIP ACTION` of a tip that is not on screen.
  case noButtons(tip: String)
  /// `invalidate all` with no tips defined.
  case nothingToInvalidate
  /// `close`, `showanchor` or `hideanchor` on a screen that is not open.
  case screenNotOpen(screen: String)
  case screenAlreadyOpen(screen: String)
  /// `showanchor`/`hideanchor` of an anchor already so (`SCREEN.ANCHOR`).
  case anchorAlready(anchor: String, visible: Bool)
  /// `presentsheet` under a sheet, or `dismisssheet` with none.
  case sheetAlready(screen: String, presented: Bool)
  /// `tap SCREEN.CONTROL` on a screen that is not open.
  case controlsNotOpen(screen: String)
  /// `tap SCREEN.CONTROL` under a sheet.
  case tapGoesToSheet(screen: String)
  /// `set` before the app launched (rule 11).
  case setBeforeLaunch(parameter: String, value: Value)
  /// `donate` before the app launched (rule 11).
  case donateBeforeLaunch(event: String)
  /// A donation without a field that these tips' rules group or filter by.
  case donationMissingField(event: String, field: String, tips: [String])
  /// `next` when time alone changes nothing.
  case nothingChangesByTime
  /// `next TIP` when time alone never makes it available; what would.
  case neverAvailableByTime(tip: String, hints: [ActionHint])
  /// `next TIP` when neither time nor any action makes it available: why.
  case neverAvailable(tip: String, why: String)
  /// Reactions set one another off more than `limit` times at one instant.
  case reactionLoop(limit: Int)
  /// A command of the `when` reaction of `line` failed.
  case reactionFailed(ScenarioPlace, SimulationError)
  /// A step of an action that `perform` ran failed.
  case actionStepFailed(action: String, SimulationError)
  /// An API the device's OS lacks (rule 44): the app cannot use it there, and runs without
  /// it; `users` are the tips, groups or events that would have used it.
  case apiUnavailable(TipKitAPI, os: OSVersion, users: [String])
  /// `background` when in the background, or `foreground` when in the foreground.
  case scenePhaseAlready(background: Bool)
  /// A `cohort` block whose name an earlier block defined: it replaces that one.
  case cohortRedefined(name: String, line: Int?)
}
