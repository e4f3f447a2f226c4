import Foundation
import ScenarioLanguage
import Simulation
import TipEngine

/// Renders log records as aligned text for people: the instant, a verb column, and the
/// details, with every reason for a suppression on its own line.
public struct TextRenderer: Sendable {
  public var timeZone: SimTimeZone
  public var style: TextStyle
  /// The scenario file, for expectation failures (`FILE:LINE`).
  public var file: String?

  public init(timeZone: SimTimeZone, style: TextStyle = .plain, file: String? = nil) {
    self.timeZone = timeZone
    self.style = style
    self.file = file
  }

  static let verbWidth = 12
  /// Where the details of a record start: the stamp, two spaces, the verb column.
  static let detailIndent = String(repeating: " ", count: 19 + 2 + verbWidth)

  func stamp(_ instant: Instant) -> String { timeZone.civil(of: instant).logStamp }

  /// The record as one or more lines (no trailing newline).
  public func render(_ record: LogRecord) -> String {
    var (verb, color, details) = describe(record.event)
    if let device = record.device, !details.isEmpty { details[0] = "[\(device)] " + details[0] }
    // Appended into one string with room for a typical record, not concatenated pairwise.
    var text = ""
    text.reserveCapacity(128)
    text += style.dim(stamp(record.instant))
    text += "  "
    text += color(verb.padding(toLength: TextRenderer.verbWidth - 1))
    text += " "
    guard let first = details.first else { return text }
    text += first
    for line in details.dropFirst() {
      text += "\n"
      text += TextRenderer.detailIndent
      text += line
    }
    return text
  }

  private func describe(_ event: LogEvent) -> (String, (String) -> String, [String]) {
    let plain: (String) -> String = { $0 }
    switch event {
    case .launched(let frequency, let reset):
      var details = ["TipKit configured (frequency \(frequency.rawValue))"]
      if !reset.isEmpty { details.append("transient parameters back to their defaults: \(reset.joined(separator: ", ")) (rule 10)") }
      return ("launch", style.cyan, details)
    case .quit:
      return ("quit", style.cyan, ["app terminated"])
    case .screenOpened(let screen):
      return ("open", style.cyan, [screen])
    case .screenClosed(let screen):
      return ("close", style.cyan, [screen])
    case .parameterChanged(let name, let from, let to, let via):
      let source = via.map { " (bound to \($0))" } ?? ""
      return ("set", plain, ["\(name) = \(to)\(source), was \(from)"])
    case .storeWritten(let key, let value):
      return ("write", plain, ["\(key) = \(value)"])
    case .donated(let event, let fields, let kept):
      let values = fields.map { "\($0.field)=\($0.value)" }.joined(separator: " ")
      return ("donate", plain, ["\(event)\(values.isEmpty ? "" : " " + values) (\(kept) kept)"])
    case .shown(let shown):
      var line = "\(style.bold(shown.ref.tip)) at \(place(shown.ref.placement)) · \(displayCount(shown.number, shown.maximum))"
      if !shown.counted { line += " · not counted again (policy countPolicy perScreenOpen, rule 21)" }
      if let override = shown.override { line += " · forced by \(override.rawValue) (rule 33)" }
      var details = [line]
      if shown.startedInterval { details.append("starts the display-frequency interval (policy cooldownStart, rule 28)") }
      if let quirk = shown.rendering.quirk {
        let seen = shown.rendering.isRendered ? "yes, \(shown.rendering.word)" : "no"
        details.append(
          "decided: shown — rendered: \(seen) (quirk \(quirk.id): \(quirk.summary); source: \(quirk.source), rule \(quirk.rule))")
      }
      if shown.behindSheet {
        details.append("decided: shown — behind a sheet on \(shown.ref.placement.screen): the user cannot see it (observed, rule 42)")
      }
      return ("shown", style.green, details)
    case .suppressed(let ref, let reasons):
      return ("suppressed", style.yellow, ["\(ref.tip) at \(place(ref.placement))"] + reasons.flatMap(describe))
    case .hidden(let ref, let cause):
      return ("hidden", style.dim, ["\(ref.tip) at \(place(ref.placement)) · \(describe(cause))"] + hiddenDetails(cause))
    case .invalidated(let tip, let reason, let displays, let maximum, let cause):
      return (
        "invalidated", style.red, ["\(style.bold(tip)) · \(reason.rawValue) · \(describe(cause, displays: displays, maximum: maximum))"]
      )
    case .actionTapped(let tip, let action, let title):
      return ("tap", plain, ["\(tip) action \(action) \"\(title)\" (actions do not invalidate by themselves, rule 8)"])
    case .advanced(let from, let to):
      return ("advance", style.cyan, ["\(to - from) to \(stamp(to))"])
    case .timeStep(let causes):
      return ("next", style.cyan, causes.isEmpty ? ["an iCloud delivery arrives (rule 39)"] : causes.map(describe))
    case .statusChanged(let tip, let from, let to):
      return ("status", plain, ["\(tip): \(from) → \(to)"])
    case .testing(let overrides):
      return ("testing", style.cyan, [describe(overrides)])
    case .anchorChanged(let screen, let anchor, let visible, let tips):
      let effect = tips.isEmpty ? "" : " · \(tips.joined(separator: ", ")) \(visible ? "visible again" : "follows it out of sight")"
      return (visible ? "show" : "hide", plain, ["\(screen).\(anchor) \(visible ? "back in view" : "scrolled away or collapsed")\(effect)"])
    case .sheetChanged(let screen, let presented, let tips):
      let effect = tips.isEmpty ? "" : " · \(tips.joined(separator: ", ")) \(presented ? "covered" : "visible again")"
      return (presented ? "sheet" : "sheet", plain, ["\(presented ? "a sheet covers" : "the sheet leaves") \(screen)\(effect)"])
    case .controlTapped(let screen, let anchor, let refusedBy):
      if let refusedBy {
        return ("tap", style.yellow, ["\(screen).\(anchor) refused: \(refusedBy) blocks the screen until it is dismissed"])
      }
      return ("tap", plain, ["\(screen).\(anchor)"])
    case .datastoreReset:
      return ("reset", style.cyan, ["Tips.resetDatastore(): tip, parameter and event records erased (rule 34)"])
    case .eligibilityReset(let tip, let status):
      return ("reset", style.cyan, ["\(tip): resetEligibility, now \(status); display history kept (rule 7)"])
    case .policySet(let name, let value):
      return ("policy", style.cyan, ["\(name) = \(value) (rule \(Policies.rule(of: name) ?? 0))"])
    case .warning(let message):
      return ("warning", style.yellow, [message])
    case .note(let message):
      return ("note", plain, [message])
    case .synced(let from):
      return ("icloud", style.cyan, ["tip records and donations from \(from) arrived (last writer wins, rule 39)"])
    case .explanation(let explanation):
      return ("why", style.cyan, ExplanationRenderer(renderer: self).lines(explanation))
    case .statusReport(let lines):
      return ("status", style.cyan, statusTable(lines))
    case .expectation(let result):
      if result.passed { return ("expect ✓", style.green, [result.text]) }
      var details = [
        "\(file.map { "\($0):" } ?? "line ")\(result.line.map(String.init) ?? "?"): expect \(result.text)", "found: \(result.found)",
      ]
      if let explanation = result.explanation { details += ExplanationRenderer(renderer: self).lines(explanation) }
      return ("FAILED ✗", style.red, details)
    }
  }

