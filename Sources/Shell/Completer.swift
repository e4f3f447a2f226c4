import ScenarioLanguage
import Simulation
import TipEngine

/// Tab completion, from the command table that drives parsing and help, and from the names
/// the session has defined so far.
public struct Completer {
  public let world: World
  public let checkpoints: [String]

  public init(world: World, checkpoints: [String] = []) {
    self.world = world
    self.checkpoints = checkpoints
  }

  /// The candidates for the word that ends at the end of `text` (the line up to the cursor),
  /// sorted, and the length of that partial word.
  public func complete(_ text: String) -> (candidates: [String], partial: String) {
    let endsWithSpace = text.last == " " || text.last == "\t"
    var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    let partial = endsWithSpace ? "" : (words.popLast() ?? "")
    let isBlockLine = text.hasPrefix("  ") || text.hasPrefix("\t")
    let options: [String]
    if isBlockLine {
      options = words.isEmpty ? CommandTable.tipLines : blockArgument(words)
    } else if words.isEmpty {
      options = CommandTable.names
    } else {
      options = argument(words)
    }
    let candidates = Set(options.filter { $0.hasPrefix(partial) }).sorted()
    return (candidates, partial)
  }

  /// The longest common prefix of the candidates.
  public static func commonPrefix(_ candidates: [String]) -> String {
    guard var prefix = candidates.first else { return "" }
    for candidate in candidates.dropFirst() {
      while !candidate.hasPrefix(prefix) { prefix.removeLast() }
    }
    return prefix
  }

  private var catalog: TipCatalog { world.engine.catalog }

  private func blockArgument(_ words: [String]) -> [String] {
    switch words[0] {
    case "anchor": words.count == 1 ? anchors : ["popover", "inline"]
    case "presentation": PresentationMode.allCases.map(\.rawValue)
    case "style": ["custom", "default"]
    case "rule": catalog.parameters.map(\.name) + catalog.events.map { "\($0.id).count" } + ["and", "or", "not"]
    case "ignoresDisplayFrequency": ["true", "false"]
    default: []
    }
  }

  private var anchors: [String] { world.screens.flatMap { s in s.anchors.map { "\(s.name).\($0)" } } }

  private func argument(_ words: [String]) -> [String] {
    let command = words[0]
    let position = words.count - 1
    switch command {
    case "save": return ["--with-expectations"]
    case "load": return []
    case "help": return CommandTable.names
    case "testing":
      return position == 0 ? ["showAll", "hideAll", "show", "hide", "off"] : tips
    case "reset":
      return position == 0 ? ["datastore", "eligibility"] : (words[1] == "eligibility" ? tips : [])
    case "advance":
      return position == 0 ? ["to", "1h", "1d", "1w"] : []
    case "expect":
      switch position {
      case 0: return ["shown", "hidden", "visible", "rendering", "status", "displays", "suppressed", "next"]
      case 2 where words[1] == "rendering": return ["rendered", "notRendered", "styleFallback", "arrowColor"]
      case 1: return tips
      case 2 where words[1] == "status":
        return ["pending", "available", "invalidated"] + InvalidationReason.allCases.map { "invalidated(\($0.rawValue))" }
      case 2 where words[1] == "suppressed": return ["by"]
      case 3 where words[1] == "suppressed": return Suppression.allWords
      case 3 where words[1] == "displays": return ["between"]
      case 2 where words[1] == "next": return ["at"]
      default: return []
      }
    case "policy":
      return position == 0 ? Policies.names : Policies.choices(of: words[1])
    case "frequency":
      return DisplayFrequency.allCases.map(\.rawValue)
    case "set":
      if position == 0 { return catalog.parameters.map(\.name) }
      return values(of: catalog.parameter(named: words[1])?.type)
    case "write":
      if position == 0 { return world.stores.flatMap { s in s.keys.map { "\(s.name).\($0)" } } }
      return ["true", "false"]
    case "donate":
      if position == 0 { return catalog.events.map(\.id) }
      return (catalog.event(named: words[1])?.fields ?? []).map { "\($0)=" }
    case "tap":
      if position == 0 { return tips + anchors }
      return position == 1 ? (catalog.tip(named: words[1])?.actions.map(\.id) ?? []) : []
    case "invalidate":
      return position == 0 ? tips : InvalidationReason.allCases.map(\.rawValue)
    case "open", "close":
      return position == 0 ? world.screens.map(\.name) : []
    case "dismiss", "tapoutside", "why", "status":
      return tips
    case "next":
      return position == 0 ? tips : []
    case "hide", "show":
      return position == 0 ? anchors : []
    case "present":
      return position == 0 ? world.screens.map(\.name) : ["sheet"]
    case "dismiss-sheet":
      return position == 0 ? world.screens.map(\.name) : []
    case "use", "on":
      return position == 0 ? world.devices : (command == "on" && position >= 1 ? CommandTable.names : [])
    case "sync":
      return position == 0 ? ["icloud"] : ["on", "off"]
    case "matrix":
      return position == 0 ? ["os"] : ["17.0", "17.2", "17.5", "18.0", "18.5", "18.6", "26.0"]
    case "device":
      return position == 1 ? ["os"] : []
    case "restore":
      return position == 0 ? checkpoints : []
    case "timeline":
      return tips + ["from", "to", "--svg"]
    case "repeat":
      return position == 1 ? ["every"] : (position >= 3 ? CommandTable.names : [])
    case "whatif":
      if position == 0 {
        return ["frequency", "policy"]
          + catalog.tips.flatMap { tip in
            ["maxDisplayCount", "maxDisplayDuration", "ignoresDisplayFrequency"].map { "\(tip.name).\($0)" }
          }
      }
      if words[1] == "frequency" { return DisplayFrequency.allCases.map(\.rawValue) }
      if words[1] == "policy" { return position == 1 ? Policies.names : Policies.choices(of: words[2]) }
      return words[1].hasSuffix(".ignoresDisplayFrequency") ? ["true", "false"] : ["none"]
    case "group":
      return position == 1 ? ["ordered", "firstAvailable"] : tips
    case "param":
      return position >= 3 ? ["transient", "bind"] + world.stores.flatMap { s in s.keys.map { "\(s.name).\($0)" } } : []
    case "store":
      return position == 0 ? world.stores.map(\.name) : []
    default:
      return []
    }
  }

  private var tips: [String] { catalog.tips.map(\.name) }

  /// Value completions for a parameter's type: its literals, or a hint of the type.
  private func values(of type: ValueType?) -> [String] {
    switch type {
    case .bool?: ["true", "false"]
    case .int?: ["0", "1"]
    case .double?: ["0.0", "1.0"]
    case .string?: ["\""]
    case nil: []
    }
  }
}
