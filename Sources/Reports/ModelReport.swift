import ScenarioLanguage
import Sessions
import Simulation
import TipEngine

/// `model`: what a scenario has defined so far, with the state of each, so a product manager
/// can see their model: tips with their rules and options, parameters with their values,
/// events with their donations, screens with their anchors, groups, stores and reactions.
public struct ModelReport {
  public let world: World
  /// The usage model's cohorts (the session's).
  public let cohorts: [Cohort]

  public init(world: World, cohorts: [Cohort] = []) {
    self.world = world
    self.cohorts = cohorts
  }

  public func text() -> String {
    let catalog = world.engine.catalog
    var lines: [String] = []
    func section(_ title: String, _ items: [String]) {
      guard !items.isEmpty else { return }
      lines.append(title)
      lines += items
    }
    section(
      "tips:",
      catalog.tips.flatMap { tip in
        var place = ""
        if let placement = world.placements[tip.name] { place = " at \(placement)" }
        if let choices = world.placeChoices[tip.name] {
          place =
            " at " + choices.map(\.description).joined(separator: " or ") + " (now \(world.placements[tip.name].map(\.description) ?? "?"))"
        }
        let status = world.engine.status(of: tip.name, at: world.clock)
        return ["  \(Self.summary(of: tip))\(place) · \(status)"] + tip.rules.map { "    rule \($0)" }
      })
    section(
      "parameters:",
      catalog.parameters.map { parameter in
        var line = "  \(parameter.name) = \(world.engine.parameterValue(parameter.name)?.value ?? parameter.defaultValue)"
        if parameter.isTransient { line += " · transient" }
        if let bound = parameter.boundTo { line += " · bound to \(bound)" }
        if let label = parameter.label { line += " · “\(label)”" }
        return line
      })
    section(
      "events:",
      catalog.events.map { event in
        let fields = event.fields.isEmpty ? "" : "(\(event.fields.joined(separator: ", ")))"
        let kept = world.engine.datastore.events[event.id]?.donations.count ?? 0
        return "  \(event.id)\(fields) · \(kept) donation\(kept == 1 ? "" : "s") kept" + (event.label.map { " · “\($0)”" } ?? "")
      })
    section(
      "screens:",
      world.screens.map { screen in
        "  \(screen.name): \(screen.anchorList)\(world.isOpen(screen.name) ? " · open" : "")"
      })
    section(
      "reactions (the app's own code):",
      world.reactions.map { reaction in
        "  when \(reaction.heading) (\(reaction.place)): \(reaction.commands.count) command\(reaction.commands.count == 1 ? "" : "s")"
      })
    section(
      "app conditions (the app's own state):",
      world.conditions.definitions.map { condition in
        "  \(condition.name) = \(world.conditions.value(of: condition.name) == true) · on a fresh install "
          + (condition.initial.map { $0 ? "true" : "false" } ?? "unknown (false until set)")
      })
    section(
      "actions (the app's code a scenario performs):",
      world.actions.map { action in
        "  \(action.signature) (\(action.place)): \(action.commands.count) step\(action.commands.count == 1 ? "" : "s")"
      })
    section("groups:", catalog.groups.map { "  \($0.name) \($0.priority): \($0.members.joined(separator: ", "))" })
    section(
      "stores:",
      world.stores.map { store in
        let keys = store.keys.map { "\($0) = \(store.values[$0].map(\.description) ?? "no value")" }
        return "  \(store.name)" + (keys.isEmpty ? "" : ": " + keys.joined(separator: ", "))
      })
    section(
      "cohorts (the usage model):",
      cohorts.flatMap { cohort in
        ["  cohort \(cohort.name) \(Self.number(cohort.share * 100))%"]
          + cohort.conditions.keys.sorted().map { "    condition \($0) \(cohort.conditions[$0] == true)" }
          + cohort.usage.map { "    " + Self.text(of: $0) }
          + (cohort.churnPerDay > 0 ? ["    churn \(Self.number(cohort.churnPerDay * 100))% per day"] : [])
      })
    return lines.isEmpty
      ? "nothing is defined yet: `help` lists the commands that define tips, screens and events" : lines.joined(separator: "\n")
  }

