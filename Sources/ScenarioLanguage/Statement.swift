import Simulation
import TipEngine

/// One parsed statement: what it does, the names it refers to (checked against the world's
/// definitions when it runs), and where it came from.
public struct Statement: Hashable, Sendable {
  public enum Action: Hashable, Sendable {
    case command(Command)
    case status([String])
    case why(String)
    case log
    case expect(Expectation)
    case help(String?)
  }

  public var action: Action
  /// The command word, e.g. `open`.
  public var keyword: Located<String>
  public var references: [NameReference]
  /// The locations of rule sub-expressions, for type errors.
  public var expressionLocations: [Expression: Located<String>]
  /// The statement's text, a `tip` block's lines included.
  public var text: String
  public var lines: ClosedRange<Int>

  /// Whether the statement changes the world (what `save` keeps).
  public var changesWorld: Bool { if case .command = action { true } else { false } }
}

/// A name used by a statement, to be checked against what is defined when it runs.
public struct NameReference: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    case tip, screen, parameter, event, store, group
    case anchor(screen: String)
    case field(event: String)
    case storeKey(store: String)
    case action(tip: String)
  }

  public var kind: Kind
  public var name: Located<String>
  /// A name being defined (refused when it exists already) rather than used.
  public var defines: Bool

  public init(_ kind: Kind, _ name: Located<String>, defines: Bool = false) {
    self.kind = kind
    self.name = name
    self.defines = defines
  }

  /// How a message names the kind: "tip", "anchor of contacts", ….
  public var kindName: String {
    switch kind {
    case .tip: "tip"
    case .screen: "screen"
    case .parameter: "parameter"
    case .event: "event"
    case .store: "store"
    case .group: "group"
    case .anchor(let screen): "anchor of screen \(screen)"
    case .field(let event): "field of event \(event)"
    case .storeKey(let store): "key of store \(store)"
    case .action(let tip): "action of tip \(tip)"
    }
  }
}
