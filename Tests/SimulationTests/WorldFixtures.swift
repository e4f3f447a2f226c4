import Simulation
import TipEngine

let start = World.defaultStart

/// A world with one screen `s` whose anchors are `anchors`, and the given tips on them.
func makeWorld(
  anchors: [String] = ["a", "b", "c"], tips: [(TipDefinition, Placement?)], parameters: [ParameterDefinition] = [],
  groups: [TipGroup] = [], frequency: DisplayFrequency = .immediate
) throws -> World {
  var world = World()
  _ = try world.apply(.defineScreen(ScreenDefinition(name: "s", anchors: anchors)))
  for p in parameters { _ = try world.apply(.defineParameter(p, binding: nil)) }
  for (t, placement) in tips { _ = try world.apply(.defineTip(t, placement: placement)) }
  for g in groups { _ = try world.apply(.defineGroup(g)) }
  _ = try world.apply(.setFrequency(frequency))
  return world
}

func tip(_ name: String, rules: [Expression] = [], options: TipOptions = TipOptions(), actions: [TipAction] = []) -> TipDefinition {
  TipDefinition(name: name, title: name, actions: actions, rules: rules, options: options)
}

func on(_ anchor: String, _ style: Placement.Style = .popover) -> Placement { Placement(screen: "s", anchor: anchor, style: style) }

extension World {
  /// Applies commands in order, returning every record.
  @discardableResult
  mutating func run(_ commands: Command...) throws -> [LogRecord] {
    var all: [LogRecord] = []
    for c in commands { all += try apply(c) }
    return all
  }

  var shown: Set<String> { Set(onScreen.keys) }
}

extension [LogRecord] {
  /// The tips shown in these records, in order.
  var shownTips: [String] { compactMap { if case .shown(let s) = $0.event { s.ref.tip } else { nil } } }
}
