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
    var details = DetailLines(text: "")
    details.text.reserveCapacity(128)
    if let device = record.device { details.firstLinePrefix = "[\(device)] " }
    let (verb, color) = write(record.event, into: &details)
    // Appended into one string, not concatenated pairwise.
    var text = ""
    text.reserveCapacity(36 + details.text.utf8.count)
    text += style.dim(stamp(record.instant))
    text += "  "
    writeVerb(verb, color, into: &text)
    text += details.text
    return text
  }

  /// The verb column: the verb, padded and colored, then a space.
  private func writeVerb(_ verb: String, _ color: (String) -> String, into text: inout String) {
    text += color(verb.padding(toLength: TextRenderer.verbWidth - 1))
    text += " "
  }

  private func writeSuppressed(_ ref: TipRef, _ reasons: [Suppression], into out: inout DetailLines) {
    out.startLine()
    out.text += ref.tip
    out.text += " at "
    writePlace(ref.placement, into: &out.text)
    for reason in reasons { write(reason, into: &out) }
  }

  private func writeDonated(_ event: String, _ fields: [FieldValue], _ kept: Int, into out: inout DetailLines) {
    out.startLine()
    out.text += event
    for field in fields {
      out.text += " "
      out.text += field.field
      out.text += "="
      out.text += field.value.description
    }
    out.text += " ("
    out.text += String(kept)
    out.text += " kept)"
  }

  /// Writes the record's details into `out` and returns its verb and the verb's color.
  private func write(_ event: LogEvent, into out: inout DetailLines) -> (String, (String) -> String) {
    let plain: (String) -> String = { $0 }
    switch event {
    case .launched(let frequency, let reset):
      var details = ["TipKit configured (frequency \(frequency.rawValue))"]
      if !reset.isEmpty { details.append("transient parameters back to their defaults: \(reset.joined(separator: ", ")) (rule 10)") }
      out.add(details)
      return ("launch", style.cyan)
    case .quit:
      out.line("app terminated")
      return ("quit", style.cyan)
    case .screenOpened(let screen):
      out.line(screen)
      return ("open", style.cyan)
    case .screenClosed(let screen):
      out.line(screen)
      return ("close", style.cyan)
    case .parameterChanged(let name, let from, let to, let via):
      let source = via.map { " (bound to \($0))" } ?? ""
      out.line("\(name) = \(to)\(source), was \(from)")
      return ("set", plain)
    case .storeWritten(let key, let value):
      out.line("\(key) = \(value)")
      return ("write", plain)
    case .donated(let event, let fields, let kept):
      writeDonated(event, fields, kept, into: &out)
      return ("donate", plain)
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
      out.add(details)
      return ("shown", style.green)
    case .suppressed(let ref, let reasons):
      writeSuppressed(ref, reasons, into: &out)
      return ("suppressed", style.yellow)
    case .hidden(let ref, let cause):
      out.add(["\(ref.tip) at \(place(ref.placement)) · \(describe(cause))"] + hiddenDetails(cause))
      return ("hidden", style.dim)
    case .invalidated(let tip, let reason, let displays, let maximum, let cause):
      out.line("\(style.bold(tip)) · \(reason.rawValue) · \(describe(cause, displays: displays, maximum: maximum))")
      return ("invalidated", style.red)
    case .actionTapped(let tip, let action, let title):
      out.line("\(tip) action \(action) \"\(title)\" (actions do not invalidate by themselves, rule 8)")
      return ("tap", plain)
    case .advanced(let from, let to):
      out.line("\(to - from) to \(stamp(to))")
      return ("advance", style.cyan)
    case .timeStep(let causes):
      out.add(causes.isEmpty ? ["an iCloud delivery arrives (rule 39)"] : causes.map(describe))
      return ("next", style.cyan)
    case .statusChanged(let tip, let from, let to):
      out.line("\(tip): \(from) → \(to)")
      return ("status", plain)
    case .testing(let overrides):
      out.line(describe(overrides))
      return ("testing", style.cyan)
    case .anchorChanged(let screen, let anchor, let visible, let tips):
      let effect = tips.isEmpty ? "" : " · \(tips.joined(separator: ", ")) \(visible ? "visible again" : "follows it out of sight")"
      out.line("\(screen).\(anchor) \(visible ? "back in view" : "scrolled away or collapsed")\(effect)")
      return (visible ? "show" : "hide", plain)
    case .sheetChanged(let screen, let presented, let tips):
      let effect = tips.isEmpty ? "" : " · \(tips.joined(separator: ", ")) \(presented ? "covered" : "visible again")"
      out.line("\(presented ? "a sheet covers" : "the sheet leaves") \(screen)\(effect)")
      return (presented ? "sheet" : "sheet", plain)
    case .controlTapped(let screen, let anchor, let refusedBy):
      if let refusedBy {
        out.line("\(screen).\(anchor) refused: \(refusedBy) blocks the screen until it is dismissed")
        return ("tap", style.yellow)
      }
      out.line("\(screen).\(anchor)")
      return ("tap", plain)
    case .datastoreReset:
      out.line("Tips.resetDatastore(): tip, parameter and event records erased (rule 34)")
      return ("reset", style.cyan)
    case .eligibilityReset(let tip, let status):
      out.line("\(tip): resetEligibility, now \(status); display history kept (rule 7)")
      return ("reset", style.cyan)
    case .policySet(let name, let value):
      out.line("\(name) = \(value) (rule \(Policies.rule(of: name) ?? 0))")
      return ("policy", style.cyan)
    case .warning(let message):
      out.line(message)
      return ("warning", style.yellow)
    case .note(let message):
      out.line(message)
      return ("note", plain)
    case .synced(let from):
      out.line("tip records and donations from \(from) arrived (last writer wins, rule 39)")
      return ("icloud", style.cyan)
    case .explanation(let explanation):
      out.add(ExplanationRenderer(renderer: self).lines(explanation))
      return ("why", style.cyan)
    case .statusReport(let lines):
      out.add(statusTable(lines))
      return ("status", style.cyan)
    case .expectation(let result):
      if result.passed {
        out.line(result.text)
        return ("expect ✓", style.green)
      }
      var details = [
        "\(file.map { "\($0):" } ?? "line ")\(result.line.map(String.init) ?? "?"): expect \(result.text)", "found: \(result.found)",
      ]
      if let explanation = result.explanation { details += ExplanationRenderer(renderer: self).lines(explanation) }
      out.add(details)
      return ("FAILED ✗", style.red)
    }
  }

  func place(_ placement: Placement) -> String {
    var text = ""
    writePlace(placement, into: &text)
    return text
  }

  private func writePlace(_ placement: Placement, into text: inout String) {
    text += placement.screen
    text += "."
    text += placement.anchor
    if placement.style == .inline { text += " (inline)" }
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
    var out = DetailLines()
    write(suppression, into: &out)
    return out.lines
  }

  private func write(_ suppression: Suppression, into out: inout DetailLines) {
    switch suppression {
    case .hold(let hold): write(hold, into: &out)
    case .group(let name, let priority, let current, let blockedBy):
      if let blockedBy {
        out.line(
          "group: \(name) (\(priority.rawValue)) waits for \(blockedBy), its first member not invalidated, which is not available (rule 31)"
        )
      } else if let current {
        out.line("group: \(name) (\(priority.rawValue)) presents \(current) first (rule \(priority == .ordered ? 31 : 30))")
      } else {
        out.line("group: \(name) (\(priority.rawValue)) presents no tip now")
      }
    case .popoverBusy(let by): out.line("popoverBusy: \(by) is presented on this screen; one popover at a time (observed, rule 37)")
    case .dismissed(let at): out.line("dismissed: tapped away at \(stamp(at)); back when its screen opens again (observed, rule 36)")
    case .screenNotOpen(let screen?): out.line("screenNotOpen: \(screen) is not open")
    case .screenNotOpen(nil): out.line("screenNotOpen: the tip has no anchor")
    case .anchorHidden(let anchor): out.line("anchorHidden: \(anchor) is out of sight; a tip follows its anchor")
    }
  }

  func describe(_ hold: Hold) -> [String] {
    var out = DetailLines()
    write(hold, into: &out)
    return out.lines
  }

  private func write(_ hold: Hold, into out: inout DetailLines) {
    switch hold {
    case .notConfigured: out.line("notConfigured: the app has not launched, TipKit is not configured (rule 25)")
    case .hiddenForTesting(let override): out.line("hiddenForTesting: \(override.rawValue) is in force (rule 33)")
    case .invalidated(let reason, let at):
      out.line("invalidated: \(reason.rawValue)" + (at.map { " at \(stamp($0))" } ?? "") + "; permanent until reset (rule 6)")
    case .rules(let failing):
      for rule in failing {
        out.startLine()
        out.text += "rules: `"
        out.text += rule.rule.description
        out.text += "` is false — "
        for (index, reading) in rule.readings.enumerated() {
          if index > 0 { out.text += ", " }
          write(reading, into: &out.text)
        }
        for case .parameter(let name, let value, _, let bound?) in rule.boundReadings {
          out.line("boundParameter: \(name) = \(value) mirrors \(bound) = \(value)")
        }
      }
    case .frequency(let f):
      out.startLine()
      out.text += "frequency: "
      out.text += f.frequency.rawValue
      out.text += " — a tip that never appeared waits until "
      out.text += stamp(f.intervalEnd)
      out.text += " (interval started "
      out.text += stamp(f.intervalStart)
      if let by = f.startedBy {
        out.text += " by "
        out.text += by
      }
      out.text += "; rule 26)"
    }
  }

  func describe(_ reading: Reading) -> String {
    var text = ""
    write(reading, into: &text)
    return text
  }

  private func write(_ reading: Reading, into text: inout String) {
    switch reading {
    case .parameter(let name, let value, let source, let bound):
      text += name
      text += " = "
      text += value.description
      text += " ("
      if let bound {
        text += "bound to "
        text += bound
      } else {
        switch source {
        case .defaultValue: text += "default"
        case .written(let at):
          text += "set "
          text += stamp(at)
        }
      }
      text += ")"
    case .aggregate(let aggregate, let value):
      text += aggregate.description
      text += " = "
      text += value.description
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

/// A record's detail lines as they are written: into the record's text, where the first
/// follows the verb column and each later one starts a line under it; or, made with
/// `init()`, collected one string per line.
struct DetailLines {
  var text: String
  /// Written before the first line (`[device] `).
  var firstLinePrefix = ""
  private let collects: Bool
  private var collected: [String] = []
  private var started = false

  /// Lines written into `text`.
  init(text: String) {
    self.text = text
    collects = false
  }

  /// Lines collected one by one (`lines`).
  init() {
    text = ""
    collects = true
  }

  /// Starts a line; what follows is appended to `text`.
  mutating func startLine() {
    if started {
      if collects {
        collected.append(text)
        text = ""
      } else {
        text += "\n"
        text += TextRenderer.detailIndent
      }
    } else {
      started = true
      text += firstLinePrefix
    }
  }

  mutating func line(_ line: String) {
    startLine()
    text += line
  }

  mutating func add(_ lines: [String]) {
    for line in lines { self.line(line) }
  }

  /// The collected lines.
  var lines: [String] { started ? collected + [text] : [] }
}
