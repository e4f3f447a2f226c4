import TipEngine

/// `action NAME(INPUT: TYPE, …): CMD; CMD`: code of the app's that runs when something the
/// scenario cannot see calls it — a button's action, a delegate method, a data-load callback
/// — named so that a scenario can `perform` it. Its inputs are the values it computes from
/// app state (`X.hasContent = items.count > 0`): `perform` gives them.
public struct AppAction: Hashable, Sendable {
  /// One input: its name and the type of the values it takes.
  public struct Input: Hashable, Sendable {
    public var name: String
    public var type: ValueType

    public init(name: String, type: ValueType) {
      self.name = name
      self.type = type
    }
  }

  public var name: String
  public var inputs: [Input]
  /// Its steps; a step may read an input (`Command.given(_:)` puts the values in).
  public var commands: [Command]
  /// The line of its definition.
  public var place: ScenarioPlace

  public init(name: String, inputs: [Input], commands: [Command], place: ScenarioPlace) {
    self.name = name
    self.inputs = inputs
    self.commands = commands
    self.place = place
  }

  public func input(named name: String) -> Input? { inputs.first { $0.name == name } }

  /// `libraryDidLoad(hasContent: Bool)`.
  public var signature: String {
    inputs.isEmpty ? name : name + "(" + inputs.map { "\($0.name): \($0.type.rawValue)" }.joined(separator: ", ") + ")"
  }
}
