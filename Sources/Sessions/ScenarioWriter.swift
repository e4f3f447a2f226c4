import Simulation
import TipEngine

/// Turns a session into a scenario file: the statements that changed the world, as typed,
/// and optionally the present state as `expect` lines, so an exploration becomes a test.
public enum ScenarioWriter {
  public static func scenario(of session: Session, withExpectations: Bool) -> String {
    var lines = ["# Saved from a tipsim session."]
    // The comments of a loaded file stay with the statements they stood before.
    lines += session.history.flatMap { $0.comments + [$0.text] + $0.trailingComments }
    if let asked = session.populationAsked {
      // Not a change to the world, but the page's population: kept so both pages agree.
      lines += ["", "# The population `report` runs.", "population \(asked.users) for \(asked.span) seed \(asked.seed)"]
    }
    if withExpectations {
      lines.append("")
      lines.append("# The state when the session was saved.")
      lines += expectations(for: session.world)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `expect` lines that hold in the world now: each tip's status, displays, when it first
  /// appeared, and whether it is on screen.
  public static func expectations(for world: World) -> [String] {
    world.engine.catalog.tips.flatMap { tip in
      let status = world.engine.status(of: tip.name, at: world.clock)
      var lines = [
        "expect status \(tip.name) \(status)",
        "expect displays \(tip.name) \(world.engine.record(of: tip.name).displayCount)",
      ]
      if let first = world.displayHistory[tip.name]?.first {
        lines.append("expect first display \(tip.name) at \(world.timeZone.civil(of: first).iso)")
      }
      lines.append("expect \(world.onScreen[tip.name] == nil ? "hidden" : "shown") \(tip.name)")
      return lines
    }
  }
}
