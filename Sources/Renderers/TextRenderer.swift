import Foundation
import ScenarioLanguage
import Simulation
import TipEngine

/// Renders log records as aligned text for people: the instant, a verb column, and the
/// details, with every reason for a suppression on its own line.
public struct TextRenderer: Sendable {
  public var timeZone: SimTimeZone
  /// The stamps written last: a log's records come in runs at one instant, and their details
  /// repeat a few more.
  private var stamps = StampCache(separator: UInt8(ascii: " "))
  public var style: TextStyle
  /// The scenario file, for expectation failures (`FILE:LINE`).
  public var file: String?
  /// Suppressions written before, for a log's renderer (see `SuppressionTexts`).
  var suppressionTexts: SuppressionTexts?

  public init(timeZone: SimTimeZone, style: TextStyle = .plain, file: String? = nil) {
    self.timeZone = timeZone
    self.style = style
    self.file = file
  }

  static let verbWidth = 12
  /// Where the details of a record start: the stamp, two spaces, the verb column.
  static let detailIndent = 19 + 2 + verbWidth

  func stamp(_ instant: Instant) -> String { timeZone.civil(of: instant).logStamp }

  private mutating func writeStamp(_ instant: Instant, into out: inout ByteBuffer) {
    stamps.appendStamp(of: instant, in: timeZone, to: &out)
  }

  /// The record as one or more lines (no trailing newline).
  public func render(_ record: LogRecord) -> String {
    var bytes = ByteBuffer(capacity: 160)
    render(record, into: &bytes)
    return bytes.string
  }

  /// Appends the record's lines to `out` as UTF-8 (no trailing newline). A log is written as
  /// bytes into one buffer, without `String`'s checks of capacity and ASCII-ness at every
  /// small piece.
  func render(_ record: LogRecord, into out: inout ByteBuffer) {
    var renderer = self
    renderer.append(record, to: &out)
  }

  /// The same, reusing the stamps written before (a log's renderer).
  mutating func append(_ record: LogRecord, to out: inout ByteBuffer) {
    let (style, instant) = (style, record.instant)
    style.paint(.dim, into: &out) { stamps.appendRecordStamp(of: instant, in: timeZone, to: &$0) }
    renderAfterStamp(record, into: &out)
  }

