import ScenarioLanguage
import Sessions
import Simulation
import TipEngine

/// `lint`: tip definitions that are almost certainly wrong, each with a one-line fix.
public struct Linter {
  /// One finding.
  public struct Warning: Hashable, Sendable {
    /// A stable id of the rule, shared with `tipsim audit` and Swift lint where they mean the
    /// same.
    public var rule: String
    /// The line that defines what the warning is about, when known.
    public var line: Int?
    public var message: String
    public var fix: String
    /// The tip it is about, when it is about one.
    public var tip: String? = nil
  }

  /// How to fix a count compared past what its event keeps.
  public static let countFix =
    "compare with at most what the event keeps, or raise its DonationLimit (iOS 26; before it rules see the last 1000 donations)"

  /// Titles wider than this (terminal columns; CJK characters count two) are too long.
  public static let titleWidthLimit = 60

  public var session: Session

  public init(session: Session) { self.session = session }

  var catalog: TipCatalog { session.world.engine.catalog }

  /// The line of the statement that defined a name.
  func line(defining name: String, _ matches: (Command) -> Bool) -> Int? {
    session.history.first { if case .command(let c) = $0.action { matches(c) } else { false } }?.lines.lowerBound
  }

  func tipLine(_ tip: String) -> Int? { line(defining: tip) { if case .defineTip(let t, _) = $0 { t.name == tip } else { false } } }

