import TipEngine

/// `when …: CMD; CMD`: the app's own code that runs when something happens to a tip or to
/// the app (it sequences tips: sets the next tip's parameter when one is invalidated, or
/// invalidates every tip when the app goes to the background). Its commands run at the
/// instant of what triggered them, in definition order, and are logged with its line.
public struct Reaction: Hashable, Sendable {
  /// What a reaction waits for.
  public enum Trigger: Hashable, Sendable, CustomStringConvertible {
    /// The tip was invalidated; for any reason when `reason` is nil.
    case invalidated(tip: String, reason: InvalidationReason?)
    /// The tip appeared.
    case shown(tip: String)
    /// The app went to the background.
    case appBackground
    /// The app launched and configured TipKit.
    case appLaunch

    public var description: String {
      switch self {
      case .invalidated(let tip, let reason): "\(tip) invalidated" + (reason.map { " \($0.rawValue)" } ?? "")
      case .shown(let tip): "\(tip) shown"
      case .appBackground: "app background"
      case .appLaunch: "app launch"
      }
    }

    /// Whether a reaction waiting for this fires on `happened` (which has its reason).
    public func matches(_ happened: Trigger) -> Bool {
      switch (self, happened) {
      case (.invalidated(let tip, nil), .invalidated(let other, _)): tip == other
      default: self == happened
      }
    }
  }

  public var trigger: Trigger
  public var commands: [Command]
  /// The scenario line of its `when`, for the log.
  public var line: Int

  public init(trigger: Trigger, commands: [Command], line: Int) {
    self.trigger = trigger
    self.commands = commands
    self.line = line
  }
}
