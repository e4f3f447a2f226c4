import TipEngine

/// `when …: CMD; CMD`: the app's own code that runs when something happens to a tip or to
/// the app (it sequences tips: sets the next tip's parameter when one is invalidated, or
/// invalidates every tip when the app goes to the background; it counts launches, donates as
/// a view appears). Its commands run at the instant of what triggered them, in definition
/// order, and are logged with its line.
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
    /// The app is launching, before it configures TipKit (`Tips.resetDatastore()` runs here).
    case appLaunching
    /// The screen appeared (SwiftUI's `onAppear` and `.task`, UIKit's `viewWillAppear`): its
    /// tips are decided after this code ran.
    case screenOpened(String)
    /// The screen went away (`onDisappear`, `viewDidDisappear`).
    case screenClosed(String)

    public var description: String {
      switch self {
      case .invalidated(let tip, let reason): "\(tip) invalidated" + (reason.map { " \($0.rawValue)" } ?? "")
      case .shown(let tip): "\(tip) shown"
      case .appBackground: "app background"
      case .appLaunch: "app launch"
      case .appLaunching: "app launching"
      case .screenOpened(let screen): "screen \(screen) opens"
      case .screenClosed(let screen): "screen \(screen) closes"
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

  /// `if os >= 18` / `if os < 18`: code under `if #available(iOS 18, *)` or its `else`.
  public struct OSCondition: Hashable, Sendable, CustomStringConvertible {
    public var version: OSVersion
    /// The `else` side: the OS is older than `version`.
    public var below: Bool

    public init(version: OSVersion, below: Bool) {
      self.version = version
      self.below = below
    }

    public func holds(on os: OSVersion) -> Bool { below ? os < version : os >= version }

    public var description: String { "if os \(below ? "<" : ">=") \(version)" }
  }

  public var trigger: Trigger
  /// Runs only on a device whose OS satisfies it.
  public var os: OSCondition?
  /// Runs only while these app conditions hold (`when app launch if onboardingDone:`).
  public var conditions: [ConditionTest]
  public var commands: [Command]
  /// The line of its `when`, for the log.
  public var place: ScenarioPlace
  public var line: Int { place.line }

  public init(
    trigger: Trigger, os: OSCondition? = nil, conditions: [ConditionTest] = [], commands: [Command], line: Int, file: String? = nil
  ) {
    self.trigger = trigger
    self.os = os
    self.conditions = conditions
    self.commands = commands
    place = ScenarioPlace(line: line, file: file)
  }

  /// What the log says of it: `app launch`, `app launch if os >= 18`, `app launch if
  /// onboardingDone`, `app launch if os >= 18 and onboardingDone`.
  public var heading: String {
    var text = trigger.description + (os.map { " \($0)" } ?? "")
    if !conditions.isEmpty { text += (os == nil ? " if " : " and ") + conditions.text }
    return text
  }
}
