import Simulation
import TipEngine

/// One parsed statement: what it does, the names it refers to (checked against the world's
/// definitions when it runs), and where it came from.
public struct Statement: Hashable, Sendable {
  public enum Action: Hashable, Sendable {
    case command(Command)
    case status([String])
    case why(String)
    case log
    case expect(Expectation)
    case help(String?)
    /// `checkpoint NAME`: a snapshot of the whole session.
    case checkpoint(Located<String>)
    /// `restore NAME`: back to a snapshot, exactly.
    case restore(Located<String>)
    /// `checkpoints`: list them.
    case checkpoints
    /// `undo`: back to before the last statement that changed the world.
    case undo
    /// `repeat N every DURATION: CMD; CMD; ...`
    case `repeat`(count: Int, every: TimeSpan, body: [Statement])
    /// `timeline [TIP...] [from INSTANT] [to INSTANT] [--svg FILE]`
    case timeline(TimelineRequest)
    /// `whatif SETTING VALUE`
    case whatIf(WhatIfChange)
    /// `matrix os VERSION...`
    case matrix([OSVersion])
    /// `lint`
    case lint
    /// `model`: what is defined, and the state of each.
    case model
    /// `report FILE [--whatif CHANGE]`: the session so far as one page (HTML, or Markdown
    /// for a `.md` file).
    case report(ReportRequest)
    /// `when TRIGGER [if os … and COND…]: CMD; CMD`: the commands are resolved when the
    /// reaction is defined.
    case reaction(Reaction.Trigger, os: Reaction.OSCondition?, conditions: [ConditionTest], body: [Statement])
    /// `action NAME(INPUT: TYPE, …): CMD; CMD`: resolved when defined, the inputs as names.
    case appAction(name: String, inputs: [AppAction.Input], body: [Statement])
    /// A `cohort` block of the usage model.
    case cohort(Cohort)
    /// `population USERS for DURATION [seed N]`
    case population(users: Int, span: TimeSpan, seed: UInt64)
    /// `save-state FILE`: every device's datastore, as versioned JSON.
    case saveState(String)
    /// `load-state FILE`
    case loadState(String)
    /// `target …`: a figure a plan must meet (read by `plan`; `run` and `test` keep it only).
    case target(PlanTarget)
    /// `tune SETTING ALTERNATIVES`: what a plan may change.
    case tune(PlanTune)
    /// `plan`: search the tunes for settings that meet every target.
    case plan
  }

  public var action: Action
  /// The command word, e.g. `open`.
  public var keyword: Located<String>
  public var references: [NameReference]
  /// The locations of rule sub-expressions, for type errors.
  public var expressionLocations: [Expression: Located<String>]
  /// The statement's text, a `tip` block's lines included.
  public var text: String
  public var lines: ClosedRange<Int>
  /// The included file it was read from (`include FILE`); nil for the scenario's own lines.
  public var file: String?
  /// The comment lines right before it, as written (what `save` writes back); and, for the
  /// last statement of a file, those after it.
  public var comments: [String] = []
  public var trailingComments: [String] = []

  public init(
    action: Action, keyword: Located<String>, references: [NameReference], expressionLocations: [Expression: Located<String>], text: String,
    lines: ClosedRange<Int>
  ) {
    self.action = action
    self.keyword = keyword
    self.references = references
    self.expressionLocations = expressionLocations
    self.text = text
    self.lines = lines
  }

  /// A statement that stands in a part's place while the runner holds the real one.
  public static let placeholder = synthetic(.launch, text: "")

  /// A statement made by TipSim itself rather than read from text (`whatif`, `matrix`).
  public static func synthetic(_ command: Command, text: String) -> Statement {
    Statement(
      action: .command(command), keyword: Located(text, at: SourceLocation(line: 0, column: 1), length: max(1, text.count)), references: [],
      expressionLocations: [:], text: text, lines: 0...0)
  }

  /// Where it is, for the log: its first line, in its file.
  public var place: ScenarioPlace { ScenarioPlace(line: lines.lowerBound, file: file) }

  /// `error` placed in the file the statement came from, with the text of its line.
  public func locating(_ error: Diagnostic) -> Diagnostic {
    guard let file, error.file == nil else { return error }
    var located = error
    located.file = file
    let offset = error.location.line - lines.lowerBound
    located.sourceLine = text.split(separator: "\n", omittingEmptySubsequences: false)[safe: offset].map(String.init)
    return located
  }

  /// Whether the statement defines the app — a definition, or a `when` reaction (the app's own
  /// code) — rather than acting on it: what every simulated user of a population starts from.
  public var isDefinition: Bool {
    switch action {
    case .command(let command): command.isDefinition
    case .reaction, .appAction: true
    default: false
    }
  }