  func place(_ placement: Placement) -> String {
    "\(placement.screen).\(placement.anchor)" + (placement.style == .inline ? " (inline)" : "")
  }

  func displayCount(_ number: Int, _ maximum: Int?) -> String {
    maximum.map { "display \(number) of \($0)" } ?? "display \(number)"
  }

  private func describe(_ cause: HideCause) -> String {
    switch cause {
    case .screenClosed: "screen closed"
    case .appQuit: "app terminated"
    case .tappedOutside: "tapped outside: display ended, not invalidated (observed, rule 36)"
    case .closeButton: "close button tapped (rule 36)"
    case .noLongerAvailable: "no longer available (rule 38)"
    case .displaced(let group, let by): "displaced in group \(group)" + (by.map { " by \($0)" } ?? "") + " (rule 30)"
    case .anchorHidden: "its anchor went out of sight (policy anchorHidden endDisplay)"
    case .otherTap(let control): "dismissed by a tap on \(control) (presentation tapToDismiss)"
    }
  }

  private func hiddenDetails(_ cause: HideCause) -> [String] {
    guard case .noLongerAvailable(let reasons) = cause else { return [] }
    return reasons.flatMap(describe)
  }

  private func describe(_ cause: InvalidationCause, displays: Int, maximum: Int?) -> String {
    switch cause {
    case .closeButton: "close button (rule 36)"
    case .command: "Tip.invalidate (rule 5)"
    case .displayCount: "\(displayCount(displays, maximum)) reached (MaxDisplayCount, rule 21)"
    case .displayDuration(let limit): "on screen \(limit) in total (MaxDisplayDuration, rule 24)"
    }
  }

  func describe(_ cause: TipEngine.ChangeCause) -> String {
    switch cause {
    case .intervalEnds(let frequency, let startedBy):
      "the \(frequency.rawValue) display-frequency interval\(startedBy.map { " started by \($0)" } ?? "") ends (rule 26)"
    case .donationLeaves(let event, let window):
      "a donation of \(event) leaves \(window.map { "its \($0) window" } ?? "what rules see") (rule 17)"
    case .durationLimit(let tip):
      "\(tip) reaches its MaxDisplayDuration (rule 24)"
    }
  }

