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

  init(_ tip: TipDefinition, marks: [TipMark], in world: World) {
    let shown = marks.filter { $0.kind == .shown }
    self.tip = tip.name
    title = tip.title
    firstShown = shown.first?.at
    lastShown = shown.last?.at
    displays = shown.count
    onScreen = TimeSpan(seconds: shown.reduce(0) { $0 + (($1.until ?? world.clock) - $1.at).seconds })
    status = world.engine.status(of: tip.name, at: world.clock).description
    let wording = Wording(timeZone: world.timeZone)
    if let placement = world.onScreen[tip.name]?.placement {
      now = ["\(status) · on screen at \(placement.screen).\(placement.anchor)"]
    } else {
      let holds = world.engine.decision(for: tip.name, at: world.clock).holds.map(Suppression.hold)
      let reasons = (holds.isEmpty ? world.currentSuppressions(of: tip.name) : holds).flatMap(wording.describe)
      now = holds.isEmpty ? ["\(status) · " + (reasons.first ?? "nothing holds it back")] + reasons.dropFirst() : reasons
    }
  }
}
