import Foundation
import ScenarioLanguage
import Simulation

/// Writes an `AppModel` as scenario definitions (`frequency`, `param`, `event`, `screen`,
/// `tip`, `group`), each preceded by comments naming its Swift declaration and where the app
/// donates, writes, displays or invalidates it. Whatever was not translated stays as a comment
/// where it would have gone.
struct ScenarioEmitter {
  let model: AppModel
  private(set) var lines: [String] = []
  /// Everything left as a comment, for the summary.
  private(set) var untranslated: [Note] = []

  init(model: AppModel) {
    self.model = model
    untranslated = model.untranslated
  }

  /// The model written, header first, and last what was read and not translated (with
  /// `more`, the files left out), each with its place.
  static func emitted(_ model: AppModel, header: String, more: [Note] = []) -> ScenarioEmitter {
    var emitter = ScenarioEmitter(model: model)
    emitter.untranslated += more
    emitter.write(header: header)
    emitter.writeUntranslated()
    return emitter
  }

  /// Every note of what was not translated, in place order: the summary says each is here.
  private mutating func writeUntranslated() {
    untranslated.sort { $0.position < $1.position }
    guard !untranslated.isEmpty else { return }
    lines.append("")
    comment("Read and not translated (\(untranslated.count)), each with its place:")
    for note in untranslated { comment("  \(note.position.fileLine): \(note.text)") }
  }

  private mutating func comment(_ text: String, indent: String = "") {
    lines.append(indent + "# " + ScenarioText.comment(text))
  }

  private mutating func definition(_ text: String) { line(text) }

  /// A line that is not a comment.
  private mutating func line(_ text: String) { lines.append(text) }

  mutating func write(header: String) {
    for line in header.split(separator: "\n", omittingEmptySubsequences: false) { comment(String(line)) }
    writeConfiguration()
    if !model.parameters.isEmpty { lines.append("") }
    for parameter in model.parameters { write(parameter) }
    if !model.events.isEmpty { lines.append("") }
    for event in model.events { write(event) }
    writeConditions()
    if !model.screens.isEmpty { lines.append("") }
    for screen in model.screens {
      for text in screen.comments { comment(text) }
      let anchors = screen.anchors.map { anchor in
        if let tests = screen.conditions[anchor] { return "\(anchor)(if \(tests.text))" }
        return screen.hidden.contains(anchor) ? "\(anchor)(hidden)" : anchor
      }
      definition("screen \(screen.name)" + (anchors.isEmpty ? "" : ": " + anchors.joined(separator: " ")))
    }
    for tip in model.tips { write(tip) }
    if !model.groups.isEmpty { lines.append("") }
    for group in model.groups {
      for text in group.comments { comment(text) }
      definition(
        "group \(group.name) \(group.ordered ? "ordered" : "firstAvailable"): \(group.members.joined(separator: " "))"
      )
    }
    writeReactions()
    writeActions()
  }

  /// What the app's code tests that the import cannot decide, with its fresh-install value.
  private mutating func writeConditions() {
    guard !model.conditions.isEmpty || model.unusedConditions > 0 else { return }
    lines.append("")
    comment("What the app's code tests that the import cannot decide: app conditions, with their value on a fresh install.")
    if model.unusedConditions > 0 {
      comment(
        "\(ScenarioText.count(model.unusedConditions, "more condition")) the code tests \(model.unusedConditions == 1 ? "gates" : "gate") nothing a tip reads: not written."
      )
    }
    for condition in model.conditions {
      comment("`\(condition.swift)` at \(condition.position.fileLine): \(condition.why)")
      definition(condition.definition)
    }
  }

  /// The app's code that something the sources do not show calls, as actions: a comment per
  /// step naming its Swift place, then the `action` line.
  private mutating func writeActions() {
    guard !model.actions.isEmpty else { return }
    lines.append("")
    comment("The app's code that runs when something the sources do not show calls it: `perform NAME` (docs/Importing.md).")
    for action in model.actions {
      lines.append("")
      comment("\(action.words)\(action.note.map { ", " + $0 } ?? "") (\(action.position.fileLine))")
      writeSteps(action.steps)
      if let text = action.definition {
        definition(text)
      } else {
        comment("no step of it runs: not an action")
      }
    }
  }

