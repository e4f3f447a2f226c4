import Renderers
import ScenarioLanguage
import Sessions
import Simulation
import TipEngine

/// `whatif SETTING VALUE`: replays the session's world-changing statements with one
/// definition changed, and shows both timelines and the log lines that differ, side by side.
public struct WhatIf {
  public var change: WhatIfChange
  public var session: Session
  public var width: Int

  public init(change: WhatIfChange, session: Session, width: Int) {
    self.change = change
    self.session = session
    self.width = width
  }

  /// The session's statements with the change applied.
  func changedStatements() -> [Statement] { WhatIf.changed(session.history, by: change) }

  /// `statements` (a session's history) with `change` applied.
  static func changed(_ history: [Statement], by change: WhatIfChange) -> [Statement] {
    var statements = history.compactMap { statement -> Statement? in
      guard case .command(let command) = statement.action else { return statement }
      // A group dissolved: its definition goes, its tips stay.
      if case .defineGroup(let group) = command, case .group(group.name, nil) = change { return nil }
      var changed = statement
      changed.action = .command(apply(change, to: command))
      return changed
    }
    // A setting the history never made is made first.
    let mentioned = history.contains { statement in
      switch (statement.action, change) {
      case (.command(.setFrequency), .frequency): true
      case (.command(.setPolicy(let name, _)), .policy(let target, _)): name == target
      default: false
      }
    }
    if !mentioned {
      let command: Command? =
        switch change {
        case .frequency(let f): .setFrequency(f)
        case .policy(let name, let value): .setPolicy(name: name, value: value)
        default: nil
        }
      if let command {
        let prefix = Statement.synthetic(command, text: change.description)
        statements.insert(prefix, at: 0)
      }
    }
    return statements
  }

  /// `session`'s history with every change applied in turn.
  static func changed(_ session: Session, with changes: [WhatIfChange]) -> [Statement] {
    changes.reduce(session.history) { statements, change in changed(statements, by: change) }
  }

  /// That history replayed: what a report or a plan shows for several changes at once.
  static func replay(_ session: Session, with changes: [WhatIfChange], definitionsOnly: Bool = false) -> Result<Session, Diagnostic> {
    let statements = changed(session, with: changes)
    return Session.replay(definitionsOnly ? statements.filter(\.isDefinition) : statements)
  }

  private static func apply(_ change: WhatIfChange, to command: Command) -> Command {
    switch (command, change) {
    case (.setFrequency, .frequency(let f)): return .setFrequency(f)
    case (.setPolicy(let name, _), .policy(let target, let value)) where name == target: return .setPolicy(name: name, value: value)
    case (.defineCondition(let condition), .condition(let changed)) where condition.name == changed.name: return .defineCondition(changed)
    case (.defineGroup(var group), .group(let name, let priority?)) where group.name == name:
      group.priority = priority
      return .defineGroup(group)
    case (.defineTip(var tip, let placement), _):
      if case .tipOption(let name, let word, let value) = change, name == tip.name {
        TipOption.named(word)?.write(&tip.options, value)
      }
      if case .rule(let name, let rule) = change, name == tip.name, let index = WhatIf.rulesReplaced(by: rule, in: tip).first {
        tip.rules[index] = rule
      }
      return .defineTip(tip, placement: placement)
    default: return command
    }
  }

  /// The indices of the tip's rules a what-if rule replaces: those that compare the same left
  /// side (`recipeSaved.count` in `recipeSaved.count >= 2`).
  static func rulesReplaced(by rule: Expression, in tip: TipDefinition) -> [Int] {
    guard case .comparison(let left, _, _) = rule else { return [] }
    return tip.rules.indices.filter { index in
      if case .comparison(left, _, _) = tip.rules[index] { true } else { false }
    }
  }

  /// Why the change does not apply to this session (a tip, group or condition it does not
  /// define; a rule that replaces none or several of the tip's); nil when it does.
  public func mismatch() -> String? {
    let world = session.world
    let catalog = world.engine.catalog
    switch change {
    case .tipOption(let tip, _, _):
      return catalog.tip(named: tip) == nil ? "unknown tip \(tip)" : nil
    case .rule(let name, let rule):
      guard let tip = catalog.tip(named: name) else { return "unknown tip \(name)" }
      guard case .comparison(let left, _, _) = rule else { return "a what-if rule is one comparison" }
      let replaced = WhatIf.rulesReplaced(by: rule, in: tip)
      guard replaced.count != 1 else { return nil }
      let rules = tip.rules.isEmpty ? "it has none" : "its rules: " + tip.rules.map { "`\($0)`" }.joined(separator: ", ")
      return replaced.isEmpty
        ? "\(name) has no rule comparing \(left) to replace (\(rules))"
        : "\(name) has \(replaced.count) rules comparing \(left): say which in the tip's definition (\(rules))"
    case .group(let name, _):
      return catalog.groups.contains { $0.name == name } ? nil : "unknown group \(name)"
    case .condition(let condition):
      return world.conditions.definition(named: condition.name) == nil ? "unknown app condition \(condition.name)" : nil
    case .frequency, .policy:
      return nil
    }
  }