  private mutating func renderAfterStamp(_ record: LogRecord, into out: inout ByteBuffer) {
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
    case .screenOpened: ("open", .cyan)
    case .screenClosed: ("close", .cyan)
    case .parameterChanged: ("set", nil)
    case .storeWritten: ("write", nil)
    case .donated: ("donate", nil)
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

  private mutating func writeSuppressed(_ ref: TipRef, _ reasons: [Suppression], into out: inout DetailLines) {
    out.startLine()
    let texts = out.writesInPlace ? suppressionTexts : nil
    let start = out.text.count
    if let texts, texts.append(ref, reasons, in: timeZone, to: &out.text) {
      assert(isFresh(out.text.bytes(from: start), ref, reasons), "suppression texts: \(ref.tip)'s kept text is stale")
      return
    }
    writeSuppressedText(ref, reasons, into: &out)
    texts?.keep(out.text.bytes(from: start), for: ref, reasons, in: timeZone)
  }

  /// Whether `kept` is the suppression's text written afresh (debug builds check every copy).
  private func isFresh(_ kept: UnsafeBufferPointer<UInt8>, _ ref: TipRef, _ reasons: [Suppression]) -> Bool {
    var renderer = self
    var fresh = DetailLines(text: ByteBuffer())
    fresh.startLine()
    renderer.writeSuppressedText(ref, reasons, into: &fresh)
    return fresh.text.bytes(from: 0).elementsEqual(kept)
  }

  /// What follows the start of a suppression's first line: lines after it start in place,
  /// so the text depends only on the tip, its reasons and the time zone.
  private mutating func writeSuppressedText(_ ref: TipRef, _ reasons: [Suppression], into out: inout DetailLines) {
    out += ref.tip
    out += " at "
    writePlace(ref.placement, into: &out)
    for reason in reasons { write(reason, into: &out) }
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
  private mutating func write(_ event: LogEvent, into out: inout DetailLines) {
    switch event {
    case .launched(let frequency, let reset):
      out.line("TipKit configured (frequency \(frequency.rawValue))")
      if !reset.isEmpty { out.line("transient parameters back to their defaults: \(reset.joined(separator: ", ")) (rule 10)") }
    case .quit:
      out.line("app terminated")
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
    case .storeWritten(let key, let value):
      out.line("\(key) = \(value)")
    case .donated(let event, let fields, let kept):
      writeDonated(event, fields, kept, into: &out)
    case .shown(let shown):
      out.startLine()
      out += style.bold(shown.ref.tip)
      out += " at "
      writePlace(shown.ref.placement, into: &out)
      out += " · "
      out += displayCount(shown.number, shown.maximum)
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
      writePlace(ref.placement, into: &out)
      out += " · "
      out += describe(cause)
      if case .noLongerAvailable(let reasons) = cause { for reason in reasons { write(reason, into: &out) } }
    case .invalidated(let tip, let reason, let displays, let maximum, let cause):
      out.line("\(style.bold(tip)) · \(reason.rawValue) · \(describe(cause, displays: displays, maximum: maximum))")
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
      writeStamp(to, into: &out.text)
    case .timeStep(let causes):
      if causes.isEmpty { out.line("an iCloud delivery arrives (rule 39)") }
      for cause in causes { out.line(describe(cause)) }
    case .statusChanged(let tip, let from, let to):
      out.line("\(tip): \(from) → \(to)")
    case .testing(let overrides):
      out.line(describe(overrides))
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
    case .warning(let message), .note(let message):
      out.line(message)
    case .synced(let from):
      out.line("tip records and donations from \(from) arrived (last writer wins, rule 39)")
    case .explanation(let explanation):
      out.add(ExplanationRenderer(renderer: self).lines(explanation))
    case .statusReport(let lines):
      out.add(statusTable(lines))
    case .expectation(let result):
      guard !result.passed else { return out.line(result.text) }
      out.line("\(file.map { "\($0):" } ?? "line ")\(result.line.map(String.init) ?? "?"): expect \(result.text)")
      out.line("found: \(result.found)")
      if let explanation = result.explanation { out.add(ExplanationRenderer(renderer: self).lines(explanation)) }
    }
  }

  func place(_ placement: Placement) -> String {
    var text = DetailLines()
    writePlace(placement, into: &text)
    return text.string
  }

  private func writePlace(_ placement: Placement, into out: inout DetailLines) {
    out += placement.screen
    out += "."
    out += placement.anchor
    if placement.style == .inline { out += " (inline)" }
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

  /// The suppressions' lines (`describe`), appended to `bytes` as a JSON array of strings,
  /// written in place.
  mutating func appendDetails(of suppressions: [Suppression], asJSONTo bytes: inout ByteBuffer) {
    var lines = DetailLines(jsonStrings: ByteBuffer())
    swap(&lines.text, &bytes)
    lines.text.append(UInt8(ascii: "["))
    for suppression in suppressions { write(suppression, into: &lines) }
    lines.finishJSONString()
    lines.text.append(UInt8(ascii: "]"))
    swap(&lines.text, &bytes)
  }

  /// One line per reason, each with the values that decided it.
  func describe(_ suppression: Suppression) -> [String] {
    var out = DetailLines()
    var renderer = self
    renderer.write(suppression, into: &out)
    return out.lines
  }

  private mutating func write(_ suppression: Suppression, into out: inout DetailLines) {
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
    var renderer = self
    renderer.write(hold, into: &out)
    return out.lines
  }

  private mutating func write(_ hold: Hold, into out: inout DetailLines) {
    switch hold {
    case .notConfigured: out.line("notConfigured: the app has not launched, TipKit is not configured (rule 25)")
    case .hiddenForTesting(let override): out.line("hiddenForTesting: \(override.rawValue) is in force (rule 33)")
    case .invalidated(let reason, let at):
      // The commonest reason of a long replay (a tip past its count, on every opening of its
      // screen): written piece by piece, the stamp in place.
      out.startLine()
      out += "invalidated: "
      out += reason.rawValue
      if let at {
        out += " at "
        writeStamp(at, into: &out.text)
      }
      out += "; permanent until reset (rule 6)"
    case .rules(let failing):
      for rule in failing {
        out.startLine()
        out += "rules: `"
        out += suppressionTexts?.ruleTexts.text(of: rule.rule) ?? rule.rule.description
        out += "` is false — "
        for (index, reading) in rule.readings.enumerated() {
          if index > 0 { out += ", " }
          write(reading, into: &out)
        }
        for case .parameter(let name, let value, _, let bound?) in rule.boundReadings {
          out.line("boundParameter: \(name) = \(value) mirrors \(bound) = \(value)")
        }
      }
    case .frequency(let f):
      out.startLine()
      out += "frequency: "
      out += f.frequency.rawValue
      out += " — a tip that never appeared waits until "
      writeStamp(f.intervalEnd, into: &out.text)
      out += " (interval started "
      writeStamp(f.intervalStart, into: &out.text)
      if let by = f.startedBy {
        out += " by "
        out += by
      }
      out += "; rule 26)"
    }
  }

  func describe(_ reading: Reading) -> String {
    var text = DetailLines()
    var renderer = self
    renderer.write(reading, into: &text)
    return text.string
  }

  private mutating func write(_ reading: Reading, into text: inout DetailLines) {
    switch reading {
    case .parameter(let name, let value, let source, let bound):
      text += name
      text += " = "
      text.write(value)
      text += " ("
      if let bound {
        text += "bound to "
        text += bound
      } else {
        switch source {
        case .defaultValue: text += "default"
        case .written(let at):
          text += "set "
          writeStamp(at, into: &text.text)
        }
      }
      text += ")"
    case .aggregate(let aggregate, let value):
      text += suppressionTexts?.ruleTexts.text(of: aggregate) ?? aggregate.description
      text += " = "
      text.text.append(decimal: Int64(value))
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
  public func padding(toLength length: Int) -> String {
    let width = displayWidth
    return width >= length ? self : self + String(repeating: " ", count: length - width)
  }

}

/// A record's detail lines as they are written, as UTF-8: into the record's text, where the
/// first follows the verb column and each later one starts a line under it; made with
/// `init()`, collected one string per line; or, made with `init(jsonStrings:)`, into a JSON
/// array's strings, escaped where they need it.
struct DetailLines: ~Copyable {
  var text: ByteBuffer
  /// Written before the first line (`[device] `).
  var firstLinePrefix = ""
  private enum Mode { case inPlace, collected, jsonStrings }
  private let mode: Mode
  private var collected: [String] = []
  private var started = false
  /// Where the current line's JSON string starts in `text`, while it is open.
  private var openString: Int?

  /// Lines written into `text`.
  init(text: consuming ByteBuffer) {
    self.text = text
    mode = .inPlace
  }

  /// Lines collected one by one (`lines`).
  init() {
    text = ByteBuffer()
    mode = .collected
  }

  /// Lines written into `text` as the strings of a JSON array (its brackets are the
  /// caller's; `finishJSONString()` ends the last line).
  init(jsonStrings text: consuming ByteBuffer) {
    self.text = text
    mode = .jsonStrings
  }

  static func += (lines: inout DetailLines, piece: String) { lines.text.append(utf8: piece) }

  /// Whether lines are written into `text` as the log shows them.
  var writesInPlace: Bool { mode == .inPlace }

  /// A value as the scenario language writes it; whole numbers and booleans without a string.
  mutating func write(_ value: Value) {
    switch value {
    case .int(let number): text.append(decimal: Int64(number))
    case .bool(let flag): text.append(utf8: flag ? "true" : "false")
    case .double, .string: text.append(utf8: value.description)
    }
  }

  /// Starts a line; what follows is appended to `text`.
  mutating func startLine() {
    switch mode {
    case .inPlace:
      if started {
        text.append(UInt8(ascii: "\n"))
        text.append(repeating: UInt8(ascii: " "), count: TextRenderer.detailIndent)
      } else {
        text.append(utf8: firstLinePrefix)
      }
    case .collected:
      if started {
        collected.append(string)
        text.removeLast(from: 0)
      } else {
        text.append(utf8: firstLinePrefix)
      }
    case .jsonStrings:
      if started {
        finishJSONString()
        text.append(UInt8(ascii: ","))
      }
      text.append(UInt8(ascii: "\""))
      openString = text.count
    }
    started = true
  }

  /// Ends the current line's JSON string: its bytes are escaped where they need it (rarely: a
  /// rule's string literal), and the quote closed. Nothing when no line was started.
  mutating func finishJSONString() {
    guard let start = openString else { return }
    openString = nil
    if text.bytes(from: start).contains(where: JSONValue.needsEscape) {
      let line = Array(text.bytes(from: start))
      text.removeLast(from: start)
      JSONValue.escape(line, into: &text)
    }
    text.append(UInt8(ascii: "\""))
  }

  mutating func line(_ line: String) {
    startLine()
    text.append(utf8: line)
  }

  mutating func add(_ lines: [String]) {
    for line in lines { self.line(line) }
  }

  /// What is written since the last line started, as a string.
  var string: String { text.string }

  /// The collected lines.
  var lines: [String] { started ? collected + [string] : [] }
}

/// What a log's renderer wrote for a tip's reasons, one tip per slot, where its name leads:
/// the text log's suppression (the tip, its place and its reasons' lines), or JSON Lines'
/// `reasons` and `details` members. A tip held back for the same reasons is logged again each
/// time its screen opens: in a long replay about seven suppressions in ten repeat the one
/// before for their tip, usually with the very array of reasons logged before, and writing
/// their reasons again (rule texts, stamps) was most of the rendering. A slot is overwritten
/// by the next tip that lands on it; a hit is checked in full (tip, place, zone and reasons,
/// by storage first). A log has one format, and so does its table.
///
/// One log's batches render one at a time (`LogPipeline`), each after the one before has
/// signalled that it is done, so the table is never used by two threads at once.
public final class SuppressionTexts: @unchecked Sendable {
  private struct Entry {
    var reasons: [Suppression]
    var ref: TipRef
    var zone: SimTimeZone
    var bytes: [UInt8]
  }
  private static let slots = 256
  /// Read and written in place: copying an entry out retained each of its parts.
  private let entries = UnsafeMutablePointer<Entry?>.allocate(capacity: slots)

  public init() { entries.initialize(repeating: nil, count: Self.slots) }

  deinit {
    entries.deinitialize(count: Self.slots)
    entries.deallocate()
  }

  /// The tip's slot, by the hash of its name the engine's name tables use.
  private func slot(of ref: TipRef) -> Int { NameKey.hash(of: ref.tip) & (Self.slots - 1) }

  /// Appends the text kept for these reasons of `ref` in `zone`, if any.
  func append(_ ref: TipRef, _ reasons: [Suppression], in zone: SimTimeZone, to out: inout ByteBuffer) -> Bool {
    let slot = slot(of: ref)
    guard entries[slot] != nil, entries[slot]!.ref == ref, entries[slot]!.zone == zone else { return false }
    if !entries[slot]!.reasons.sharesStorage(with: reasons) {
      guard entries[slot]!.reasons == reasons else { return false }
      // The same reasons in another array: that one is likelier to come again.
      entries[slot]!.reasons = reasons
    }
    entries[slot]!.bytes.withUnsafeBufferPointer { out.append($0) }
    return true
  }

  func keep(_ bytes: UnsafeBufferPointer<UInt8>, for ref: TipRef, _ reasons: [Suppression], in zone: SimTimeZone) {
    entries[slot(of: ref)] = Entry(reasons: reasons, ref: ref, zone: zone, bytes: Array(bytes))
  }

  /// Rules' and event aggregates' text, for suppressions written afresh.
  let ruleTexts = RuleTexts()
}
