import Simulation
import TipEngine

/// A tip whose own screen's code makes it ineligible: the screen donates an event as it
/// appears, before its tips are decided, under no condition and on any OS, and a rule of the
/// tip needs that event's count at 0.
enum OwnScreen {
  static func defeat(of tipName: String, in world: World) -> (event: String, message: String, fix: String)? {
    // A tip shown at several places may show at a screen that does not defeat it.
    let places = world.places(of: tipName)
    guard let tip = world.engine.catalog.tip(named: tipName), places.count == 1, let screen = places.first?.screen else { return nil }
    let always = world.reactions.filter { $0.trigger == .screenOpened(screen) && $0.conditions.isEmpty && $0.os == nil }
    let donated = always.flatMap(\.commands).compactMap { command -> String? in
      if case .donate(let event, _) = command { event } else { nil }
    }
    for rule in tip.rules {
      guard case .comparison(.aggregate(let aggregate), let op, .literal(let literal)) = rule, donated.contains(aggregate.event),
        Value.int(0).compare(op, literal), !Value.int(1).compare(op, literal)
      else { continue }
      return (
        aggregate.event,
        "it needs `\(rule)`, but \(screen) donates \(aggregate.event) as it appears, before its tips are decided: the tip never shows there",
        "donate \(aggregate.event) on the user's action instead of on appear, or change the rule"
      )
    }
    return nil
  }
}
