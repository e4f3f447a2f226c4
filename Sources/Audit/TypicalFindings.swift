import Simulation
import TipEngine

/// What the users' days show app-wide: tips that wait behind others for the display
/// frequency's slot (the typical user), and more displays a week than the fatigue budget
/// (the population).
struct TypicalFindings {
  let tips: [TipAudit]
  /// The world at the end of the typical user's days.
  let usage: World
  let start: Instant
  let days: Int
  let budget: Int
  let perWeek: AuditReport.PerWeek
  let file: String

  var all: [AuditFinding] { starved + fatigue }

  /// Tips that can show but that the typical user never sees, held back by the frequency
  /// while others took each interval (rule 26).
  private var starved: [AuditFinding] {
    let takers = tips.compactMap { tip in
      usage.displayHistory[tip.tip]?.first.map { (tip.tip, TipAudit.FirstDisplay.day(of: $0, from: start)) }
    }
    .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
    var found: [AuditFinding] = []
    for tip in tips where tip.verdict == .shows && usage.displayHistory[tip.tip] == nil {
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
            "give the tips an order that matches their value, cap the others with MaxDisplayCount, or let this one ignore the display frequency",
          subject: tip.tip))
    }
    return found
  }

  /// One user in twenty (p95), or most users (p50), seeing more tip displays a week than the
  /// budget.
  private var fatigue: [AuditFinding] {
    guard perWeek.p95 > Double(budget) else { return [] }
    let who = perWeek.p50 > Double(budget) ? "most users see" : "1 user in 20 sees"
    return [
      AuditFinding(
        rule: "tipFatigue", place: file,
        message:
          "\(who) more tip displays a week than the budget of \(budget) (p50 \(perWeek.p50), p95 \(perWeek.p95) over \(perWeek.users) users)",
        fix: "raise the display frequency's interval, cap tips with MaxDisplayCount, or end tips the user has acted on",
        subject: "the app's users")
    ]
  }
}
