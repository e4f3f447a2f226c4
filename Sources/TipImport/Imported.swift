import Simulation
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
  /// Each place it is displayed at, in the order the code was read: an `anchor` line each.
  var anchors: [(screen: String, anchor: String, inline: Bool, via: String?)] = []
  /// A display lets taps through its popover (`.tipBackgroundInteraction(.enabled)`).
  var passesTaps = false
  var comments: [String] = []
  var displays: [Site] = []
  /// Displays under a condition a constant of the code read makes false: where, and why.
  var deadDisplays: [String] = []
  var invalidations: [Site] = []
  var position: SwiftPosition
}

struct ImportedGroup {
  var name: String
  var ordered: Bool
  var members: [String]
  var position: SwiftPosition
  /// The type whose property holds it.
  var owner: [String]?
  var comments: [String] = []

  /// The property's name, before a second group of the name got `_2`.
  var property: String
  init(name: String, ordered: Bool, members: [String], position: SwiftPosition, owner: [String]?) {
    self.name = name
    self.ordered = ordered
    self.members = members
    self.position = position
    self.owner = owner
    property = name
  }
}

struct ImportedScreen {
  var name: String
  var anchors: [String]
  var position: SwiftPosition
  /// Anchors of tips the app displays only after something the code read does not decide:
  /// they start hidden.
  var hidden: Set<String> = []
  /// Anchors of tips the app displays only under app conditions.
  var conditions: [String: [ConditionTest]] = [:]
  /// What the app's code on this screen shows: why an anchor starts hidden, and the like.
  var comments: [String] = []
}

/// What the app's own code does by itself at one trigger, as a `when` reaction.
struct ImportedReaction {
  enum Trigger: Equatable {
    case launching, launch
    case opens(String)
    case closes(String)
    /// The tip of this name is invalidated.
    case invalidated(String)

    /// The scenario's trigger: `app launch`, `screen Home opens`.
    var text: String {
      switch self {
      case .launching: "app launching"
      case .launch: "app launch"
      case .opens(let screen): "screen \(screen) opens"
      case .closes(let screen): "screen \(screen) closes"
      case .invalidated(let tip): "\(tip) invalidated"
      }
    }

    var screen: String? {
      switch self {
      case .opens(let screen), .closes(let screen): screen
      default: nil
      }
    }

    /// The action that gives the values its code computes: `launch_values`, `Home_opens_values`.
    var valuesAction: String {
      switch self {
      case .launching: "launching_values"
      case .launch: "launch_values"
      case .opens(let screen): "\(screen)_opens_values"
      case .closes(let screen): "\(screen)_closes_values"
      case .invalidated(let tip): "\(tip)_invalidated_values"
      }
    }

    /// `at launch`, `as Home appears`.
    var when: String {
      switch self {
      case .launching: "at launch, before Tips.configure"
      case .launch: "at launch"
      case .opens(let screen): "as \(screen) appears"
      case .closes(let screen): "as \(screen) disappears"
      case .invalidated(let tip): "when \(tip) is invalidated"
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
  /// The app conditions it runs under (`if onboardingDone:`).
  var guards: [ConditionTest] = []
  /// The input of its action the command reads: a value the app computes (its name and
  /// the language's type).
  var input: (name: String, type: String)?
  /// The Swift, as written.
  var swift: String
  var position: SwiftPosition
  /// Why it is not run, or what the reader should know of it.
  var note: String?
  /// What it moves that a tip may read: an event it donates, a parameter it writes (with the
  /// parameter its value is computed from, `set p q + 1`); nil for what always matters to
  /// tips (an invalidation, a reset).
  var moves: (name: String, from: String?)?

  /// The command as a reaction or an action writes it: `if a and not b: set p true`.
  var line: String? { command.map { guards.isEmpty ? $0 : "if \(guards.text): \($0)" } }

  /// The command as an action writes it, its OS test first (a reaction's is on its `when`
  /// line): `if os >= 18 and a: donate used`.
  var actionLine: String? {
    guard let os, let command else { return line }
    return os + (guards.isEmpty ? "" : " and \(guards.text)") + ": " + command
  }
}

/// The app's code that something the sources do not show calls — a button's action, a
/// callback, a delegate method, a function no code read calls — as an `action`.
struct ImportedAction {
  var name: String
  /// How an assumption names it, and whether it is the user's gesture.
  var words: String
  var isUserAction: Bool
  /// Where its code starts.
  var position: SwiftPosition
  var steps: [ReactionStep]
  /// What its comment adds: why it is an action.
  var note: String? = nil

  /// Its inputs, in the order its steps first read them.
  var inputs: [(name: String, type: String)] {
    var seen: [(name: String, type: String)] = []
    for case let input? in steps.map(\.input) where !seen.contains(where: { $0.name == input.name }) { seen.append(input) }
    return seen
  }

  /// Its `action` line; nil when no step is run.
  var definition: String? {
    let lines = steps.compactMap(\.actionLine)
    guard !lines.isEmpty else { return nil }
    let signature = inputs.isEmpty ? "" : "(" + inputs.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
    return "action \(name)\(signature): " + lines.joined(separator: "; ")
  }
}

/// A name the scenario language accepts, made from any text: every other character becomes
/// `_`, and a leading digit gets a `_` before it. A Swift name's backticks (`` `default` ``)
/// are not part of it.
func contractName(_ text: String) -> String {
  // Most names are ASCII letters, digits and `_` already, not starting with a digit.
  if let first = text.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first), text.utf8.allSatisfy(isNameByte) {
    return text
  }
  var name = String(text.filter { $0 != "`" }.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
  if name.isEmpty || name.first?.isNumber == true { name = "_" + name }
  return name
}

/// An ASCII letter, digit or `_`.
func isNameByte(_ byte: UInt8) -> Bool {
  (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
}
