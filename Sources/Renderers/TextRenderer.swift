import Foundation
import ScenarioLanguage
import Simulation
import TipEngine

/// Renders log records as aligned text for people: the instant, a verb column, and the
/// details, with every reason for a suppression on its own line.
public struct TextRenderer: Sendable {
  /// The words of the details, after the verb column.
  public var wording: Wording
  public var style: TextStyle
  /// The scenario file, for expectation failures (`FILE:LINE`).
  public var file: String?

  public var timeZone: SimTimeZone {
    get { wording.timeZone }
    set { wording.timeZone = newValue }
  }

  public init(timeZone: SimTimeZone, style: TextStyle = .plain, file: String? = nil) {
    wording = Wording(timeZone: timeZone)
    self.style = style
    self.file = file
  }

  static let verbWidth = 12
  /// Where the details of a record start: the stamp, two spaces, the verb column.
  static let detailIndent = 19 + 2 + verbWidth

  /// The record as one or more lines (no trailing newline).
  public func render(_ record: LogRecord) -> String {
    var bytes = ByteBuffer(capacity: 160)
    render(record, into: &bytes)
    return bytes.string
  }

  /// The record's words after the stamp and the verb column, one string per line: what a
  /// page shows beside its own date and mark.
  public func details(of record: LogRecord) -> [String] {
    render(record).split(separator: "\n", omittingEmptySubsequences: false).map { line in
      String(line.dropFirst(TextRenderer.detailIndent))
    }
  }

  /// Appends the record's lines to `out` as UTF-8 (no trailing newline). A log is written as
  /// bytes into one buffer, without `String`'s checks of capacity and ASCII-ness at every
  /// small piece.
  func render(_ record: LogRecord, into out: inout ByteBuffer) {
    append(record, to: &out)
  }

  func append(_ record: LogRecord, to out: inout ByteBuffer) {
    let (wording, instant) = (wording, record.instant)
    style.paint(.dim, into: &out) { wording.writeStamp(instant, into: &$0) }
    renderAfterStamp(record, into: &out)
  }

  private func renderAfterStamp(_ record: LogRecord, into out: inout ByteBuffer) {
    out.append(UInt8(ascii: " "))
    out.append(UInt8(ascii: " "))
    let (verb, color) = verb(of: record.event)
    // Every verb but an expectation's is ASCII: one column per byte. (The record is not read
    // in the closure, which copied it.)
    let width = if case .expectation = record.event { verb.displayWidth } else { verb.utf8.count }
    style.paint(color, into: &out) { text in
      text.append(utf8: verb)
      text.append(repeating: UInt8(ascii: " "), count: TextRenderer.verbWidth - 1 - width)
    }
    out.append(UInt8(ascii: " "))
    // The details are written in place: `out` is lent to them, not copied.
    var details = DetailLines(text: ByteBuffer())
    swap(&details.text, &out)
    if let device = record.device { details.firstLinePrefix = "[\(device)] " }
    write(record.event, into: &details)
    swap(&details.text, &out)
  }

  /// The verb column of a record, and its colour (none: plain).
  private func verb(of event: LogEvent) -> (String, TextStyle.Color?) {
    switch event {
    case .launched: ("launch", .cyan)
    case .quit: ("quit", .cyan)
    case .reacted: ("reaction", .cyan)
    case .scenePhase(let background, _): (background ? "background" : "foreground", .cyan)
    case .screenOpened: ("open", .cyan)
    case .screenClosed: ("close", .cyan)
    case .parameterChanged, .conditionChanged: ("set", nil)
    case .performed: ("perform", .cyan)
    case .storeWritten: ("write", nil)
    case .donated: ("donate", nil)
    case .donationsDeleted: ("delete", nil)
    case .shown: ("shown", .green)
    case .suppressed: ("suppressed", .yellow)
    case .hidden: ("hidden", .dim)
    case .invalidated: ("invalidated", .red)
    case .actionTapped: ("tap", nil)
    case .advanced: ("advance", .cyan)
    case .timeStep: ("next", .cyan)
    case .statusChanged: ("status", nil)
    case .testing: ("testing", .cyan)
    case .anchorChanged(_, _, let visible, _): (visible ? "show" : "hide", nil)
    case .sheetChanged: ("sheet", nil)
    case .controlTapped(_, _, let refusedBy): ("tap", refusedBy == nil ? nil : .yellow)
    case .datastoreReset, .eligibilityReset: ("reset", .cyan)
    case .policySet: ("policy", .cyan)
    case .warning: ("warning", .yellow)
    case .note: ("note", nil)
    case .synced: ("icloud", .cyan)
    case .explanation: ("why", .cyan)
    case .statusReport: ("status", .cyan)
    case .expectation(let result): result.passed ? ("expect ✓", .green) : ("FAILED ✗", .red)
    }
  }

