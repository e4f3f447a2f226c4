/// What an audit reads: the app's definitions as a scenario (a fresh install, the app's own
/// code as reactions), the things the app's code can do when its user acts, and where each
/// definition and use is, so that every answer names a place in the app's sources.
public struct AuditInput: Sendable {
  /// The definitions and reactions, as scenario text that `include` can read.
  public var definitions: String
  /// The name the definitions go by in diagnostics (a scenario path, or the Swift folder).
  public var file: String
  /// What the app's code can do besides its reactions, each once.
  public var actions: [AuditAction]
  public var places: AuditPlaces
  /// Swift lint findings, for an input read from Swift: `audit` and `lint` share them.
  public var findings: [AuditFinding]
  /// Whether the app's code configures TipKit. A scenario's `launch` does; an app with no
  /// `Tips.configure` in the code that ships never does, and no tip of it shows (rule 25).
  public var configures: Bool

  public init(
    definitions: String, file: String, actions: [AuditAction], places: AuditPlaces, findings: [AuditFinding] = [], configures: Bool = true
  ) {
    self.definitions = definitions
    self.file = file
    self.actions = actions
    self.places = places
    self.findings = findings
    self.configures = configures
  }
}

/// One thing the app's code can do when the user acts: a scenario command, and the place of
/// the code that does it.
public struct AuditAction: Hashable, Sendable {
  /// A scenario line: `donate addedBackyard`, `set isLoggedIn true`, `invalidate T tipClosed`.
  public var command: String
  /// `file:line` of the code.
  public var place: String

  public init(command: String, place: String) {
    self.command = command
    self.place = place
  }
}

/// Where things are in the app's sources, by their names in the definitions (`file:line`).
public struct AuditPlaces: Sendable {
  public var tips: [String: String] = [:]
  public var parameters: [String: String] = [:]
  public var events: [String: String] = [:]
  public var groups: [String: String] = [:]
  /// Tip → the places that display it.
  public var displays: [String: [String]] = [:]
  /// Tip → its displays the app's users never reach, each with why (under a condition a
  /// constant of the code read makes false, in a view built only in previews).
  public var deadDisplays: [String: [String]] = [:]
  /// Tip → where its instances go that the import does not follow (an argument of code not
  /// read, an array, a closure's result), in words: its `noDisplaySite` is not proved.
  public var escapes: [String: [String]] = [:]
  /// Tip → the displays its instances reach that the import places on no screen.
  public var unplacedDisplays: [String: [String]] = [:]
  /// Tip → the places of the app's own `invalidate` calls.
  public var invalidations: [String: [String]] = [:]
  /// Parameter → the places that write it.
  public var writes: [String: [String]] = [:]
  /// Event → the places that donate it.
  public var donations: [String: [String]] = [:]
  /// The app's actions (`action`) by name: what calls them, and where.
  public var actions: [String: Origin] = [:]
  /// The app conditions by name: what the code tests, and where.
  public var conditions: [String: Origin] = [:]
  /// Tip → the action of the control it is attached to: what it points at, which the
  /// typical user does.
  public var pointedAt: [String: String] = [:]
  /// Where app-wide findings (`tipFatigue`, `starvedByFrequency`) are annotated: the code that
  /// configures TipKit (`file:line`); a scenario's first `launch`, else its first line. Empty:
  /// the input's file, with no line.
  public var app = ""
  /// Writes, donations and invalidations in the code read that no line of the definitions
  /// says (a value the import could not follow): parameter, event or tip → their places. The
  /// never-proof takes each as "any value", "donated", "invalidated".
  public var untranslated = Untranslated()

  public struct Untranslated: Hashable, Sendable {
    public var writes: [String: [String]] = [:]
    public var donations: [String: [String]] = [:]
    public var invalidations: [String: [String]] = [:]

    public init() {}
  }

  public init() {}

  /// What an action or an app condition stands for in the app's code, and where it is.
  public struct Origin: Hashable, Sendable {
    /// `file:line`.
    public var place: String
    /// How an assumption names it: "the app calls `libraryDidLoad(count:)`", "the user taps
    /// Button(\"Share\")", "`!queue.isEmpty`".
    public var words: String
    /// A user's tap: a witness that takes it assumes nothing about the app (unless it
    /// chooses a value the code computes).
    public var isUserAction: Bool

    public init(place: String, words: String, isUserAction: Bool = false) {
      self.place = place
      self.words = words
      self.isUserAction = isUserAction
    }
  }
}
