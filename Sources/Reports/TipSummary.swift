import Renderers
import Simulation
import TipEngine

/// One row of the report's summary: a tip's first and last display, how often and how long
/// it was on screen, and what holds it at the end, in `why`'s words.
public struct TipSummary: Hashable, Sendable {
  public var tip: String
  public var title: String
  public var firstShown: Instant?
  public var lastShown: Instant?
  public var displays: Int
  public var onScreen: TimeSpan
  /// pending, available or invalidated at the end.
  public var status: String
  /// How it ended, or what holds it now, as the log words a suppression: TipKit's reasons
  /// when it has any (they name its status), else its status and the screen's reasons (its
  /// screen is closed, another popover shows…), or where it is on screen.
  public var now: [String]
  /// The same in a team's words, without TipKit's reason names or rule numbers: "stopped for
  /// good on day 2: it reached its 2 displays".
  public var end: String

  init(_ tip: TipDefinition, marks: [TipMark], in world: World) {
    let shown = marks.filter { $0.kind == .shown }
    self.tip = tip.name
    title = tip.title
    firstShown = shown.first?.at
    lastShown = shown.last?.at
    displays = shown.count
    onScreen = TimeSpan(seconds: shown.reduce(0) { $0 + (($1.until ?? world.clock) - $1.at).seconds })
    status = world.engine.status(of: tip.name, at: world.clock).description
    end = TipSummary.end(of: tip, in: world)
    let wording = Wording(timeZone: world.timeZone)
    if let placement = world.onScreen[tip.name]?.placement {
      now = ["\(status) · on screen at \(placement.screen).\(placement.anchor)"]
    } else {
      let holds = world.engine.decision(for: tip.name, at: world.clock).holds.map(Suppression.hold)
      let reasons = (holds.isEmpty ? world.currentSuppressions(of: tip.name) : holds).flatMap(wording.describe)
      now = holds.isEmpty ? ["\(status) · " + (reasons.first ?? "nothing holds it back")] + reasons.dropFirst() : reasons
    }
  }

  /// What holds `tip` at the end of the story, in words.
  static func end(of tip: TipDefinition, in world: World) -> String {
    func day(_ instant: Instant) -> String { "day \(world.timeZone.day(of: instant, since: world.start))" }
    if let placement = world.onScreen[tip.name]?.placement { return "on screen at \(placement.screen).\(placement.anchor)" }
    var holds = world.engine.decision(for: tip.name, at: world.clock).holds
    // Invalidated is for good: what else holds it adds nothing.
    if let ended = holds.first(where: { if case .invalidated = $0 { true } else { false } }) { holds = [ended] }
    var parts: [String] = []
    for hold in holds {
      switch hold {
      case .invalidated(let reason, let at):
        let when = at.map { " on " + day($0) } ?? ""
        switch reason {
        case .displayCountExceeded:
          let most = tip.options.maxDisplayCount.map { " its \($0) display\($0 == 1 ? "" : "s")" } ?? " its most displays"
          parts.append("stopped for good\(when): it reached\(most)")
        case .displayDurationExceeded:
          let most = tip.options.maxDisplayDuration.map { " \(RuleWords.span($0))" } ?? ""
          parts.append("stopped for good\(when): it was on screen its most time\(most)")
        case .actionPerformed: parts.append("done\(when): the app marked it done (the user did what it suggests)")
        case .tipClosed: parts.append("closed by the user\(when)")
        }
      case .rules(let evaluations):
        let labels = RuleWords.Labels(world.engine.catalog)
        let unmet = evaluations.filter { !$0.holds }.map { "`\($0.rule)`: " + RuleWords.unmet($0.rule, labels: labels) }
        parts.append("waiting for its rules — " + unmet.joined(separator: "; "))
      case .frequency(let hold):
        let first = hold.startedBy.map { $0 == tip.name ? "it showed last" : "\($0) showed first" } ?? "another tip showed first"
        parts.append("waiting for the \(hold.frequency.rawValue) frequency until \(day(hold.intervalEnd)) (\(first))")
      case .hiddenForTesting: parts.append("hidden by a testing override")
      case .notConfigured: parts.append(world.isRunning ? "TipKit is not configured" : "the app is not running")
      }
    }
    if !parts.isEmpty { return parts.joined(separator: "; ") }
    let others = world.currentSuppressions(of: tip.name).compactMap { suppression -> String? in
      switch suppression {
      case .screenNotOpen(let screen): return screen.map { "its screen \($0) is closed" } ?? "it has no place on a screen"
      case .popoverBusy(let other): return "another popover (\(other)) is on screen"
      case .group(let group, _, let current, _): return "waiting its turn in group \(group)" + (current.map { " (\($0) goes first)" } ?? "")
      case .dismissed: return "tapped away on this visit"
      case .anchorHidden(let anchor): return "its anchor \(anchor) is out of view"
      case .notPresented: return "the app's isPresented binding keeps it off screen"
      case .apiUnavailable(let api): return "its place needs iOS \(api.since.rawValue) (\(api.rawValue))"
      case .hold: return nil
      }
    }
    return (["can show"] + others).joined(separator: "; ")
  }
}
