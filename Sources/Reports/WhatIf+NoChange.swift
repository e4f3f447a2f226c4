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
    case .maxDisplayCount(let name, let maximum):
      let displays = world.engine.record(of: name).displayCount
      let before = tipName(name)?.options.maxDisplayCount
      return "\(name) appeared \(displays) time\(displays == 1 ? "" : "s"): a maximum of \(maximum.map(String.init) ?? "none") "
        + "(it was \(before.map(String.init) ?? "none")) changes nothing until it would appear more often (rule 21)"
    case .maxDisplayDuration(let name, let limit):
      let onScreen = world.engine.record(of: name).displayTime(at: world.clock)
      let before = tipName(name)?.options.maxDisplayDuration
      return "\(name) was on screen \(onScreen) in all: a limit of \(limit.map(\.description) ?? "none") "
        + "(it was \(before.map(\.description) ?? "none")) changes nothing until it stays longer (rule 24)"
    case .ignoresDisplayFrequency(let name, _):
      let heldByFrequency = session.records.contains { record in
        guard case .suppressed(let ref, let reasons) = record.event, ref.tip == name else { return false }
        return reasons.words.contains("frequency")
      }
      if world.frequency == .immediate { return "the frequency is immediate: there is no interval to ignore (rule 26)" }
      return heldByFrequency
        ? "\(name) was held back by the frequency only while something else also held it back"
        : "\(name) was never held back by the display frequency: whether it ignores it did not matter (rule 23)"
    case .policy(let name, _):
      return
        "policy \(name) decided nothing differently in this session: it governs \(Self.policyScope[name] ?? "a case that did not arise")"
    }
  }

  /// What each policy decides, for a `whatif` that changes nothing.
  static let policyScope = [
    "countPolicy": "what counts as one display of a tip with a MaxDisplayCount (rule 21)",
    "countInvalidation": "when the last display of a tip with a MaxDisplayCount ends it (rule 22)",
    "durationFloor": "where the 60 s floor of MaxDisplayDuration applies (rule 24)",
    "syncParameters": "whether parameters travel with the datastore through iCloud (rule 39)",
    "cooldownStart": "which displays start the frequency interval (rule 28)",
    "monthLength": "how long a monthly interval lasts (rule 26)",
    "syncDelay": "how long iCloud takes between devices (rule 39)",
    "anchorHidden": "what a display does when its anchor leaves the screen",
  ]
}
