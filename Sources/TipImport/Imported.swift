import TipEngine

/// What the importer writes, named by the contract (docs/Importing.md, "Names").
struct ImportedParameter {
  var name: String
  var type: Int
  var member: String
  var value: String
  /// `String?`: the type to declare, when the value does not say it (an optional).
  var declaredType: String?
  var transient: Bool
  var position: SwiftPosition
  var comments: [String] = []
  var writes: [Site] = []

  /// Its `param` line.
  var definition: String {
    "param \(name)\(declaredType.map { ": " + $0 } ?? "") = \(value)\(transient ? " transient" : "")"
  }
}

struct ImportedEvent {
  var name: String
  /// The id TipKit keys it by, when the sources give it; nil when computed at run time.
  var id: String?
  var fields: [String]
  /// `limit N maxAge D`, from `Event(id:donationLimit:)`.
  var limit: String?
  /// Each Swift declaration of it: (type index, member, position).
  var declarations: [(type: Int, member: String, position: SwiftPosition)]
  var comments: [String] = []
  var donations: [Site] = []
  /// Read by a rule of some tip.
  var isRead = false

  /// Its `event` line.
  var definition: String {
    "event \(name)\(fields.isEmpty ? "" : "(\(fields.joined(separator: ", ")))")\(limit.map { " " + $0 } ?? "")"
  }
}

struct ImportedRule {
  var position: SwiftPosition
  var swift: String
  var result: Result<String, RuleTranslator.Untranslated>
  /// The rule as the language reads it, once checked (for lint).
  var expression: RuleExpression?
}

struct ImportedTip {
  var name: String
  var types: [Int]
  var id: String?
  var title: String
  var message: String?
  var image: String?
  var rules: [ImportedRule] = []
  var options = TipOptions()
  var actions: [(id: String?, title: String)] = []
  var anchor: (screen: String, anchor: String, inline: Bool)?
  var comments: [String] = []
  var displays: [Site] = []
  var invalidations: [Site] = []
  var position: SwiftPosition
}

struct ImportedGroup {
  var name: String
  var ordered: Bool
  var members: [String]
  var position: SwiftPosition
  var comments: [String] = []
}

struct ImportedScreen {
  var name: String
  var anchors: [String]
  var position: SwiftPosition
  /// Anchors of tips the app displays only under a condition: they start hidden.
  var hidden: Set<String> = []
  /// What the app's code on this screen shows: why an anchor starts hidden, and the like.
  var comments: [String] = []
}

/// What the app's own code does by itself at one trigger, as a `when` reaction.
struct ImportedReaction {
  enum Trigger: Equatable {
    case launching, launch
    case opens(String)
    case closes(String)

    /// The scenario's trigger: `app launch`, `screen Home opens`.
    var text: String {
      switch self {
      case .launching: "app launching"
      case .launch: "app launch"
      case .opens(let screen): "screen \(screen) opens"
      case .closes(let screen): "screen \(screen) closes"
      }
    }

    var screen: String? {
      switch self {
      case .opens(let screen), .closes(let screen): screen
      default: nil
      }
    }
  }

  var trigger: Trigger
  /// The code it comes from, for its comment.
  var origin: String
  var steps: [ReactionStep]
}

/// One thing the code does: a command, or why it stays a comment.
struct ReactionStep {
  /// Nil when it is not run (a comment says why).
  var command: String?
  /// `if os >= 18`: code under `#available`.
  var os: String?
  /// The Swift, as written.
  var swift: String
  var position: SwiftPosition
  /// What the step assumed (a condition run as if it held), or why it is not run.
  var note: String?
}

/// A name the scenario language accepts, made from any text: every other character becomes
/// `_`, and a leading digit gets a `_` before it. A Swift name's backticks (`` `default` ``)
/// are not part of it.
func contractName(_ text: String) -> String {
  var name = String(text.filter { $0 != "`" }.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
  if name.isEmpty || name.first?.isNumber == true { name = "_" + name }
  return name
}
