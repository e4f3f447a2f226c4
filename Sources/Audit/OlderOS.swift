import Simulation
import TipEngine

/// The OS versions below each one the app's code tests (`if os >= 18:` in an action or a
/// reaction, from `#available`), newest first: where the audit looks for a witness when the
/// default device's OS finds none.
enum OlderOS {
  /// The releases a device is simulated on; the one below a tested version stands for all of
  /// them (TipKit starts at 17.0, so nothing stands below it).
  static let releases = ["17.0", "17.2", "17.5", "18.0", "18.5", "18.6", "26.0"].compactMap(OSVersion.init)

  static func versions(testedIn world: World) -> [OSVersion] {
    let commands = world.reactions.flatMap(\.commands) + world.actions.flatMap(\.commands)
    let tested = Set(world.reactions.compactMap(\.os?.version) + commands.flatMap(\.osTests).map(\.version))
    let below = tested.compactMap { version in releases.last { $0 < version } }
    return Set(below).filter { $0 < world.osVersion }.sorted(by: >)
  }
}