  func describe(_ overrides: TestingOverrides) -> String {
    if overrides.isEmpty { return "testing overrides off" }
    var parts: [String] = []
    if !overrides.show.isEmpty { parts.append("showTipsForTesting([\(overrides.show.joined(separator: ", "))])") }
    if !overrides.hide.isEmpty { parts.append("hideTipsForTesting([\(overrides.hide.joined(separator: ", "))])") }
    if overrides.showAll { parts.append("showAllTipsForTesting()") }
    if overrides.hideAll { parts.append("hideAllTipsForTesting()") }
    return parts.joined(separator: " · ") + " (precedence: showTips > hideTips > showAll > hideAll, rule 33)"
  }

  /// One line per reason, each with the values that decided it.
  func describe(_ suppression: Suppression) -> [String] {
    switch suppression {
    case .hold(let hold): describe(hold)
    case .group(let name, let priority, let current, let blockedBy):
      if let blockedBy {
        ["group: \(name) (\(priority.rawValue)) waits for \(blockedBy), its first member not invalidated, which is not available (rule 31)"]
      } else if let current {
        ["group: \(name) (\(priority.rawValue)) presents \(current) first (rule \(priority == .ordered ? 31 : 30))"]
      } else {
        ["group: \(name) (\(priority.rawValue)) presents no tip now"]
      }
    case .popoverBusy(let by): ["popoverBusy: \(by) is presented on this screen; one popover at a time (observed, rule 37)"]
    case .dismissed(let at): ["dismissed: tapped away at \(stamp(at)); back when its screen opens again (observed, rule 36)"]
    case .screenNotOpen(let screen?): ["screenNotOpen: \(screen) is not open"]
    case .screenNotOpen(nil): ["screenNotOpen: the tip has no anchor"]
    case .anchorHidden(let anchor): ["anchorHidden: \(anchor) is out of sight; a tip follows its anchor"]
    }
  }

  func describe(_ hold: Hold) -> [String] {
    switch hold {
    case .notConfigured: return ["notConfigured: the app has not launched, TipKit is not configured (rule 25)"]
    case .hiddenForTesting(let override): return ["hiddenForTesting: \(override.rawValue) is in force (rule 33)"]
    case .invalidated(let reason, let at):
      return ["invalidated: \(reason.rawValue)" + (at.map { " at \(stamp($0))" } ?? "") + "; permanent until reset (rule 6)"]
    case .rules(let failing):
      var lines: [String] = []
      for rule in failing {
        lines.append("rules: `\(rule.rule)` is false — " + rule.readings.map(describe).joined(separator: ", "))
        for case .parameter(let name, let value, _, let bound?) in rule.boundReadings {
          lines.append("boundParameter: \(name) = \(value) mirrors \(bound) = \(value)")
        }
      }
      return lines
    case .frequency(let f):
      return [
        "frequency: \(f.frequency.rawValue) — a tip that never appeared waits until \(stamp(f.intervalEnd))"
          + " (interval started \(stamp(f.intervalStart))\(f.startedBy.map { " by \($0)" } ?? ""); rule 26)"
      ]
    }
  }

  func describe(_ reading: Reading) -> String {
    switch reading {
    case .parameter(let name, let value, let source, let bound):
      let origin: String =
        if let bound { "bound to \(bound)" } else {
          switch source {
          case .defaultValue: "default"
          case .written(let at): "set \(stamp(at))"
          }
        }
      return "\(name) = \(value) (\(origin))"
    case .aggregate(let aggregate, let value):
      return "\(aggregate) = \(value)"
    }
  }

  func statusTable(_ lines: [TipStatusLine]) -> [String] {
    guard !lines.isEmpty else { return ["no tips defined"] }
    let nameWidth = lines.map(\.tip.displayWidth).max() ?? 0
    let statusWidth = lines.map(\.status.description.count).max() ?? 0
    return lines.map { line in
      var text = line.tip + String(repeating: " ", count: nameWidth - line.tip.displayWidth) + "  "
      text += line.status.description.padding(toLength: statusWidth) + "  "
      text += displayCount(line.displays, line.maximum).replacingOccurrences(of: "display ", with: "displays ")
      if let last = line.lastShown { text += " · last shown \(stamp(last))" }
      if let on = line.onScreen { text += " · on screen at \(place(on))" }
      if let override = line.override { text += " · \(override.rawValue)" }
      return text
    }
  }
}

extension String {
  func padding(toLength length: Int) -> String {
    let width = displayWidth
    return width >= length ? self : self + String(repeating: " ", count: length - width)
  }

}