  private func writeSuppressed(_ ref: TipRef, _ reasons: [Suppression], into out: inout DetailLines) {
    out.startLine()
    out += ref.tip
    out += " at "
    wording.writePlace(ref.placement, into: &out)
    for reason in reasons { wording.write(reason, into: &out) }
  }

  private func writeDonated(_ event: String, _ fields: [FieldValue], _ kept: Int, into out: inout DetailLines) {
    out.startLine()
    out += event
    for field in fields {
      out += " "
      out += field.field
      out += "="
      out.write(field.value)
    }
    out += " ("
    out.text.append(decimal: Int64(kept))
    out += " kept)"
  }

  /// Writes the record's details into `out`.
  private func write(_ event: LogEvent, into out: inout DetailLines) {
    switch event {
    case .launched(let frequency, let reset):
      out.line("TipKit configured (frequency \(frequency.rawValue))")
      if !reset.isEmpty { out.line("transient parameters back to their defaults: \(reset.joined(separator: ", ")) (rule 10)") }
    case .quit:
      out.line("app terminated")
    case .reacted(let place, let trigger):
      out.line("when \(trigger) (\(place))")
    case .scenePhase(let background, let screens):
      let list = screens.isEmpty ? "no screen was open" : screens.joined(separator: ", ")
      out.line(background ? "the app left the foreground; displays end (\(list))" : "the app is back in the foreground (\(list))")
    case .screenOpened(let screen), .screenClosed(let screen):
      out.line(screen)
    case .parameterChanged(let name, let from, let to, let via):
      out.startLine()
      out += name
      out += " = "
      out.write(to)
      if let via {
        out += " (bound to "
        out += via.description
        out += ")"
      }
      out += ", was "
      out.write(from)
    case .conditionChanged(let name, let from, let to):
      out.line("\(name) = \(to), was \(from) (app condition)")
    case .performed(let action, let inputs):
      out.line(action + (inputs.isEmpty ? "" : " " + inputs.map { "\($0.field)=\($0.value)" }.joined(separator: " ")))
    case .storeWritten(let key, let value):
      out.line("\(key) = \(value)")
    case .donated(let event, let fields, let kept):
      writeDonated(event, fields, kept, into: &out)
    case .donationsDeleted(let event, let count):
      out.line("\(event): \(count) donation\(count == 1 ? "" : "s") deleted (Event.deleteDonations())")
    case .shown(let shown):
      out.startLine()
      out += style.bold(shown.ref.tip)
      out += " at "
      wording.writePlace(shown.ref.placement, into: &out)
      out += " · "
      out += wording.displayCount(shown.number, shown.maximum)
      if !shown.counted { out += " · not counted again (policy countPolicy perScreenOpen, rule 21)" }
      if let override = shown.override { out += " · forced by \(override.rawValue) (rule 33)" }
      if shown.startedInterval { out.line("starts the display-frequency interval (policy cooldownStart, rule 28)") }
      if let quirk = shown.rendering.quirk {
        let seen = shown.rendering.isRendered ? "yes, \(shown.rendering.word)" : "no"
        out.line("decided: shown — rendered: \(seen) (quirk \(quirk.id): \(quirk.summary); source: \(quirk.source), rule \(quirk.rule))")
      }
      if shown.behindSheet {
        out.line("decided: shown — behind a sheet on \(shown.ref.placement.screen): the user cannot see it (observed, rule 42)")
      }
    case .suppressed(let ref, let reasons):
      writeSuppressed(ref, reasons, into: &out)
    case .hidden(let ref, let cause):
      out.startLine()
      out += ref.tip
      out += " at "
      wording.writePlace(ref.placement, into: &out)
      out += " · "
      out += wording.describe(cause)
      if case .noLongerAvailable(let reasons) = cause { for reason in reasons { wording.write(reason, into: &out) } }
    case .invalidated(let tip, let reason, let displays, let maximum, let cause):
      out.line("\(style.bold(tip)) · \(reason.rawValue) · \(wording.describe(cause, displays: displays, maximum: maximum))")
    case .actionTapped(let tip, let action, let title):
      out.line("\(tip) action \(action) \"\(title)\" (actions do not invalidate by themselves, rule 8)")
    case .advanced(let from, let to):
      out.startLine()
      let span = to - from
      if span.seconds < 0 { out += "-" }
      span.forEachPart { count, unit in
        out.text.append(decimal: count)
        out.text.append(UInt8(truncatingIfNeeded: unit.value))
      }
      out += " to "
      wording.writeStamp(to, into: &out.text)
    case .timeStep(let causes):
      if causes.isEmpty { out.line("an iCloud delivery arrives (rule 39)") }
      for cause in causes { out.line(wording.describe(cause)) }
    case .statusChanged(let tip, let from, let to):
      out.line("\(tip): \(from) → \(to)")
    case .testing(let overrides):
      out.line(wording.describe(overrides))
    case .anchorChanged(let screen, let anchor, let visible, let tips):
      let effect = tips.isEmpty ? "" : " · \(tips.joined(separator: ", ")) \(visible ? "visible again" : "follows it out of sight")"
      out.line("\(screen).\(anchor) \(visible ? "back in view" : "scrolled away or collapsed")\(effect)")
    case .sheetChanged(let screen, let presented, let tips):
      let effect = tips.isEmpty ? "" : " · \(tips.joined(separator: ", ")) \(presented ? "covered" : "visible again")"
      out.line("\(presented ? "a sheet covers" : "the sheet leaves") \(screen)\(effect)")
    case .controlTapped(let screen, let anchor, let refusedBy):
      if let refusedBy {
        out.line("\(screen).\(anchor) refused: \(refusedBy) blocks the screen until it is dismissed")
      } else {
        out.line("\(screen).\(anchor)")
      }
    case .datastoreReset:
      out.line("Tips.resetDatastore(): tip, parameter and event records erased (rule 34)")
    case .eligibilityReset(let tip, let status):
      out.line("\(tip): resetEligibility, now \(status); display history kept (rule 7)")
    case .policySet(let name, let value):
      out.line("\(name) = \(value) (rule \(Policies.rule(of: name) ?? 0))")
    case .warning(let warning):
      out.line(wording.describe(warning))
    case .note(let note):
      out.line(wording.describe(note))
    case .synced(let from):
      out.line("tip records and donations from \(from) arrived (last writer wins, rule 39)")
    case .explanation(let explanation):
      out.add(ExplanationRenderer(wording: wording, style: style).lines(explanation))
    case .statusReport(let day, let lines):
      out.line("day \(day) since the start")
      out.add(wording.statusTable(lines))
    case .expectation(let result):
      guard !result.passed else { return out.line(result.text) }
      out.line("\((result.file ?? file).map { "\($0):" } ?? "line ")\(result.line.map(String.init) ?? "?"): expect \(result.text)")
      out.line("found: \(Wording.describe(result.found))")
      if let line = result.explainedAtLine {
        out.line("why: as for line \(line), above")
      } else if let explanation = result.explanation {
        out.add(ExplanationRenderer(wording: wording, style: style).lines(explanation))
      }
    }
  }

}
