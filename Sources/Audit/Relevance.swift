import ScenarioLanguage
import Simulation
import TipEngine

/// What can bring one tip closer to showing, so that its search tries only that: the actions
/// that donate an event, or write a parameter, its rules read (its own or those of the members
/// before it in its group) or that invalidate such a member; the screen it is on, and the
/// screens whose own code does any of that as they appear or go.
struct Relevance {
  private var events: Set<String> = []
  private var parameters: Set<String> = []
  private var members: Set<String> = []
  private var screens: Set<String> = []
  /// The catalog's indices of the tip and the members before it (for the next change).
  private(set) var tipIndices: [Int] = []

  init(tip: TipDefinition, world: World) {
    let catalog = world.engine.catalog
    var tips = [tip]
    defer { tipIndices = tips.compactMap { catalog.index(ofTip: $0.name) } }
    for group in catalog.groups where group.members.contains(tip.name) {
      for member in group.members.prefix(while: { $0 != tip.name }) {
        members.insert(member)
        if let definition = catalog.tip(named: member) { tips.append(definition) }
      }
    }
    for rule in tips.flatMap(\.rules) {
      events.formUnion(rule.aggregates.map(\.event))
      parameters.formUnion(rule.parameterNames)
    }
    if let screen = world.placements[tip.name]?.screen { screens.insert(screen) }
    for reaction in world.reactions where reaction.commands.contains(where: matters) {
      switch reaction.trigger {
      case .screenOpened(let screen), .screenClosed(let screen): screens.insert(screen)
      default: break
      }
    }
  }

  func matters(screen: String) -> Bool { screens.contains(screen) }

  /// What tells two states apart for the search: the records these tips, parameters and
  /// events read; the other tips' only through what is on screen.
  func key(_ world: World) -> StateKey {
    let datastore = world.engine.datastore
    let catalog = world.engine.catalog
    return StateKey(
      running: world.isRunning, open: world.openScreens.map(\.name), shown: world.onScreen.keys.sorted(), clock: world.clock,
      intervalStart: datastore.intervalStart,
      tips: tipIndices.map { datastore.tips[catalog.tips[$0].id] }, parameters: parameters.sorted().map { datastore.parameters[$0] },
      events: events.sorted().map { datastore.events[$0] })
  }

  struct StateKey: Hashable {
    var running: Bool
    var open: [String]
    var shown: [String]
    var clock: Instant
    var intervalStart: Instant?
    var tips: [TipRecord?]
    var parameters: [ParameterRecord?]
    var events: [DonationLog?]
  }

  func matters(_ command: Command) -> Bool {
    switch command {
    case .donate(let event, _): events.contains(event)
    case .set(let parameter, _), .update(let parameter, _): parameters.contains(parameter)
    case .invalidate(let tip, _): members.contains(tip)
    default: false
    }
  }
}
