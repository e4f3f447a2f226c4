import Simulation
import TipEngine

/// Renders log records as JSON Lines: one object per record, keys in a fixed order. The
/// schema is documented in the language reference (TipSimKit.docc/ScenarioLanguage.md).
public struct JSONRenderer: Sendable {
  public var timeZone: SimTimeZone

  public init(timeZone: SimTimeZone) { self.timeZone = timeZone }

  public func render(_ record: LogRecord) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(256)
    render(record, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the record's object to `out` as UTF-8 (no trailing newline): a log's records go
  /// into one buffer.
  public func render(_ record: LogRecord, into out: inout [UInt8]) {
    object(of: record).serialize(into: &out)
  }

  private func object(of record: LogRecord) -> JSONValue {
    var o = JSONObject()
    o["at"] = .string(timeZone.civil(of: record.instant).isoStamp)
    o["epoch"] = .int(Int(record.instant.seconds))
    if let device = record.device { o["device"] = .string(device) }
    let text = TextRenderer(timeZone: timeZone)
    switch record.event {
    case .launched(let frequency, let reset):
      o["kind"] = "launch"
      o["frequency"] = .string(frequency.rawValue)
      o["transientReset"] = .array(reset.map(JSONValue.string))
    case .quit: o["kind"] = "quit"
    case .screenOpened(let screen):
      o["kind"] = "open"
      o["screen"] = .string(screen)
    case .screenClosed(let screen):
      o["kind"] = "close"
      o["screen"] = .string(screen)
    case .parameterChanged(let name, let from, let to, let via):
      o["kind"] = "set"
      o["parameter"] = .string(name)
      o["value"] = JSONValue(to)
      o["previous"] = JSONValue(from)
      o["via"] = via.map { .string($0.description) } ?? .null
    case .storeWritten(let key, let value):
      o["kind"] = "write"
      o["store"] = .string(key.store)
      o["key"] = .string(key.key)
      o["value"] = JSONValue(value)
    case .donated(let event, let fields, let kept):
      o["kind"] = "donate"
      o["event"] = .string(event)
      var f = JSONObject()
      for field in fields { f[field.field] = JSONValue(field.value) }
      o["fields"] = .object(f)
      o["kept"] = .int(kept)
    case .shown(let shown):
      o["kind"] = "shown"
      add(shown.ref, to: &o)
      o["display"] = .int(shown.number)
      o["max"] = shown.maximum.map(JSONValue.int) ?? .null
      o["counted"] = .bool(shown.counted)
      o["override"] = shown.override.map { .string($0.rawValue) } ?? .null
      o["startedInterval"] = .bool(shown.startedInterval)
      o["rendering"] = .string(shown.rendering.word)
      o["quirk"] = shown.rendering.quirk.map { .string($0.id) } ?? .null
      o["behindSheet"] = .bool(shown.behindSheet)
    case .suppressed(let ref, let reasons):
      o["kind"] = "suppressed"
      add(ref, to: &o)
      o["reasons"] = .array(reasons.words.map(JSONValue.string))
      o["details"] = .array(reasons.flatMap(text.describe).map(JSONValue.string))
    case .hidden(let ref, let cause):
      o["kind"] = "hidden"
      add(ref, to: &o)
      o["cause"] = .string(Self.name(of: cause))
      if case .noLongerAvailable(let reasons) = cause {
        o["reasons"] = .array(reasons.words.map(JSONValue.string))
        o["details"] = .array(reasons.flatMap(text.describe).map(JSONValue.string))
      }
    case .invalidated(let tip, let reason, let displays, let maximum, let cause):
      o["kind"] = "invalidated"
      o["tip"] = .string(tip)
      o["reason"] = .string(reason.rawValue)
      o["displays"] = .int(displays)
      o["max"] = maximum.map(JSONValue.int) ?? .null
      o["cause"] = .string(Self.name(of: cause))
    case .actionTapped(let tip, let action, let title):
      o["kind"] = "tap"
      o["tip"] = .string(tip)
      o["action"] = .string(action)
      o["title"] = .string(title)
    case .advanced(let from, let to):
      o["kind"] = "advance"
      o["from"] = .string(timeZone.civil(of: from).isoStamp)
      o["seconds"] = .int(Int((to - from).seconds))
    case .timeStep(let causes):
      o["kind"] = "next"
      o["causes"] = .array(causes.map { .string(text.describe($0)) })
    case .statusChanged(let tip, let from, let to):
      o["kind"] = "statusChanged"
      o["tip"] = .string(tip)
      o["from"] = .string(from.description)
      o["to"] = .string(to.description)
    case .testing(let t):
      o["kind"] = "testing"
      o["showAll"] = .bool(t.showAll)
      o["hideAll"] = .bool(t.hideAll)
      o["show"] = .array(t.show.map(JSONValue.string))
      o["hide"] = .array(t.hide.map(JSONValue.string))
    case .anchorChanged(let screen, let anchor, let visible, let tips):
      o["kind"] = visible ? "showAnchor" : "hideAnchor"
      o["screen"] = .string(screen)
      o["anchor"] = .string(anchor)
      o["tips"] = .array(tips.map(JSONValue.string))
    case .sheetChanged(let screen, let presented, let tips):
      o["kind"] = presented ? "presentSheet" : "dismissSheet"
      o["screen"] = .string(screen)
      o["tips"] = .array(tips.map(JSONValue.string))
    case .controlTapped(let screen, let anchor, let refusedBy):
      o["kind"] = "tapControl"
      o["screen"] = .string(screen)
      o["anchor"] = .string(anchor)
      o["refusedBy"] = refusedBy.map(JSONValue.string) ?? .null
    case .datastoreReset: o["kind"] = "resetDatastore"
    case .eligibilityReset(let tip, let status):
      o["kind"] = "resetEligibility"
      o["tip"] = .string(tip)
      o["status"] = .string(status.description)
    case .policySet(let name, let value):
      o["kind"] = "policy"
      o["name"] = .string(name)
      o["value"] = .string(value)
    case .warning(let message):
      o["kind"] = "warning"
      o["message"] = .string(message)
    case .note(let message):
      o["kind"] = "note"
      o["message"] = .string(message)
    case .synced(let from):
      o["kind"] = "icloud"
      o["from"] = .string(from)
    case .explanation(let e):
      o["kind"] = "why"
      o["tip"] = .string(e.tip)
      o["status"] = .string(e.decision.status.description)
      o["onScreen"] = .bool(e.onScreen)
      o["reasons"] = .array((e.decision.holds.map(Suppression.hold) + e.presentation).words.map(JSONValue.string))
      o["nextChange"] = e.nextChange.map { .string(timeZone.civil(of: $0.at).isoStamp) } ?? .null
      o["lines"] = .array(ExplanationRenderer(renderer: text).lines(e).map(JSONValue.string))
    case .statusReport(let lines):
      o["kind"] = "status"
      o["tips"] = .array(
        lines.map { line in
          var t = JSONObject()
          t["tip"] = .string(line.tip)
          t["status"] = .string(line.status.description)
          t["displays"] = .int(line.displays)
          t["max"] = line.maximum.map(JSONValue.int) ?? .null
          t["onScreen"] = line.onScreen.map { .string("\($0.screen).\($0.anchor)") } ?? .null
          return .object(t)
        })
    case .expectation(let result):
      o["kind"] = "expect"
      o["passed"] = .bool(result.passed)
      o["expectation"] = .string(result.text)
      o["found"] = .string(result.found)
      o["line"] = result.line.map(JSONValue.int) ?? .null
    }
    return .object(o)
  }

  private func add(_ ref: TipRef, to o: inout JSONObject) {
    o["tip"] = .string(ref.tip)
    o["screen"] = .string(ref.placement.screen)
    o["anchor"] = .string(ref.placement.anchor)
    o["style"] = .string(ref.placement.style.rawValue)
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

  init(_ value: Value) {
    switch value {
    case .bool(let b): self = .bool(b)
    case .int(let i): self = .int(i)
    case .double(let d): self = .double(d)
    case .string(let s): self = .string(s)
    }
  }

  public var serialized: String {
    var out: [UInt8] = []
    out.reserveCapacity(256)
    serialize(into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends the value's UTF-8 to `out`: one buffer for a whole record, and bytes rather than
  /// `String` appends, which check capacity and ASCII-ness at every small piece.
  func serialize(into out: inout [UInt8]) {
    switch self {
    case .null: out += "null".utf8
    case .bool(let b): out += (b ? "true" : "false").utf8
    case .int(let i): out += String(i).utf8
    case .double(let d): out += (d.isFinite ? String(d) : "null").utf8
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
  static func quote(_ s: String, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    defer { out.append(UInt8(ascii: "\"")) }
    var s = s
    s.withUTF8 { bytes in
      // Most strings need no escape: one pass over the bytes finds out.
      guard bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
        out.append(contentsOf: bytes)
        return
      }
      for byte in bytes {
        switch byte {
        case 0x22: out += #"\""#.utf8
        case 0x5C: out += #"\\"#.utf8
        case 0x0A: out += #"\n"#.utf8
        case 0x0D: out += #"\r"#.utf8
        case 0x09: out += #"\t"#.utf8
        case ..<0x20:
          let hex = String(byte, radix: 16)
          out += ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8
        default: out.append(byte)
        }
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
