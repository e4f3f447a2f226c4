import Simulation
import TipEngine

/// Renders log records as JSON Lines: one object per record, keys in a fixed order. The
/// schema is documented in the language reference (TipSimKit.docc/ScenarioLanguage.md).
public struct JSONRenderer: Sendable {
  public var timeZone: SimTimeZone {
    get { text.timeZone }
    set { text.timeZone = newValue }
  }
  /// Writes the lines that explain a record.
  private var text: TextRenderer
  /// The `at` stamps written last: a log's records come in runs at one instant.
  private var stamps = StampCache(separator: UInt8(ascii: "T"))

  public init(timeZone: SimTimeZone) { text = TextRenderer(timeZone: timeZone) }

  /// Reasons written before, for a log's renderer (see `SuppressionTexts`).
  var suppressionTexts: SuppressionTexts? {
    get { text.suppressionTexts }
    set { text.suppressionTexts = newValue }
  }

  public func render(_ record: LogRecord) -> String {
    var bytes = ByteBuffer(capacity: 256)
    render(record, into: &bytes)
    return bytes.string
  }

  /// Appends the record's object to `out` as UTF-8 (no trailing newline): a log's records go
  /// into one buffer, each written member by member, without a tree of values in between.
  func render(_ record: LogRecord, into out: inout ByteBuffer) {
    var renderer = self
    renderer.append(record, to: &out)
  }

  /// The same, reusing the stamps written before (a log's renderer).
  mutating func append(_ record: LogRecord, to out: inout ByteBuffer) {
    var o = JSONObjectWriter()
    // The object is written in place: `out` is lent to the writer, not copied.
    swap(&o.bytes, &out)
    o.stamp("at") { stamps.appendRecordStamp(of: record.instant, in: timeZone, to: &$0) }
    write(record, into: &o)
    swap(&o.bytes, &out)
  }

