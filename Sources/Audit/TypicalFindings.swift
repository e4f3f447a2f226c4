import Simulation
import TipEngine

/// What the typical user's days show app-wide: tips that wait behind others for the display
/// frequency's slot, and more displays a week than the fatigue budget.
struct TypicalFindings {
  let tips: [TipAudit]
  /// The world at the end of the typical user's days.
  let usage: World
  let start: Instant
  let days: Int
  let budget: Int
  let file: String

  var all: [AuditFinding] { starved + fatigue }

  /// Tips that can show but that the typical user never sees, held back by the frequency
  /// while others took each interval (rule 26).
  private var starved: [AuditFinding] {
    let takers = tips.compactMap { tip in tip.firstDisplay.map { (tip.tip, $0.day) } }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
    var found: [AuditFinding] = []
    for tip in tips where tip.verdict == .shows && tip.displays == 0 {
      // The typical user's app has quit: asked as at its next launch.
      var engine = usage.engine
      engine.configure(at: usage.clock)
      let holds = engine.decision(for: tip.tip, at: usage.clock).holds
      guard holds.contains(where: { if case .frequency = $0 { true } else { false } }) else { continue }
      let frequency = engine.configuration.frequency
      found.append(
        AuditFinding(
          rule: "starvedByFrequency", place: file,
          message:
            "the typical user never sees tip \(tip.tip) in \(days) days: the \(frequency) display slot goes to "
            + takers.map { "\($0.0) (day \($0.1))" }.joined(separator: ", ") + " first (rule 26)",
          fix:
            "give the tips an order that matches their value, cap the others with MaxDisplayCount, or let this one ignore the display frequency"
        ))
    }
    return found
  }

  /// The most counted displays in one week (day 1 to 7, 8 to 14…) against the budget.
  private var fatigue: [AuditFinding] {
    var perWeek: [Int: Int] = [:]
    for (_, instants) in usage.displayHistory {
      for instant in instants { perWeek[Int((instant - start).seconds / 604_800) + 1, default: 0] += 1 }
    }
    guard let (week, count) = perWeek.sorted(by: { ($0.value, -$0.key) > ($1.value, -$1.key) }).first, count > budget else { return [] }
    return [
      AuditFinding(
        rule: "tipFatigue", place: file,
        message: "the typical user sees \(count) tip displays in week \(week), over the budget of \(budget) a week",
        fix: "raise the display frequency's interval, cap tips with MaxDisplayCount, or end tips the user has acted on")
    ]
  }
}
