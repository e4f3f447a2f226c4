import ScenarioLanguage
import Sessions
import Simulation
import TipEngine

extension WhatIf {
  /// Why the change made no difference to this session, from what happened in it: a
  /// `whatif` that changes nothing should not leave its reader guessing.
  func whyNothingChanged() -> String {
    let world = session.world
    let zone = world.timeZone
    func stamp(_ instant: Instant) -> String { String(zone.civil(of: instant).logStamp.prefix(16)) }
    func tipName(_ name: String) -> TipDefinition? { world.engine.catalog.tip(named: name) }
    switch change {
    case .frequency(let frequency):
      if world.frequency == frequency { return "the session's frequency is already \(frequency.rawValue)" }
      var facts: [String] = []
      for tip in world.engine.catalog.tips {
        if let first = world.displayHistory[tip.name]?.first {
          facts.append(
            "\(tip.name) first appeared \(stamp(first))\(tip.options.ignoresDisplayFrequency ? " (it ignores the frequency)" : "")")
        } else {
          facts.append("\(tip.name) never appeared")
        }
      }
      return "the display frequency only holds back a tip that has never appeared (rule 27), and no first appearance here "
        + "came within \(frequency.rawValue) of the one before it: " + facts.joined(separator: "; ")
    case .tipOption(let name, let word, let value):
      let before = tipName(name).flatMap { tip in TipOption.named(word)?.read(tip.options) }
      let values = "\(value?.description ?? "none") (it was \(before?.description ?? "none"))"
      switch TipOption.named(word)?.kind {
      case .count?:
        let displays = world.engine.record(of: name).displayCount
        return "\(name) appeared \(displays) time\(displays == 1 ? "" : "s"): a maximum of \(values) "
          + "changes nothing until it would appear more often (rule 21)"
      case .duration?:
        let onScreen = world.engine.record(of: name).displayTime(at: world.clock)
        return "\(name) was on screen \(onScreen) in all: a limit of \(values) changes nothing until it stays longer (rule 24)"
      case .flag?, nil:
        return whyIgnoringTheFrequencyChangedNothing(name)
      }
    case .rule(let name, let rule):
      let before = tipName(name).flatMap { tip in WhatIf.rulesReplaced(by: rule, in: tip).first.map { tip.rules[$0] } }
      return "\(name)'s rule `\(before?.description ?? "?")` and `\(rule)` held at the same moments in this session"
    case .group(let name, let priority):
      let members = world.engine.catalog.groups.first { $0.name == name }?.members ?? []
      return "group \(name) (\(members.joined(separator: ", "))) "
        + (priority == nil ? "held back no member in this session" : "chose the same member either way in this session")
    case .policy(let name, _):
      return
        "policy \(name) decided nothing differently in this session: it governs \(Policies.scope(of: name) ?? "a case that did not arise")"
    case .condition(let condition):
      let before = world.conditions.definition(named: condition.name)
      if before?.initial == condition.initial {
        return "\(condition.name) already starts \(condition.description.split(separator: " ").last ?? "")"
      }
      let tests = { (list: [ConditionTest]) in list.contains { $0.name == condition.name } }
      let reactions = world.reactions.filter { tests($0.conditions) || $0.commands.contains { $0.tests(condition.name) } }.count
      let anchors = world.screens.flatMap(\.anchorConditions.values).filter(tests).count
      let actions = world.actions.filter { $0.commands.contains { $0.tests(condition.name) } }.count
      return
        "what the app does under \(condition.name) (\(reactions) reaction\(reactions == 1 ? "" : "s"), \(anchors) anchor\(anchors == 1 ? "" : "s"), "
        + "\(actions) action\(actions == 1 ? "" : "s")) changed no tip's display in this session, or the session set it before it mattered"
    }
  }

  /// `whatif TIP.ignoresDisplayFrequency`: why it made no difference.
  private func whyIgnoringTheFrequencyChangedNothing(_ name: String) -> String {
    let heldByFrequency = session.records.contains { record in
      guard case .suppressed(let ref, let reasons) = record.event, ref.tip == name else { return false }
      return reasons.words.contains("frequency")
    }
    if session.world.frequency == .immediate { return "the frequency is immediate: there is no interval to ignore (rule 26)" }
    return heldByFrequency
      ? "\(name) was held back by the frequency only while something else also held it back"
      : "\(name) was never held back by the display frequency: whether it ignores it did not matter (rule 23)"
  }
}