  /// The commands the statement can run: its own, those of a `repeat` or an `on DEVICE`, and
  /// a reaction's (the app's own code, which writes and donates as much as a script does).
  public var commands: [Command] {
    switch action {
    case .command(let command): [command.underlying]
    case .repeat(_, _, let body), .reaction(_, _, _, let body), .appAction(_, _, let body): body.flatMap(\.commands)
    default: []
    }
  }

  /// Whether the statement changes the world (what `save` keeps and `undo` undoes).
  public var changesWorld: Bool {
    switch action {
    case .command, .repeat, .cohort, .loadState, .reaction, .appAction, .target, .tune: true
    default: false
    }
  }
}

/// A name used by a statement, to be checked against what is defined when it runs.
public struct NameReference: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    case tip, screen, parameter, event, store, group, device, cohort
    /// An app condition (`condition`).
    case condition
    /// What `set` writes: a parameter or an app condition.
    case settable
    /// An action of the app's (`action`, `perform`).
    case appAction
    /// An input of the action being defined (`set P INPUT`, `donate E F=INPUT`, `if INPUT:`).
    case input
    case anchor(screen: String)
    case field(event: String)
    case storeKey(store: String)
    case action(tip: String)
  }

  public var kind: Kind
  public var name: Located<String>
  /// A name being defined (refused when it exists already) rather than used.
  public var defines: Bool

  public init(_ kind: Kind, _ name: Located<String>, defines: Bool = false) {
    self.kind = kind
    self.name = name
    self.defines = defines
  }

  /// How a message names the kind: "tip", "anchor of contacts", ….
  public var kindName: String {
    switch kind {
    case .tip: "tip"
    case .screen: "screen"
    case .parameter: "parameter"
    case .event: "event"
    case .store: "store"
    case .group: "group"
    case .device: "device"
    case .cohort: "cohort"
    case .condition: "app condition"
    case .settable: "parameter or app condition"
    case .appAction: "app action"
    case .input: "input of the action"
    case .anchor(let screen): "anchor of screen \(screen)"
    case .field(let event): "field of event \(event)"
    case .storeKey(let store): "key of store \(store)"
    case .action(let tip): "action of tip \(tip)"
    }
  }

  /// The kind, more than one: "tips", "anchors of screen contacts", ….
  public var kindNamePlural: String {
    switch kind {
    case .condition: return "app conditions"
    case .settable: return "parameters or app conditions"
    case .appAction: return "app actions"
    default: break
    }
    let name = kindName
    guard let space = name.firstIndex(of: " ") else { return name + "s" }
    return name[..<space] + "s" + name[space...]
  }
}

/// Where `report` writes, and the change whose timeline it shows beside the session's.
public struct ReportRequest: Hashable, Sendable {
  public var path: String
  public var whatIf: WhatIfChange?
  /// The page's title; the scenario's name without one.
  public var title: String?

  public init(path: String, whatIf: WhatIfChange? = nil, title: String? = nil) {
    self.path = path
    self.whatIf = whatIf
    self.title = title
  }

  /// Markdown for a `.md` file; else HTML.
  public var isMarkdown: Bool { path.lowercased().hasSuffix(".md") }
}

/// What `timeline` draws: the tips (all when empty) and the span (the whole session when
/// not given); `svg` is the file to write the chart to.
public struct TimelineRequest: Hashable, Sendable {
  public var tips: [String]
  public var from: Instant?
  public var to: Instant?
  public var svg: String?

  public init(tips: [String] = [], from: Instant? = nil, to: Instant? = nil, svg: String? = nil) {
    self.tips = tips
    self.from = from
    self.to = to
    self.svg = svg
  }
}

/// The one definition `whatif` changes before replaying the session.
public enum WhatIfChange: Hashable, Sendable, CustomStringConvertible {
  case frequency(DisplayFrequency)
  case policy(name: String, value: PolicyValue)
  /// `TIP.OPTION VALUE`; nil: `none`.
  case tipOption(tip: String, option: String, TipOption.Value?)
  /// `condition NAME VALUE`: the app condition's value on a fresh install.
  case condition(AppCondition)
  /// `TIP.rule LEFT OP RIGHT`: the tip's one rule with that left side, replaced.
  case rule(tip: String, Expression)
  /// `group NAME ordered|firstAvailable|none`: the group's priority, or no group at all.
  case group(name: String, TipGroup.Priority?)

  public var description: String {
    switch self {
    case .frequency(let f): "frequency \(f.rawValue)"
    case .policy(let name, .word(let w)): "policy \(name) \(w)"
    case .policy(let name, .duration(let d)): "policy \(name) \(d)"
    case .tipOption(let tip, let option, let value): "\(tip).\(option) \(value?.description ?? "none")"
    case .condition(let condition): "condition \(condition.name) \(condition.initial.map { $0 ? "true" : "false" } ?? "unknown")"
    case .rule(let tip, let rule): "\(tip).rule \(rule)"
    case .group(let name, let priority): "group \(name) \(priority?.rawValue ?? "none")"
    }
  }
}