  /// Writes the members after `at`, and closes the object.
  private mutating func write(_ record: LogRecord, into o: inout JSONObjectWriter) {
    defer { o.close() }
    o.int("epoch", Int(record.instant.seconds))
    if let device = record.device { o.string("device", device) }
    switch record.event {
    case .launched(let frequency, let reset):
      o.string("kind", "launch")
      o.string("frequency", frequency.rawValue)
      o.strings("transientReset", reset)
    case .quit: o.string("kind", "quit")
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
      o.reasons(of: ref, reasons, &text)
    case .hidden(let ref, let cause):
      o.string("kind", "hidden")
      add(ref, to: &o)
      o.string("cause", Self.name(of: cause))
      if case .noLongerAvailable(let reasons) = cause { o.reasons(of: ref, reasons, &text) }
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
      o.stamp("from") { stamps.appendStamp(of: from, in: timeZone, to: &$0) }
      o.int("seconds", Int((to - from).seconds))
    case .timeStep(let causes):
      o.string("kind", "next")
      o.strings("causes", causes.map(text.describe))
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
    case .warning(let message):
      o.string("kind", "warning")
      o.string("message", message)
    case .note(let message):
      o.string("kind", "note")
      o.string("message", message)
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
      o.strings("lines", ExplanationRenderer(renderer: text).lines(e))
    case .statusReport(let lines):
      o.string("kind", "status")
      o.objects("tips", lines) { line, t in
        t.string("tip", line.tip)
        t.string("status", line.status.description)
        t.int("displays", line.displays)
        t.int("max", line.maximum)
        t.string("onScreen", line.onScreen.map { "\($0.screen).\($0.anchor)" })
      }
    case .expectation(let result):
      o.string("kind", "expect")
      o.bool("passed", result.passed)
      o.string("expectation", result.text)
      o.string("found", result.found)
      o.int("line", result.line)
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
    case .tappedOutside: "tappedOutside"
    case .closeButton: "closeButton"
    case .noLongerAvailable: "noLongerAvailable"
    case .displaced: "displaced"
    case .anchorHidden: "anchorHidden"
    case .otherTap: "otherTap"
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

/// An ordered JSON object.
public struct JSONObject: Hashable, Sendable {
  public private(set) var pairs: [(String, JSONValue)] = []

  public init() {}

  public subscript(key: String) -> JSONValue? {
    get { pairs.first { $0.0 == key }?.1 }
    set {
      let value = newValue ?? .null
      if let index = pairs.firstIndex(where: { $0.0 == key }) { pairs[index].1 = value } else { pairs.append((key, value)) }
    }
  }

  public static func == (a: JSONObject, b: JSONObject) -> Bool {
    a.pairs.count == b.pairs.count && zip(a.pairs, b.pairs).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
  }

  public func hash(into hasher: inout Hasher) {
    for (k, v) in pairs {
      hasher.combine(k)
      hasher.combine(v)
    }
  }
}

/// A JSON object written member by member straight into `bytes`, keys in the order they are
/// written: the log's records are rendered without building a tree of values and serializing
/// it. Optional values are written as null.
struct JSONObjectWriter: ~Copyable {
  var bytes = ByteBuffer()
  private var members = 0

  /// Opens the object at its first member, or separates a member from the one before.
  private mutating func startMember() {
    bytes.append(members == 0 ? UInt8(ascii: "{") : UInt8(ascii: ","))
    members += 1
  }

  /// Starts a member: the separator, then the key, one of the schema's (plain ASCII).
  private mutating func key(_ name: StaticString) {
    startMember()
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
  }

  /// Ends the object (`{}` when it has no member).
  mutating func close() {
    if members == 0 { bytes.append(UInt8(ascii: "{")) }
    bytes.append(UInt8(ascii: "}"))
  }

  mutating func string(_ key: StaticString, _ value: String?) {
    self.key(key)
    if let value { JSONValue.quote(value, into: &bytes) } else { bytes.append(utf8: "null") }
  }

  mutating func int(_ key: StaticString, _ value: Int?) {
    self.key(key)
    if let value { bytes.append(decimal: Int64(value)) } else { bytes.append(utf8: "null") }
  }

  mutating func bool(_ key: StaticString, _ value: Bool) {
    self.key(key)
    bytes.append(utf8: value ? "true" : "false")
  }

  mutating func value(_ key: StaticString, _ value: Value?) {
    self.key(key)
    if let value { JSONValue.serialize(value, into: &bytes) } else { bytes.append(utf8: "null") }
  }

  /// A member whose key is a name of the scenario's (a donation's field), quoted as a string.
  mutating func value(named name: String, _ value: Value) {
    startMember()
    JSONValue.quote(name, into: &bytes)
    bytes.append(UInt8(ascii: ":"))
    JSONValue.serialize(value, into: &bytes)
  }

  /// A stamp as JSON Lines writes instants (`2026-11-01T09:00:00`), written by `write` (a
  /// `StampCache`).
  mutating func stamp(_ key: StaticString, _ write: (inout ByteBuffer) -> Void) {
    self.key(key)
    bytes.append(UInt8(ascii: "\""))
    write(&bytes)
    bytes.append(UInt8(ascii: "\""))
  }

  mutating func strings(_ key: StaticString, _ values: some Sequence<String>) {
    array(key, values) { JSONValue.quote($0, into: &$1.bytes) }
  }

  /// The reason words of suppressions, without repeats, in order (`[Suppression].words`).
  mutating func words(_ key: StaticString, _ reasons: [Suppression]) {
    // Each suppression has a first word and may have a second: two slots each, read lazily.
    // A word is written where it first appears.
    let firsts = (0..<reasons.count * 2).lazy.compactMap { slot -> String? in
      let (first, second) = reasons[slot / 2].wordPair
      guard let word = slot % 2 == 0 ? first : second else { return nil }
      return reasons[..<(slot / 2)].contains { $0.wordPair.0 == word || $0.wordPair.1 == word } ? nil : word
    }
    array(key, firsts) { JSONValue.quote($0, into: &$1.bytes) }
  }

  /// The lines that explain suppressions, written in place (`TextRenderer.describe`).
  mutating func details(_ key: StaticString, _ reasons: [Suppression], _ text: inout TextRenderer) {
    self.key(key)
    text.appendDetails(of: reasons, asJSONTo: &bytes)
  }

  /// A tip's reasons: their words (`reasons`), then their lines (`details`); in a log, as
  /// written for the same reasons of the tip before, when they were (`SuppressionTexts`).
  mutating func reasons(of ref: TipRef, _ reasons: [Suppression], _ text: inout TextRenderer) {
    // Kept only after other members, so their text starts with a comma wherever it is written.
    let texts = members > 0 ? text.suppressionTexts : nil
    let start = bytes.count
    if let texts, texts.append(ref, reasons, in: text.timeZone, to: &bytes) {
      members += 2
      assert(Self.isFresh(bytes.bytes(from: start), reasons, text), "suppression texts: \(ref.tip)'s kept reasons are stale")
      return
    }
    words("reasons", reasons)
    details("details", reasons, &text)
    texts?.keep(bytes.bytes(from: start), for: ref, reasons, in: text.timeZone)
  }

  /// Whether `kept` is what `reasons(of:_:_:)` writes afresh after other members (debug
  /// builds check every copy).
  private static func isFresh(_ kept: UnsafeBufferPointer<UInt8>, _ reasons: [Suppression], _ text: TextRenderer) -> Bool {
    var fresh = JSONObjectWriter()
    fresh.members = 1
    var text = text
    fresh.words("reasons", reasons)
    fresh.details("details", reasons, &text)
    return fresh.bytes.bytes(from: 0).elementsEqual(kept)
  }

  /// A member whose value is an object, written by `body`.
  mutating func object(_ key: StaticString, _ body: (inout JSONObjectWriter) -> Void) {
    self.key(key)
    nested(body)
  }

  /// A member whose value is an array of objects, one written by `body` per item.
  mutating func objects<Items: Sequence>(_ key: StaticString, _ items: Items, _ body: (Items.Element, inout JSONObjectWriter) -> Void) {
    array(key, items) { item, writer in writer.nested { body(item, &$0) } }
  }

  /// A member whose value is an array, each item written by `element`.
  private mutating func array<Items: Sequence>(
    _ key: StaticString, _ items: Items, _ element: (Items.Element, inout JSONObjectWriter) -> Void
  ) {
    self.key(key)
    bytes.append(UInt8(ascii: "["))
    var first = true
    for item in items {
      if !first { bytes.append(UInt8(ascii: ",")) }
      first = false
      element(item, &self)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  private mutating func nested(_ body: (inout JSONObjectWriter) -> Void) {
    var inner = JSONObjectWriter()
    swap(&inner.bytes, &bytes)
    body(&inner)
    inner.close()
    swap(&inner.bytes, &bytes)
  }
}
