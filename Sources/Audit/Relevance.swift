import ScenarioLanguage
import Simulation
import TipEngine

/// What can bring one tip closer to showing, so that its search tries only that: the actions
/// that donate an event, or write a parameter, its rules read (its own or those of the members
/// before it in its group) or that invalidate such a member; the screen it is on, and the
/// screens whose own code does any of that as they appear or go; the app conditions its
/// anchor is shown under, or that such code runs under.
struct Relevance {
  private var events: Set<String> = []
  private var parameters: Set<String> = []
  private var members: Set<String> = []
  private var screens: Set<String> = []
  private(set) var conditions: [String] = []
  private var actions: [String: AppAction] = [:]
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
    for action in world.actions { actions[action.name] = action }
    for placement in world.places(of: tip.name) {
      screens.insert(placement.screen)
      add(world.anchorTests(of: placement.description), defined: world.conditions)
    }
    // A condition code tests matters when that code does; code that sets a condition that
    // matters matters too, and so on, until nothing is added.
    var known = -1
    while known != conditions.count {
      known = conditions.count
      for reaction in world.reactions where reaction.commands.contains(where: matters) {
        switch reaction.trigger {
        case .screenOpened(let screen), .screenClosed(let screen): screens.insert(screen)
        default: break
        }
        add(reaction.conditions + reaction.commands.filter(matters).flatMap(\.guards), defined: world.conditions)
      }
      for action in world.actions { add(action.commands.filter(matters).flatMap(\.guards), defined: world.conditions) }
    }
  }

  private mutating func add(_ tests: [ConditionTest], defined: AppConditions) {
    for test in tests where defined.value(of: test.name) != nil && !conditions.contains(test.name) { conditions.append(test.name) }
  }

  func matters(screen: String) -> Bool { screens.contains(screen) }

  /// What tells two states apart for the search: the records these tips, parameters and
  /// events read; the other tips' only through what is on screen.
  func key(_ world: World) -> StateKey {
    let datastore = world.engine.datastore
    let catalog = world.engine.catalog
    return StateKey(
      running: world.isRunning, open: world.openScreens.map(\.name), shown: world.onScreen.keys.sorted(),
      conditions: conditions.map { world.conditions.value(of: $0) == true }, clock: world.clock,
      intervalStart: datastore.intervalStart,
      tips: tipIndices.map { datastore.tips[catalog.tips[$0].id] }, parameters: parameters.sorted().map { datastore.parameters[$0] },
      events: events.sorted().map { datastore.events[$0] })
  }

  struct StateKey: Hashable {
    var running: Bool
    var open: [String]
    var shown: [String]
    var conditions: [Bool]
    var clock: Instant
    var intervalStart: Instant?
    var tips: [TipRecord?]
    var parameters: [ParameterRecord?]
    var events: [DonationLog?]
  }

  func matters(_ command: Command) -> Bool {
    switch command.underlying {
    case .donate(let event, _), .donateGiven(let event, _, _): events.contains(event)
    case .set(let parameter, _), .update(let parameter, _): parameters.contains(parameter) || conditions.contains(parameter)
    case .setCondition(let condition, _): conditions.contains(condition)
    case .invalidate(let tip, _): members.contains(tip)
    case .perform(let name, _): actions[name]?.commands.contains(where: matters) ?? false
    default: false
    }
  }
}
