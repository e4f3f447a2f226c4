import TipEngine

/// A remark that is not a warning: the facts, which the renderers word.
public enum Note: Hashable, Sendable {
  /// `device NAME`: the commands that follow act on this device.
  case nowOnDevice(String)
  /// `icloud on|off` (rule 39), with the delay a synced change takes.
  case sync(on: Bool, delay: TimeSpan, parameters: Bool)
  /// `next TIP` of a tip on screen.
  case onScreenNow(tip: String, placement: Placement)
  /// `next TIP`: the tip is available (after the clock jumped, or already), and where.
  case availableNow(tip: String, jumped: Bool, place: AvailablePlace)
  /// `frequency` after launch: it takes effect at the next launch.
  case frequencyAtNextLaunch(DisplayFrequency)
  /// `cohort NAME …` defined.
  case cohortDefined(name: String, percent: Int, usageLines: Int)
  /// `save FILE` (the devices saved, or none named: the one device).
  case savedDatastore(devices: [String], path: String)
  case loadedDatastore(path: String)
  /// `checkpoint NAME`, at the clock's instant.
  case checkpointTaken(name: String, at: Instant)
  /// `restore NAME`: the clock now reads `clock`.
  case checkpointRestored(name: String, clock: Instant)
  /// `testing` while the app is not running: the overrides are the next launch's arguments.
  case testingAtNextLaunch
  /// `isPresented TIP true|false`: the app's binding of the tip's view (iOS 26).
  case presentedBinding(tip: String, presented: Bool)
  /// `quit` with testing overrides in force: they end with the app (rule 33).
  case testingEnded
  /// `undo` with nothing to undo.
  case nothingToUndo
  /// `undo` of the line that begins `command`: the clock now reads `clock`.
  case undone(command: String, clock: Instant)

  /// Where an available tip can be seen.
  public enum AvailablePlace: Hashable, Sendable {
    case onScreen
    case screenOpen(String)
    case whenScreenOpens(String)
    /// The tip has no anchor.
    case nowhere
  }
}