  /// A comment per step: its Swift place, and what it became or why it is not run.
  private mutating func writeSteps(_ steps: [ReactionStep]) {
    for step in steps {
      let swift = ScenarioText.comment(step.swift)
      let what = step.line.map { "→ " + $0 + (step.os.map { " (\($0))" } ?? "") } ?? "not run"
      comment("  \(step.position.fileLine): \(swift) \(what)\(step.note.map { ": " + $0 } ?? "")")
    }
  }

  /// The app's own code that runs by itself, as reactions: for each trigger, a comment per
  /// step naming its Swift place, then the `when` lines (one per OS condition, in order).
  private mutating func writeReactions() {
    guard !model.reactions.isEmpty else { return }
    lines.append("")
    comment("The app's own code that runs by itself, followed through the functions it calls (docs/Importing.md).")
    for reaction in model.reactions {
      lines.append("")
      comment(reaction.origin)
      writeSteps(reaction.steps)
      // Consecutive commands under one OS condition and the same app conditions share a
      // line, which runs only under them; the order stays the app's.
      var run: (os: String?, guards: [ConditionTest], commands: [String])?
      func flush(_ emitter: inout ScenarioEmitter) {
        guard let current = run, !current.commands.isEmpty else { return }
        var tests = current.os.map { [String($0.dropFirst(3))] } ?? []
        if !current.guards.isEmpty { tests.append(current.guards.text) }
        let condition = tests.isEmpty ? "" : " if " + tests.joined(separator: " and ")
        emitter.definition("when \(reaction.trigger.text)\(condition): " + current.commands.joined(separator: "; "))
      }
      for step in reaction.steps {
        guard let command = step.command else { continue }
        if let current = run, current.os == step.os, current.guards == step.guards {
          run?.commands.append(command)
        } else {
          flush(&self)
          run = (step.os, step.guards, [command])
        }
      }
      flush(&self)
    }
  }

  private mutating func writeConfiguration() {
    lines.append("")
    guard let configure = model.configure, case .configure(let options) = configure.kind else {
      comment("no Tips.configure call in the files read: no tip shows until the app configures TipKit (`launch` here)")
      return
    }
    comment("Tips.configure at \(configure.position.fileLine)")
    var frequency: String?
    for option in options {
      if let word = ScenarioEmitter.frequency(option) {
        frequency = word
        continue
      }
      if option.hasPrefix(".cloudKitContainer") {
        comment("\(option): tip state syncs across the user's devices (rule 39); simulate it with `device` and `sync icloud on`")
      } else if option.hasPrefix(".datastoreLocation") {
        comment("\(option): where TipKit stores its state; the simulation keeps its own")
      } else {
        comment("configure option not translated: \(option)")
        untranslated.append(Note(position: configure.position, text: "configure option \(option)"))
      }
    }
    for other in model.otherConfigures {
      let why =
        other.inPreview
        ? "in a preview"
        : other.flag == "DEBUG"
          ? "in the DEBUG branch" : other.flag.map { "under #if \($0)" } ?? (isTestCode(other) ? "in test code" : "not the first")
      comment("Tips.configure also at \(other.position.fileLine) (\(why)): not taken")
      untranslated.append(Note(position: other.position, text: "Tips.configure \(why): not taken"))
    }
    for (site, testCode) in model.sites where !testCode && (site.inPreview || site.flag != nil) {
      guard case .resetDatastore = site.kind else { continue }
      let why = site.inPreview ? "in a preview" : "under #if \(site.flag ?? "")"
      comment("Tips.resetDatastore() also at \(site.position.fileLine) (\(why)): not run")
      untranslated.append(Note(position: site.position, text: "Tips.resetDatastore() \(why): not run"))
    }
    for (site, _) in model.sites {
      if case .testingOverride(let call) = site.kind {
        comment("\(call) runs at \(site.position.fileLine): not imported as a command (add `testing …` to simulate it)")
      }
    }
    definition("frequency \(frequency ?? "immediate")")
  }