  public func warnings() -> [Warning] {
    var found: [Warning] = []
    // What the app's own code (reactions) and a `repeat` do counts as much as a plain line.
    let flatCommands = session.history.flatMap(\.commands)
    let placedCommands = session.history.flatMap { statement in statement.commands.map { ($0, statement.place) } }
    // Tips that can never show: contradictory rules.
    var impossible: [String: String] = [:]
    // The most donations of an event rules see, on the device's OS (rules 18, 44).
    let kept = session.world.keptDonations(of:)
    for tip in catalog.tips {
      if let contradiction = Contradiction.never(tip.rules, kept: kept) {
        impossible[tip.name] = contradiction
        // Without the events' limits the rules would not contradict: a count past them.
        let pastLimit = Contradiction.find(in: tip.rules) == nil
        found.append(
          Warning(
            rule: pastLimit ? "countBeyondLimit" : "rulesNeverHold", line: tipLine(tip.name),
            message: "tip \(tip.name) can never show: \(contradiction)",
            fix: pastLimit ? Linter.countFix : "remove or correct one of the contradicting rules"))
      } else {
        for rule in tip.rules {
          for part in Contradiction.beyondKept(in: rule, kept: kept) {
            found.append(
              Warning(
                rule: "countBeyondLimit", line: tipLine(tip.name),
                message:
                  "tip \(tip.name): `\(part.comparison)` is never true: rules see at most the last \(part.kept) donations of \(part.aggregate.event) (rule 18); the rest of `\(rule)` decides",
                fix: Linter.countFix))
          }
        }
      }
      for rule in tip.rules {
        for aggregate in rule.aggregates {
          guard let window = aggregate.within, let event = catalog.event(named: aggregate.event), let age = event.limit.maximumAge,
            window > age
          else { continue }
          found.append(
            Warning(
              rule: "windowBeyondMaxAge", line: tipLine(tip.name),
              message: "tip \(tip.name) counts \(aggregate.event) within \(window), but the event keeps donations only \(age) (maxAge)",
              fix: "shorten the window to \(age) or raise maxAge to \(window)"))
        }
      }
    }
    // Ordered groups blocked forever.
    for group in catalog.groups where group.priority == .ordered {
      if let first = group.members.first, let why = impossible[first] {
        let line = line(defining: group.name) { if case .defineGroup(let g) = $0 { g.name == group.name } else { false } }
        found.append(
          Warning(
            rule: "groupBlocked", line: line,
            message: "ordered group \(group.name) is blocked forever by \(first), which can never show (\(why)) (rule 31)",
            fix: "fix \(first)'s rules, or make the group firstAvailable"))
      }
    }
    // Tips that nothing ends: with no rules they show every time their screen opens; with
    // rules, whenever the rules hold, until the user closes them. Rules the app's flow makes
    // false for good end a tip (`RuleEnds`), as the audit says.
    for tip in catalog.tips where tip.options.maxDisplayCount == nil && tip.options.maxDisplayDuration == nil {
      let invalidated = flatCommands.contains { command in
        switch command {
        case .invalidate(let t, _): t == tip.name
        case .invalidateAll: true
        // The user's close ends a tip without rules here; one with rules is still said to return.
        case .dismiss(let t): tip.rules.isEmpty && t == tip.name
        default: false
        }
      }
      // A tip with no anchor never shows, and does not return either.
      guard !invalidated, impossible[tip.name] == nil, session.world.placements[tip.name] != nil,
        RuleEnds.ends(of: tip, in: session.world, commands: placedCommands).isEmpty
      else {
        continue
      }
      let shown = session.world.displayHistory[tip.name]?.count ?? 0
      found.append(
        tip.rules.isEmpty
          ? Warning(
            rule: "returnsUntilClosed", line: tipLine(tip.name),
            message:
              "tip \(tip.name) will show every time its screen opens, forever: no rules, no maxDisplayCount, no maxDisplayDuration, and nothing here invalidates it (rule 27)",
            fix: "add maxDisplayCount 1 (or a rule), or invalidate it when the user uses the feature", tip: tip.name)
          : Warning(
            rule: "returnsUntilClosed", line: tipLine(tip.name),
            message:
              "tip \(tip.name) returns at every eligible visit until the user closes it: no maxDisplayCount, no maxDisplayDuration, and nothing here invalidates it"
              + (shown > 1 ? " (shown \(shown) times in this scenario)" : ""),
            fix: "add maxDisplayCount N, or invalidate it when the user does what it suggests", tip: tip.name))
    }
    // IgnoresDisplayFrequency on every tip.
    if catalog.tips.count > 1, catalog.tips.allSatisfy(\.options.ignoresDisplayFrequency), session.world.frequency != .immediate {
      found.append(
        Warning(
          rule: "frequencyHasNoEffect", line: nil,
          message: "every tip ignores the display frequency: frequency \(session.world.frequency.rawValue) has no effect (rule 23)",
          fix: "keep IgnoresDisplayFrequency for the one tip that must show at once"))
    }
    // Shared persisted ids and shadowed names.
    var byID: [String: [String]] = [:]
    for tip in catalog.tips { byID[tip.id, default: []].append(tip.name) }
    for tip in catalog.tips where byID[tip.id]?.first == tip.name && (byID[tip.id]?.count ?? 0) > 1 {
      let names = byID[tip.id] ?? []
      found.append(
        Warning(
          rule: "sharedTipID", line: tipLine(names[1]),
          message: "tips \(names.joined(separator: ", ")) share the persisted id \(tip.id): they share all state (rule 1)",
          fix: "give each tip its own id, unless they are one tip shown in two places"))
    }
    let otherNames = Set(catalog.parameters.map(\.name) + catalog.events.map(\.id) + catalog.groups.map(\.name))
    for tip in catalog.tips where otherNames.contains(tip.name) {
      found.append(
        Warning(
          rule: "nameClash", line: tipLine(tip.name), message: "tip \(tip.name) has the name of a parameter, event or group",
          fix: "rename one of them"))
    }
    for tip in catalog.tips where tip.id != tip.name && catalog.tip(named: tip.id) != nil && byID[tip.id]?.count == 1 {
      found.append(
        Warning(
          rule: "idIsAnotherTipsName", line: tipLine(tip.name), message: "tip \(tip.name)'s id \(tip.id) is another tip's name",
          fix: "choose an id no other tip uses as its name"))
    }
    // Events no rule reads; parameters nothing writes.
    let readEvents = Set(catalog.tips.flatMap { $0.rules.flatMap(\.aggregates).map(\.event) })
    for event in catalog.events where !readEvents.contains(event.id) {
      let line = line(defining: event.id) { if case .defineEvent(let e) = $0 { e.id == event.id } else { false } }
      found.append(
        Warning(
          rule: "eventNeverRead", line: line, message: "no rule reads event \(event.id)",
          fix: "add a rule that counts it, or stop donating it"))
    }
    // A cohort's usage line writes too (`set partnerLinked true 0.2 per day`).
    let cohortWrites = session.cohorts.flatMap(\.usage).flatMap { [$0.action] + $0.during.map(\.action) }.compactMap { action -> String? in
      if case .set(let name, _) = action { name } else { nil }
    }
    let written = Set(
      flatCommands.compactMap { command -> String? in
        switch command {
        case .set(let p, _), .update(let p, _): p
        default: nil
        }
      } + cohortWrites)
    let readParameters = Set(catalog.tips.flatMap { $0.rules.flatMap(\.parameterNames) })
    for parameter in catalog.parameters where parameter.boundTo == nil && !written.contains(parameter.name) {
      let line = line(defining: parameter.name) { if case .defineParameter(let p, _) = $0 { p.name == parameter.name } else { false } }
      let readers = readParameters.contains(parameter.name) ? "; the rules that read it never change" : ""
      found.append(
        Warning(
          rule: "parameterNeverWritten", line: line,
          message: "nothing writes parameter \(parameter.name): it stays \(parameter.defaultValue)\(readers)",
          fix: "set it where the app learns the value (or bind it to a store key), or remove it"))
    }
    // Titles.
    for tip in catalog.tips where tip.title.displayWidth > Linter.titleWidthLimit {
      found.append(
        Warning(
          rule: "titleTooLong", line: tipLine(tip.name),
          message: "tip \(tip.name)'s title is \(tip.title.displayWidth) columns wide; Apple's guidance: short and actionable",
          fix: "keep the title under \(Linter.titleWidthLimit) columns and move the rest to the message"))
    }
    for tip in catalog.tips where tip.title == tip.name {
      found.append(
        Warning(
          rule: "noTitle", line: tipLine(tip.name),
          message: "tip \(tip.name) has no title of its own: users would read its name, \"\(tip.name)\"",
          fix: "add an indented line: title \"…\" (TipKit requires a title)"))
    }
    return found.sorted { ($0.line ?? 0, $0.message) < ($1.line ?? 0, $1.message) }
  }

  /// The warnings as `FILE:LINE: warning: …` lines with their fixes.
  public func report(file: String?) -> String { Self.report(warnings(), file: file) }

  /// These warnings as text.
  public static func report(_ all: [Warning], file: String?) -> String {
    guard !all.isEmpty else { return "lint: no warnings" }
    var lines: [String] = []
    for w in all {
      let place = file.map { "\($0):\(w.line.map(String.init) ?? "1")" } ?? (w.line.map { "line \($0)" } ?? "scenario")
      lines.append("\(place): warning: \(w.message) [\(w.rule)]")
      lines.append("  fix: \(w.fix)")
    }
    lines.append("lint: \(all.count) warning\(all.count == 1 ? "" : "s")")
    return lines.joined(separator: "\n")
  }
}
