/// The simulator's choices where TipKit's behaviour is unspecified: the [P] rules of the spec.
/// Each default is the spec's; each can be switched by a scenario (`policy NAME VALUE`) and is
/// named in explanations.
public struct Policies: Hashable, Sendable {
  /// Rule 21: what counts as one appearance for `MaxDisplayCount`.
  public enum CountPolicy: String, Hashable, Sendable, CaseIterable {
    /// Every time the tip goes from not visible to visible.
    case perAppearance
    /// At most one count per tip each time its screen is opened.
    case perScreenOpen
  }

  /// Rule 22: when the n-th display of a `MaxDisplayCount(n)` tip invalidates it.
  public enum CountInvalidation: String, Hashable, Sendable, CaseIterable {
    /// The n-th display is shown in full; the tip is invalidated when it ends.
    case afterDisplay
    /// Invalidated as the n-th display starts; that display stays until it ends.
    case atDisplay
  }

  /// Rule 24: where the 60 s floor of `MaxDisplayDuration` applies. Apple: "Tip views have a
  /// minimum display duration of 60 seconds before they can be automatically invalidated".
  public enum DurationFloor: String, Hashable, Sendable, CaseIterable {
    /// The limit never fires before 60 s of on-screen time in total.
    case total
    /// The limit never fires before the current display (the tip view) has lasted 60 s.
    case perDisplay
  }

  /// Rule 28: which displays (re)start the display-frequency interval.
  public enum CooldownStart: String, Hashable, Sendable, CaseIterable {
    /// Each tip's first appearance, including tips that ignore the frequency.
    case firstAppearance
    /// Every appearance.
    case anyAppearance
  }

  /// Rule 39: whether parameters travel with the rest of the datastore through iCloud. Apple
  /// syncs "TipKit's datastore", and parameters persist "within the tips datastore".
  public enum SyncParameters: String, Hashable, Sendable, CaseIterable {
    case on
    case off
  }

  /// Not a TipKit rule: what a display does while its anchor is scrolled away or collapsed.
  public enum AnchorHidden: String, Hashable, Sendable, CaseIterable {
    /// The display goes on unseen and is visible again when the anchor returns, without
    /// ending or counting again.
    case suspend
    /// The display ends; the tip may appear again (a new display) when the anchor returns.
    case endDisplay
  }

  public var countPolicy: CountPolicy = .perAppearance
  public var countInvalidation: CountInvalidation = .afterDisplay
  public var durationFloor: DurationFloor = .perDisplay
  public var cooldownStart: CooldownStart = .firstAppearance
  /// Rule 26: how long `monthly` is.
  public var monthLength: TimeSpan = .days(30)
  /// Rule 39: how long a change takes to reach the user's other devices.
  public var syncDelay: TimeSpan = .zero
  public var syncParameters: SyncParameters = .on
  public var anchorHidden: AnchorHidden = .suspend

  public init() {}

  /// The policy names, as `policy NAME VALUE` spells them.
  public static let names = [
    "countPolicy", "countInvalidation", "durationFloor", "cooldownStart", "monthLength", "syncDelay", "syncParameters", "anchorHidden",
  ]

  /// The rule of the spec each policy answers.
  public static func rule(of name: String) -> Int? {
    [
      "countPolicy": 21, "countInvalidation": 22, "durationFloor": 24, "cooldownStart": 28,
      "monthLength": 26, "syncDelay": 39, "syncParameters": 39,
    ][name]
  }

  /// What a policy decides, in a phrase (`whatif`'s words when it changes nothing, `help`).
  public static func scope(of name: String) -> String? {
    [
      "countPolicy": "what counts as one display of a tip with a MaxDisplayCount (rule 21)",
      "countInvalidation": "when the last display of a tip with a MaxDisplayCount ends it (rule 22)",
      "durationFloor": "where the 60 s floor of MaxDisplayDuration applies (rule 24)",
      "syncParameters": "whether parameters travel with the datastore through iCloud (rule 39)",
      "cooldownStart": "which displays start the frequency interval (rule 28)",
      "monthLength": "how long a monthly interval lasts (rule 26)",
      "syncDelay": "how long iCloud takes between devices (rule 39)",
      "anchorHidden": "what a display does when its anchor leaves the screen",
    ][name]
  }

  /// The value a policy has, as `policy NAME VALUE` would write it.
  public func value(of name: String) -> String? {
    switch name {
    case "countPolicy": countPolicy.rawValue
    case "countInvalidation": countInvalidation.rawValue
    case "durationFloor": durationFloor.rawValue
    case "cooldownStart": cooldownStart.rawValue
    case "monthLength": monthLength.description
    case "syncDelay": syncDelay.description
    case "syncParameters": syncParameters.rawValue
    case "anchorHidden": anchorHidden.rawValue
    default: nil
    }
  }

  /// The values a named enumerated policy accepts (empty for the duration-valued ones).
  public static func choices(of name: String) -> [String] {
    switch name {
    case "countPolicy": CountPolicy.allCases.map(\.rawValue)
    case "countInvalidation": CountInvalidation.allCases.map(\.rawValue)
    case "durationFloor": DurationFloor.allCases.map(\.rawValue)
    case "cooldownStart": CooldownStart.allCases.map(\.rawValue)
    case "syncParameters": SyncParameters.allCases.map(\.rawValue)
    case "anchorHidden": AnchorHidden.allCases.map(\.rawValue)
    default: []
    }
  }

  /// Whether the policy takes a duration (`monthLength 31d`) rather than a word.
  public static func takesDuration(_ name: String) -> Bool { name == "monthLength" || name == "syncDelay" }

  /// Sets a word-valued policy; false when the name or the value is not one of the choices.
  public mutating func set(_ name: String, to word: String) -> Bool {
    switch name {
    case "countPolicy":
      guard let v = CountPolicy(rawValue: word) else { return false }
      countPolicy = v
    case "countInvalidation":
      guard let v = CountInvalidation(rawValue: word) else { return false }
      countInvalidation = v
    case "durationFloor":
      guard let v = DurationFloor(rawValue: word) else { return false }
      durationFloor = v
    case "cooldownStart":
      guard let v = CooldownStart(rawValue: word) else { return false }
      cooldownStart = v
    case "syncParameters":
      guard let v = SyncParameters(rawValue: word) else { return false }
      syncParameters = v
    case "anchorHidden":
      guard let v = AnchorHidden(rawValue: word) else { return false }
      anchorHidden = v
    default: return false
    }
    return true
  }

  /// Sets a duration-valued policy; false when the name does not take a duration.
  public mutating func set(_ name: String, to span: TimeSpan) -> Bool {
    switch name {
    case "monthLength": monthLength = span
    case "syncDelay": syncDelay = span
    default: return false
    }
    return true
  }
}
