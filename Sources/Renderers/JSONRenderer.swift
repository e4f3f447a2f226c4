import Simulation
import TipEngine

/// Renders log records as JSON Lines: one object per record, keys in a fixed order. The
/// schema is documented in the language reference (TipSimKit.docc/ScenarioLanguage.md).
public struct JSONRenderer: Sendable {
  public var timeZone: SimTimeZone {
    get { wording.timeZone }
    set { wording.timeZone = newValue }
  }
  /// The words of the members that explain a record (`details`, `message`, `lines`).
  private var wording: Wording

  public init(timeZone: SimTimeZone) { wording = Wording(timeZone: timeZone) }

  public func render(_ record: LogRecord) -> String {
    var bytes = ByteBuffer(capacity: 256)
    render(record, into: &bytes)
    return bytes.string
  }

  /// Appends the record's object to `out` as UTF-8 (no trailing newline): a log's records go
  /// into one buffer, each written member by member, without a tree of values in between.
  func render(_ record: LogRecord, into out: inout ByteBuffer) {
    append(record, to: &out)
  }

  func append(_ record: LogRecord, to out: inout ByteBuffer) {
    var o = JSONObjectWriter()
    // The object is written in place: `out` is lent to the writer, not copied.
    swap(&o.bytes, &out)
    o.stamp("at") { $0.appendStamp(of: record.instant, in: timeZone, separator: UInt8(ascii: "T")) }
    write(record, into: &o)
    swap(&o.bytes, &out)
  }