  /// The line the shell answers a definition with, so its author knows it was taken; nil
  /// for a statement that defines nothing (it logs what it did).
  public static func acknowledgement(of statement: Statement, in world: World) -> String? {
    guard case .command(let command) = statement.action else { return nil }
    switch command {
    case .defineTip(let tip, let placement):
      let places = placement?.places.map(\.description).joined(separator: " or ")
      return "tip " + summary(of: world.engine.catalog.tip(named: tip.name) ?? tip) + (places.map { " at \($0)" } ?? ", no anchor")
    case .defineParameter(let parameter, let binding):
      return "param \(parameter.name) = \(parameter.defaultValue) (\(parameter.declaredType))"
        + (parameter.isTransient ? ", transient" : "") + (binding.map { ", bound to \($0)" } ?? "")
    case .defineEvent(let event):
      return "event \(event.id)" + (event.fields.isEmpty ? "" : " with fields \(event.fields.joined(separator: ", "))")
    case .defineScreen(let screen):
      return "screen \(screen.name): \(screen.anchors.count) anchor\(screen.anchors.count == 1 ? "" : "s") (\(screen.anchorList))"
    case .addAnchors(let screen, let anchors, _, _):
      return "screen \(screen): \(anchors.count) more anchor\(anchors.count == 1 ? "" : "s") (\(anchors.joined(separator: " ")))"
    case .place(let tip, let screen, let anchor, let style):
      return "tip \(tip) at \(screen).\(anchor)\(style == .inline ? " (inline)" : "")"
    case .defineGroup(let group):
      return "group \(group.name) \(group.priority): \(group.members.joined(separator: ", "))"
    case .defineStore(let name):
      return "store \(name)"
    case .defineStoreKey(let key, let initial):
      return "store key \(key) = \(initial)"
    default:
      return nil
    }
  }

  /// One line for a tip: `favoriteBackyard "Save as a Favorite": 2 rules, max 5 displays`.
  public static func summary(of tip: TipDefinition) -> String {
    var facts = ["\(tip.rules.count) rule\(tip.rules.count == 1 ? "" : "s")"]
    for option in TipOption.all { if let value = option.read(tip.options) { facts.append(option.fact(value)) } }
    if !tip.actions.isEmpty { facts.append("\(tip.actions.count) action\(tip.actions.count == 1 ? "" : "s")") }
    let id = tip.id == tip.name ? "" : " (id \(tip.id))"
    return "\(tip.name) \"\(tip.title)\"\(id): \(facts.joined(separator: ", "))"
  }

  /// A usage line as the language writes it.
  static func text(of usage: Usage) -> String {
    var rate = "\(number(usage.perDay)) per day"
    if usage.days != .every { rate += " on " + usage.days.written }
    rate += " " + usage.distribution.rawValue
    if let seconds = usage.timeOfDay { rate += " at " + Usage.clock(seconds) }
    if case .open(let screen, let span) = usage.action {
      let during = usage.during.map { text(of: $0.action) + ($0.probability < 1 ? " \(number($0.probability * 100))%" : "") }
      return "open \(screen) \(rate) for \(span)" + (during.isEmpty ? "" : ": " + during.joined(separator: "; "))
    }
    return text(of: usage.action) + " \(rate)"
  }

  /// A usage line's action as written, without its rate.
  static func text(of action: Usage.Action) -> String {
    switch action {
    case .open(let screen, _): return "open \(screen)"
    case .donate(let event, let fields): return "donate \(event)" + fields.keys.sorted().map { " \($0)=\(fields[$0]!)" }.joined()
    case .set(let parameter, let value): return "set \(parameter) \(value)"
    case .write(let key, let value): return "write \(key) \(value)"
    case .perform(let action, let inputs):
      return "perform \(action)" + inputs.keys.sorted().map { " \($0)=\(inputs[$0] ?? .null)" }.joined()
    case .relaunch: return "relaunch"
    }
  }

  /// 1, 0.5, 33.3: a number without a trailing `.0` (as Swift writes it past 10^15, where
  /// `Int` may not hold it).
  static func number(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
  }
}
