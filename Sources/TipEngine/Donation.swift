/// One donation of an event: its instant and optional field values (spec rule 15).
package struct Donation: Hashable, Sendable {
  package var instant: Instant
  package var fields: [String: Value]

  package init(instant: Instant, fields: [String: Value] = [:]) {
    self.instant = instant
    self.fields = fields
  }
}