  /// Writes the members after `at`, and closes the object.
  private func write(_ record: LogRecord, into o: inout JSONObjectWriter) {
    defer { o.close() }
    o.int("epoch", Int(record.instant.seconds))
    if let device = record.device { o.string("device", device) }
    switch record.event {
    case .launched(let frequency, let reset):
      o.string("kind", "launch")
      o.string("frequency", frequency.rawValue)
      o.strings("transientReset", reset)
    case .quit: o.string("kind", "quit")
    case .reacted(let place, let trigger):
      o.string("kind", "reaction")
      o.int("line", place.line)
      if let file = place.file { o.string("file", file) }
      o.string("trigger", trigger)
    case .scenePhase(let background, let screens):
      o.string("kind", background ? "background" : "foreground")
      o.strings("screens", screens)
    case .screenOpened(let screen):
      o.string("kind", "open")
      o.string("screen", screen)
    case .screenClosed(let screen):
      o.string("kind", "close")
      o.string("screen", screen)
    case .parameterChanged(let name, let from, let to, let via):
      o.string("kind", "set")
      o.string("parameter", name)
      o.value("value", to)
      o.value("previous", from)
      o.string("via", via?.description)
    case .conditionChanged(let name, let from, let to):
      o.string("kind", "setCondition")
      o.string("condition", name)
      o.bool("value", to)
      o.bool("previous", from)
    case .performed(let action, let inputs):
      o.string("kind", "perform")
      o.string("action", action)
      o.object("inputs") { f in
        for input in inputs { f.value(named: input.field, input.value) }
      }
    case .storeWritten(let key, let value):
      o.string("kind", "write")
      o.string("store", key.store)
      o.string("key", key.key)
      o.value("value", value)
    case .donated(let event, let fields, let kept):
      o.string("kind", "donate")
      o.string("event", event)
      o.object("fields") { f in
        for field in fields { f.value(named: field.field, field.value) }
      }
      o.int("kept", kept)
    case .donationsDeleted(let event, let count):
      o.string("kind", "deleteDonations")
      o.string("event", event)
      o.int("deleted", count)
    case .shown(let shown):
      o.string("kind", "shown")
      add(shown.ref, to: &o)
      o.int("display", shown.number)
      o.int("max", shown.maximum)
      o.bool("counted", shown.counted)
      o.string("override", shown.override?.rawValue)
      o.bool("startedInterval", shown.startedInterval)
      o.string("rendering", shown.rendering.word)
      o.string("quirk", shown.rendering.quirk?.id)
      o.bool("behindSheet", shown.behindSheet)
    case .suppressed(let ref, let reasons):
      o.string("kind", "suppressed")
      add(ref, to: &o)
      o.reasons(reasons, wording)
    case .hidden(let ref, let cause):
      o.string("kind", "hidden")
      add(ref, to: &o)
      o.string("cause", Self.name(of: cause))
      if case .noLongerAvailable(let reasons) = cause { o.reasons(reasons, wording) }
    case .invalidated(let tip, let reason, let displays, let maximum, let cause):
      o.string("kind", "invalidated")
      o.string("tip", tip)
      o.string("reason", reason.rawValue)
      o.int("displays", displays)
      o.int("max", maximum)
      o.string("cause", Self.name(of: cause))
    case .actionTapped(let tip, let action, let title):
      o.string("kind", "tap")
      o.string("tip", tip)
      o.string("action", action)
      o.string("title", title)
    case .advanced(let from, let to):
      o.string("kind", "advance")
      o.stamp("from") { $0.appendStamp(of: from, in: timeZone, separator: UInt8(ascii: "T")) }
      o.int("seconds", Int((to - from).seconds))
    case .timeStep(let causes):
      o.string("kind", "next")
      o.strings("causes", causes.map(wording.describe))
    case .statusChanged(let tip, let from, let to):
      o.string("kind", "statusChanged")
      o.string("tip", tip)
      o.string("from", from.description)
      o.string("to", to.description)
    case .testing(let t):
      o.string("kind", "testing")
      o.bool("showAll", t.showAll)
      o.bool("hideAll", t.hideAll)
      o.strings("show", t.show)
      o.strings("hide", t.hide)
    case .anchorChanged(let screen, let anchor, let visible, let tips):
      o.string("kind", visible ? "showAnchor" : "hideAnchor")
      o.string("screen", screen)
      o.string("anchor", anchor)
      o.strings("tips", tips)
    case .sheetChanged(let screen, let presented, let tips):
      o.string("kind", presented ? "presentSheet" : "dismissSheet")
      o.string("screen", screen)
      o.strings("tips", tips)
    case .controlTapped(let screen, let anchor, let refusedBy):
      o.string("kind", "tapControl")
      o.string("screen", screen)
      o.string("anchor", anchor)
      o.string("refusedBy", refusedBy)
    case .datastoreReset: o.string("kind", "resetDatastore")
    case .eligibilityReset(let tip, let status):
      o.string("kind", "resetEligibility")
      o.string("tip", tip)
      o.string("status", status.description)
    case .policySet(let name, let value):
      o.string("kind", "policy")
      o.string("name", name)
      o.string("value", value)
    case .warning(let warning):
      o.string("kind", "warning")
      o.string("code", warning.code)
      o.string("message", wording.describe(warning))
    case .note(let note):
      o.string("kind", "note")
      o.string("code", note.code)
      o.string("message", wording.describe(note))
    case .synced(let from):
      o.string("kind", "icloud")
      o.string("from", from)
    case .explanation(let e):
      o.string("kind", "why")
      o.string("tip", e.tip)
      o.string("status", e.decision.status.description)
      o.bool("onScreen", e.onScreen)
      o.strings("reasons", (e.decision.holds.map(Suppression.hold) + e.presentation).words)
      o.string("nextChange", e.nextChange.map { timeZone.civil(of: $0.at).isoStamp })
      o.strings("lines", ExplanationRenderer(wording: wording).lines(e))
    case .statusReport(let day, let lines):
      o.string("kind", "status")
      o.int("day", day)
      o.objects("tips", lines) { line, t in
        t.string("tip", line.tip)
        t.string("status", line.status.description)
        t.int("displays", line.displays)
        t.int("max", line.maximum)
        t.int("lastShownDay", line.lastShownDay)
        t.string("onScreen", line.onScreen.map { "\($0.screen).\($0.anchor)" })
      }
    case .expectation(let result):
      o.string("kind", "expect")
      o.bool("passed", result.passed)
      o.string("expectation", result.text)
      o.string("found", Wording.describe(result.found))
      o.int("line", result.line)
      if let file = result.file { o.string("file", file) }
    }
  }