  /// Replays the changed session; the diagnostic if a statement no longer runs.
  func replay() -> Result<Session, Diagnostic> {
    Session.replay(changedStatements())
  }

  /// The records that describe the world, not observations of it.
  static func worldRecords(_ records: [LogRecord]) -> [LogRecord] {
    records.filter {
      switch $0.event {
      case .explanation, .statusReport, .expectation, .note: false
      default: true
      }
    }
  }

  public func report() -> String {
    let replayed: Session
    switch replay() {
    case .success(let s): replayed = s
    case .failure(let d): return "whatif \(change): the session no longer runs with this change: \(d.message) (line \(d.location.line))"
    }
    let start = WhatIf.worldRecords(session.records).first?.instant ?? session.world.clock
    let end = max(session.world.clock, replayed.world.clock)
    let request = TimelineRequest(from: start, to: end)
    var lines = ["whatif \(change) — the session replayed with one change", "", "as it happened:"]
    let before = Timeline(records: session.records, world: session.world, request: request, width: width).text(legend: false)
    let after = Timeline(records: replayed.records, world: replayed.world, request: request, width: width).text(legend: false)
    lines += [before, "", "with \(change):", after, Timeline.legend]
    if before == after {
      lines += ["", "the timelines are the same with \(change): \(whyNothingChanged())"]
    }
    let renderer = TextRenderer(timeZone: session.world.timeZone)
    let edits = UnifiedDiff.script(
      WhatIf.worldRecords(session.records).map { renderer.summary($0) }, WhatIf.worldRecords(replayed.records).map { renderer.summary($0) })
    let changed = edits.filter { $0.kind != .same }
    lines.append("")
    if changed.isEmpty {
      lines.append("the log is the same with \(change)")
      return lines.joined(separator: "\n")
    }
    let column = max(30, (width - 3) / 2)
    lines.append("log lines that differ (\(changed.count)):")
    lines.append(pad("as it happened", column) + " │ " + "with \(change)")
    lines.append(String(repeating: "─", count: column) + "─┼─" + String(repeating: "─", count: column))
    var deletions: [String] = []
    var insertions: [String] = []
    func flush() {
      for i in 0..<max(deletions.count, insertions.count) {
        let (left, right) = WhatIf.fromWhereTheyDiffer(
          i < deletions.count ? deletions[i] : "", i < insertions.count ? insertions[i] : "", width: column)
        if left.displayWidth <= column && right.displayWidth <= column {
          lines.append(pad(left, column) + " │ " + right)
        } else {
          // Too long for two columns even from where they differ: one under the other, whole.
          if !left.isEmpty { lines.append("- " + left) }
          if !right.isEmpty { lines.append("+ " + right) }
        }
      }
      deletions = []
      insertions = []
    }
    for edit in edits {
      switch edit.kind {
      case .same: flush()
      case .delete: deletions.append(edit.text)
      case .insert: insertions.append(edit.text)
      }
    }
    flush()
    return lines.joined(separator: "\n")
  }

  /// Two lines too long for their column, cut before what they share (after the time
  /// stamp) so that the part where they differ shows: `11-03 09:00 … shown a · display 2`.
  public static func fromWhereTheyDiffer(_ left: String, _ right: String, width: Int) -> (String, String) {
    guard !left.isEmpty, !right.isEmpty, max(left.displayWidth, right.displayWidth) > width else { return (left, right) }
    let l = Array(left)
    let r = Array(right)
    var shared = 0
    while shared < min(l.count, r.count), l[shared] == r[shared] { shared += 1 }
    // Keep the stamp (`11-03 09:00 `, 12 characters), the word where they start to differ and
    // the word before it.
    let stamp = 12
    var cut = shared
    for _ in 0..<2 {
      while cut > stamp, l[cut - 1] == " " { cut -= 1 }
      while cut > stamp, l[cut - 1] != " " { cut -= 1 }
    }
    guard cut > stamp + 2 else { return (left, right) }
    return (String(l[..<stamp]) + "…" + String(l[cut...]), String(r[..<stamp]) + "…" + String(r[cut...]))
  }

  private func clip(_ text: String, _ width: Int) -> String {
    guard text.displayWidth > width else { return text }
    var out = ""
    for c in text {
      if out.displayWidth + c.displayWidth > width - 1 { break }
      out.append(c)
    }
    return out + "…"
  }

  private func pad(_ text: String, _ width: Int) -> String {
    let clipped = clip(text, width)
    return clipped + String(repeating: " ", count: max(0, width - clipped.displayWidth))
  }
}

extension TextRenderer {
  /// A record on one line: the instant without seconds, the verb and the first detail.
  func summary(_ record: LogRecord) -> String {
    let full = render(record)
    let first = full.split(separator: "\n").first.map(String.init) ?? full
    let stamp = first.dropFirst(5).prefix(11)
    let rest = first.dropFirst(19).drop { $0 == " " }
    let squeezed = rest.split(separator: " ", omittingEmptySubsequences: true).filter { $0 != "(inline)" }.joined(separator: " ")
    return "\(stamp) \(squeezed)"
  }
}
