import Simulation
import TipEngine

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

  /// A stamp as JSON Lines writes instants (`2026-11-01T09:00:00`), written by `write`.
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

  /// The lines that explain suppressions, written in place (`Wording.describe`).
  mutating func details(_ key: StaticString, _ reasons: [Suppression], _ text: Wording) {
    self.key(key)
    text.appendDetails(of: reasons, asJSONTo: &bytes)
  }

  /// A tip's reasons: their words (`reasons`), then their lines (`details`).
  mutating func reasons(_ reasons: [Suppression], _ text: Wording) {
    words("reasons", reasons)
    details("details", reasons, text)
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
