/// One donation of an event: its instant and optional field values (spec rule 15).
public struct Donation: Hashable, Sendable {
  public var instant: Instant
  public var fields: [String: Value]

  public init(instant: Instant, fields: [String: Value] = [:]) {
    self.instant = instant
    self.fields = fields
  }
}
