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
  /// Where app-wide findings are annotated (`AuditPlaces.app`).
  let place: String
  /// The app conditions by name: what the code tests, and where (`AuditPlaces.conditions`).
  let conditions: [String: AuditPlaces.Origin]

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
          rule: "starvedByFrequency", place: place,
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
  /// budget; with the displays the typical user's days produced, tip by tip, and each app
  /// condition the code read leaves open that those tips depend on, at the value those days
  /// took it to have, so that a figure resting on an assumption says so.
  private var fatigue: [AuditFinding] {
    guard perWeek.p95 > Double(budget) else { return [] }
    let who = perWeek.p50 > Double(budget) ? "most users see" : "1 user in 20 sees"
    let shown = tips.compactMap { tip in usage.displayHistory[tip.tip].map { (tip.tip, $0.count) } }.filter { $0.1 > 0 }
    let total = shown.reduce(0) { $0 + $1.1 }
    let weekly = (Double(total) / UsagePopulation.weeks(days) * 10).rounded() / 10
    var message =
      "\(who) more tip displays a week than the budget of \(budget) (p50 \(perWeek.p50), p95 \(perWeek.p95) over \(perWeek.users) users); "
      + "the typical user's \(days) days show \(total) (\(weekly) a week)"
      + (shown.isEmpty ? "" : ": " + shown.map { "\($0.0) \($0.1)" }.joined(separator: ", "))
    let assumed = unreadConditions(of: shown.map(\.0))
    if !assumed.isEmpty { message += ", " + assumed.joined(separator: ", ") }
    return [
      AuditFinding(
        rule: "tipFatigue", place: place, message: message,
        fix: "raise the display frequency's interval, cap tips with MaxDisplayCount, or end tips the user has acted on",
        subject: "the app's users")
    ]
  }

  /// "assuming `!queue.isEmpty` is false (App/List.swift:12)" for each app condition whose
  /// value the code read does not give (the typical user's days take it as false until code
  /// sets it) and that `tips` depend on: an anchor shown under it, or code under it that moves
  /// their inputs.
  private func unreadConditions(of tips: [String]) -> [String] {
    var names: [String] = []
    for tip in tips {
      guard let definition = usage.engine.catalog.tip(named: tip) else { continue }
      for name in Relevance(tip: definition, world: usage).conditions where !names.contains(name) {
        if usage.conditions.definition(named: name).map({ $0.initial == nil }) == true { names.append(name) }
      }
    }
    return names.map { name in
      let value = usage.conditions.value(of: name) == true
      let origin = conditions[name]
      return "assuming \(origin?.words ?? "the app condition \(name)") is \(value)" + (origin.map { " (\($0.place))" } ?? "")
    }
  }
}