  private func isTestCode(_ site: Site) -> Bool {
    model.sites.contains { $0.site.position == site.position && $0.testCode }
  }

  /// `.displayFrequency(.daily)` → `daily`; a TimeInterval of exactly an hour, day or week too.
  static func frequency(_ option: String) -> String? {
    guard option.hasPrefix(".displayFrequency(") && option.hasSuffix(")") else { return nil }
    let argument = option.dropFirst(".displayFrequency(".count).dropLast().trimmingCharacters(in: .whitespaces)
    let words = ["immediate", "hourly", "daily", "weekly", "monthly"]
    if argument.hasPrefix("."), words.contains(String(argument.dropFirst())) { return String(argument.dropFirst()) }
    let seconds = AppModel.seconds(AppModel.expression(argument))
    return [3_600: "hourly", 86_400: "daily", 604_800: "weekly"][seconds.flatMap { Int(exactly: $0) } ?? -1]
  }

  private mutating func write(_ parameter: ImportedParameter) {
    for text in parameter.comments { comment(text) }
    for write in parameter.writes { comment("  written at \(write.position.fileLine)\(ScenarioEmitter.place(write)): \(writeText(write))") }
    definition(parameter.definition)
  }

  private func writeText(_ site: Site) -> String { model.swiftText(site) }

  /// Where a site runs, when that matters to a reader: an initializer, a preview.
  static func place(_ site: Site) -> String {
    if site.inPreview { return " (in a preview)" }
    if let flag = site.flag { return " (under #if \(flag))" }
    if let deferred = site.deferred { return " (\(deferred.words))" }
    if site.function == "init" { return " (in \(site.type?.joined(separator: ".") ?? "an") initializer)" }
    return ""
  }

  private mutating func write(_ event: ImportedEvent) {
    for text in event.comments { comment(text) }
    for donation in event.donations {
      guard case .donate(_, let call, _, _) = donation.kind else { continue }
      comment("  donated at \(donation.position.fileLine) (\(call))\(ScenarioEmitter.place(donation))")
    }
    if event.donations.isEmpty { comment("  never donated in the files read") }
    definition(event.definition)
  }

  private mutating func write(_ tip: ImportedTip) {
    lines.append("")
    for text in tip.comments { comment(text) }
    for dead in tip.deadDisplays { comment("displayed at \(dead): no display") }
    if tip.anchors.isEmpty { comment("never displayed in the files read: give it an `anchor` to see it on a screen") }
    for invalidation in tip.invalidations {
      guard case .invalidate(_, _, let reason) = invalidation.kind else { continue }
      comment("  invalidated at \(invalidation.position.fileLine) (reason \(reason ?? "?"))\(ScenarioEmitter.place(invalidation))")
    }
    definition("tip \(tip.name)")
    if let id = tip.id { line("  id " + ScenarioText.quoted(id)) }
    line("  title " + ScenarioText.quoted(tip.title))
    if let message = tip.message { line("  message " + ScenarioText.quoted(message)) }
    if let image = tip.image { line("  image " + ScenarioText.quoted(image)) }
    for anchor in tip.anchors {
      line("  anchor \(anchor.screen).\(anchor.anchor)\(anchor.inline ? " inline" : "")" + (anchor.via.map { " via " + $0 } ?? ""))
    }
    if tip.passesTaps { line("  presentation passthrough") }
    for rule in tip.rules {
      switch rule.result {
      case .success(let text):
        definition("  rule " + text)
      case .failure(let why):
        comment("rule not translated (\(rule.position.fileLine)): \(why.reason): \(rule.swift)", indent: "  ")
        untranslated.append(Note(position: rule.position, text: "rule: \(why.reason)"))
      }
    }
    for option in TipOption.all {
      switch option.read(tip.options) {
      case .flag?: line("  \(option.word)")
      case .count(let n)?: line("  \(option.word) \(n)")
      case .duration(let span)?: line("  \(option.word) " + ScenarioText.duration(seconds: Int(span.seconds)))
      case nil: break
      }
    }
    for action in tip.actions {
      line("  action " + (action.id.map { $0 + " " } ?? "") + ScenarioText.quoted(action.title))
    }
  }
}
