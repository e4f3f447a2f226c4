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
    default: TipOption.named(words[0])?.completions ?? []
    }
  }

  private var anchors: [String] { world.screens.flatMap { s in s.anchors.map { "\(s.name).\($0)" } } }

  /// Arguments that depend on earlier words are completed here; the rest come from the
  /// command table's argument kinds (`candidates(for:_:)`).
  private func argument(_ words: [String]) -> [String] {
    let command = words[0]
    let position = words.count - 1
    switch command {
    case "save": return ["--with-expectations"]
    case "load": return []
    case "reset": return position == 0 ? ["datastore", "eligibility"] : (words[1] == "eligibility" ? tips : [])
    case "advance": return position == 0 ? ["to", "1h", "1d", "1w"] : []
    case "expect":
      switch (position, position > 0 ? words[1] : "") {
      case (0, _): return ["shown", "hidden", "visible", "rendering", "status", "displays", "suppressed", "next"]
      case (1, _): return tips
      case (2, "rendering"): return ["rendered", "notRendered", "styleFallback", "arrowColor"]
      case (2, "status"):
        return ["pending", "available", "invalidated"] + InvalidationReason.allCases.map { "invalidated(\($0.rawValue))" }
      case (2, "suppressed"): return ["by"]
      case (3, "suppressed"): return Suppression.allWords
      case (3, "displays"): return ["between"]
      case (2, "next"): return ["at"]
      default: return []
      }
    case "write": return position == 0 ? storeKeys : ["true", "false"]
    case "tap":
      if position == 0 { return tips + anchors }
      return position == 1 ? (catalog.tip(named: words[1])?.actions.map(\.id) ?? []) : []
    case "on": return position == 0 ? world.devices : CommandTable.names
    case "device": return position == 1 ? ["os"] : []
    case "timeline": return tips + ["from", "to", "--svg"]
    case "repeat": return position == 1 ? ["every"] : (position >= 3 ? CommandTable.names : [])
    case "tune": return argument(["whatif"] + words.dropFirst())
    case "target": return target(words)
    case "whatif":
      if position == 0 {
        return ["frequency", "policy", "group", "condition"]
          + catalog.tips.flatMap { tip in (TipOption.words + ["rule"]).map { "\(tip.name).\($0)" } }
      }
      if words[1] == "group" { return position == 1 ? catalog.groups.map(\.name) : ["ordered", "firstAvailable", "none"] }
      if words[1] == "condition" {
        return position == 1 ? world.conditions.definitions.map(\.name) : ["true", "false", "unknown"]
      }
      if words[1].hasSuffix(".rule") { return [] }
      if words[1] == "frequency" { return DisplayFrequency.allCases.map(\.rawValue) }
      if words[1] == "policy" { return position == 1 ? Policies.names : Policies.choices(of: words[2]) }
      let option = words[1].split(separator: ".").last.flatMap { TipOption.named(String($0)) }
      return option?.kind == .flag ? option?.completions ?? [] : ["none"]
    case "report":
      // `report FILE [--title TEXT] --whatif CHANGE`: after the file the options, after
      // `--whatif` what `whatif` takes; a title is free text.
      if let option = words.firstIndex(of: "--whatif") { return argument(["whatif"] + words[(option + 1)...]) }
      if words.last == "--title" { return [] }
      return position >= 1 ? ["--title", "--whatif"].filter { !words.contains($0) } : []
    case "group": return position == 1 ? ["ordered", "firstAvailable"] : tips
    case "set" where position == 0: return catalog.parameters.map(\.name) + world.conditions.definitions.map(\.name)
    case "set" where position == 1 && world.conditions.value(of: words[1]) != nil: return ["true", "false"]
    case "perform" where position >= 1:
      return world.action(named: words[1])?.inputs.map { "\($0.name)=" } ?? []
    case "param": return position >= 3 ? ["transient", "bind"] + storeKeys : []
    default:
      guard let arguments = CommandTable.info(command)?.arguments, !arguments.isEmpty else { return [] }
      return candidates(for: arguments[min(position, arguments.count - 1)], words)
    }
  }

  /// `target TIP|load MEASURE [STAT] OP …`: the measures of a tip or of `load`, then their
  /// statistics, then the clauses after the bound.
  private func target(_ words: [String]) -> [String] {
    let position = words.count - 1
    let operators = [">=", "<=", ">", "<"]
    let statistics = PlanTarget.Statistic.allCases.map(\.rawValue)
    switch position {
    case 0: return tips + ["load"]
    case 1: return words[1] == "load" ? ["distinctTips", "displays"] : ["reach", "firstDisplay", "displays"]
    case 2: return words[2] == "reach" ? operators : words[2] == "firstDisplay" ? ["median", "p90"] : statistics
    case 3 where words[2] != "reach": return operators
    default: return words[1] == "load" ? ["per", "by", "in"] : ["by", "in"]
    }
  }

  /// What one kind of argument of the command table completes to.
  private func candidates(for argument: CommandInfo.Argument, _ words: [String]) -> [String] {
    switch argument {
    case .tip: tips
    case .screen: world.screens.map(\.name)
    case .screenAnchor: anchors
    case .parameter: catalog.parameters.map(\.name)
    case .parameterValue: values(of: words.count > 1 ? catalog.parameter(named: words[1]) : nil)
    case .event: catalog.events.map(\.id)
    case .eventField: (words.count > 1 ? catalog.event(named: words[1])?.fields ?? [] : []).map { "\($0)=" }
    case .store: world.stores.map(\.name)
    case .storeKey: storeKeys
    case .group: catalog.groups.map(\.name)
    case .policy: Policies.names
    case .policyValue: words.count > 1 ? Policies.choices(of: words[1]) : []
    case .reason: InvalidationReason.allCases.map(\.rawValue)
    case .word(let words): words.isEmpty ? CommandTable.names : words
    case .tipAction: words.count > 1 ? catalog.tip(named: words[1])?.actions.map(\.id) ?? [] : []
    case .checkpoint: checkpoints
    case .device: world.devices
    case .appAction: world.actions.map(\.name)
    case .whatIf, .none: []
    }
  }

  private var storeKeys: [String] { world.stores.flatMap { s in s.keys.map { "\(s.name).\($0)" } } }

  private var tips: [String] { catalog.tips.map(\.name) }

  /// Value completions for a parameter's type: its literals, or a hint of the type; `nil`
  /// for an optional.
  private func values(of parameter: ParameterDefinition?) -> [String] {
    let literals: [String] =
      switch parameter?.type {
      case .bool?: ["true", "false"]
      case .int?: ["0", "1"]
      case .double?: ["0.0", "1.0"]
      case .string?: ["\""]
      case .null?, nil: []
      }
    return literals + (parameter?.isOptional == true ? ["nil"] : [])
  }
}
