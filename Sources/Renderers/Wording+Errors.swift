import Simulation
import TipEngine

/// The words of the world's refusals.
extension Wording {
  public func describe(_ error: SimulationError) -> String {
    switch error {
    case .unknown(let kind, let name): "unknown \(kind.rawValue) \(name)"
    case .deviceDefinedTwice(let name): "device \(name) is already defined"
    case .stateNamesUnknownDevice(let name): "the state names device \(name), which this scenario does not define"
    case .stateWhileRunning(let device): "load the state before `launch` (\(device) is running)"
    case .afterTheClockMoved(let command): "`\(command)` must come before the clock moves"
    case .anchorTwice(let screen, let anchor): "screen \(screen) has an anchor \(anchor) already"
    case .placedWhileOnScreen(let tip): "\(tip) is on screen: close its screen before placing it elsewhere"
    case .policyValue(let name, let choices):
      choices.isEmpty ? "policy \(name) takes a duration" : "policy \(name) is one of: \(choices.joined(separator: ", "))"
    case .needsRunningApp(let command): "`\(command)` needs a running app: `launch` first"
    case .alreadyRunning: "the app is already running; `quit` first"
    case .notRunning: "the app is not running"
    case .inBackground: "the app is in the background: `foreground` first"
    case .screenNotOpen(let screen): "\(screen) is not open"
    case .resetWhileRunning: "`reset` is Tips.resetDatastore(), which must come before configuration: `quit` first (rule 34)"
    case .resetAfterConfiguration: "resetDatastore must come before configuration"
    case .negativeAdvance: "cannot advance by a negative duration"
    case .actionInputs(let action, let missing, let extra):
      missing.isEmpty ? "\(action) takes no input \(extra.joined(separator: ", "))" : "\(action) needs \(missing.joined(separator: ", "))"
    case .outOfRange(let parameter, let update):
      "\(update) is past Int's range, where the app's code would trap: \(parameter) is not written"
    case .inThePast(let target, let clock):
      "\(timeZone.civil(of: target).iso) is in the past (the clock reads \(timeZone.civil(of: clock).iso))"
    }
  }
}