  private func add(_ ref: TipRef, to o: inout JSONObjectWriter) {
    o.string("tip", ref.tip)
    o.string("screen", ref.placement.screen)
    o.string("anchor", ref.placement.anchor)
    o.string("style", ref.placement.style.rawValue)
  }

  static func name(of cause: HideCause) -> String {
    switch cause {
    case .screenClosed: "screenClosed"
    case .appQuit: "appQuit"
    case .appBackground: "appBackground"
    case .tappedOutside: "tappedOutside"
    case .closeButton: "closeButton"
    case .noLongerAvailable: "noLongerAvailable"
    case .displaced: "displaced"
    case .anchorHidden: "anchorHidden"
    case .otherTap: "otherTap"
    case .notPresented: "notPresented"
    }
  }

  static func name(of cause: InvalidationCause) -> String {
    switch cause {
    case .closeButton: "closeButton"
    case .command: "invalidate"
    case .displayCount: "maxDisplayCount"
    case .displayDuration: "maxDisplayDuration"
    }
  }
}

/// A JSON value with object keys kept in insertion order, so output is byte-stable.
public indirect enum JSONValue: Hashable, Sendable, ExpressibleByStringLiteral {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)

  public init(stringLiteral value: String) { self = .string(value) }

  /// Appends a scenario value as JSON (a non-finite number as null).
  static func serialize(_ value: Value, into out: inout ByteBuffer) {
    switch value {
    case .bool(let b): out.append(utf8: b ? "true" : "false")
    case .int(let i): out.append(decimal: Int64(i))
    case .double(let d): out.append(utf8: d.isFinite ? String(d) : "null")
    case .string(let s): quote(s, into: &out)
    case .null: out.append(utf8: "null")
    }
  }

  public var serialized: String {
    var out = ByteBuffer(capacity: 256)
    serialize(into: &out)
    return out.string
  }

  /// Appends the value's UTF-8 to `out`: one buffer for a whole record, and bytes rather than
  /// `String` appends, which check capacity and ASCII-ness at every small piece.
  func serialize(into out: inout ByteBuffer) {
    switch self {
    case .null: out.append(utf8: "null")
    case .bool(let b): out.append(utf8: b ? "true" : "false")
    case .int(let i): out.append(decimal: Int64(i))
    case .double(let d): out.append(utf8: d.isFinite ? String(d) : "null")
    case .string(let s): JSONValue.quote(s, into: &out)
    case .array(let items):
      out.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        item.serialize(into: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let o):
      out.append(UInt8(ascii: "{"))
      for (index, pair) in o.pairs.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        JSONValue.quote(pair.0, into: &out)
        out.append(UInt8(ascii: ":"))
        pair.1.serialize(into: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  /// A JSON string. Only ASCII bytes are ever escaped (quote, backslash, controls), and no byte of
  /// a multi-byte UTF-8 sequence is ASCII, so the escaping reads bytes.
  static func quote(_ s: String, into out: inout ByteBuffer) {
    out.append(UInt8(ascii: "\""))
    var s = s
    s.withUTF8 { bytes in
      // Most strings need no escape: one pass over the bytes finds out.
      if bytes.contains(where: needsEscape) { escape(bytes, into: &out) } else { out.append(bytes) }
    }
    out.append(UInt8(ascii: "\""))
  }

  /// Whether a byte of a string is escaped in JSON: a quote, a backslash or a control.
  @inline(__always)
  static func needsEscape(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x22 || byte == 0x5C }

  /// Appends a string's UTF-8 bytes escaped, without the quotes around them.
  static func escape(_ bytes: some Sequence<UInt8>, into out: inout ByteBuffer) {
    for byte in bytes {
      switch byte {
      case 0x22: out.append(utf8: #"\""#)
      case 0x5C: out.append(utf8: #"\\"#)
      case 0x0A: out.append(utf8: #"\n"#)
      case 0x0D: out.append(utf8: #"\r"#)
      case 0x09: out.append(utf8: #"\t"#)
      case ..<0x20:
        let hex = String(byte, radix: 16)
        out.append(utf8: "\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
      default: out.append(byte)
      }
    }
  }
}
