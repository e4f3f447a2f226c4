import TipEngine

/// Why the world refused a command: the facts, which the renderers word and the language
/// reports at the statement's place.
public enum SimulationError: Error, Hashable, Sendable {
  /// A name no definition gives (`unknown tip welcome`).
  case unknown(NameKind, String)
  /// `device NAME` a second time.
  case deviceDefinedTwice(String)
  /// A state file names a device this scenario does not define.
  case stateNamesUnknownDevice(String)
  /// A state file loaded while the app runs on `device`.
  case stateWhileRunning(device: String)
  /// `timezone` or `start` after the clock moved.
  case afterTheClockMoved(command: String)
  /// `screen S adds:` an anchor it has.
  case anchorTwice(screen: String, anchor: String)
  /// `place TIP` while it is on screen.
  case placedWhileOnScreen(tip: String)
  /// `policy NAME VALUE` with a value the policy does not take; no choices: a duration.
  case policyValue(name: String, choices: [String])
  /// A command that needs the app to run (`open`, `close`...).
  case needsRunningApp(command: String)
  case alreadyRunning
  case notRunning
  case inBackground
  /// `tap SCREEN.CONTROL` on a screen that is not open.
  case screenNotOpen(String)
  /// `reset` while the app runs: `Tips.resetDatastore()` must come before `Tips.configure`.
  case resetWhileRunning
  /// The engine refused `resetDatastore` after configuration (rule 34).
  case resetAfterConfiguration
  case negativeAdvance
  /// `advance to` an instant before the clock.
  case inThePast(target: Instant, clock: Instant)
  /// `perform` without an input the action takes, or with one it does not.
  case actionInputs(action: String, missing: [String], extra: [String])
  /// `set P Q + N` whose result is past `Int`'s range, where the app's code traps.
  case outOfRange(parameter: String, update: String)

  /// The kinds of names a command refers to.
  public enum NameKind: String, Hashable, Sendable {
    case tip, parameter, event, store, device, screen, action, condition
  }
}
