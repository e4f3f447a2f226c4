import Testing
import TipEngine

/// Spec section 10: sync across devices.
@Suite struct SyncTests {
  let definitions = (tips: [tip("a"), tip("b", options: TipOptions(maxDisplayCount: 3))], events: [EventDefinition(id: "e")])

  @Test func rule39_aTipInvalidatedOnOneDeviceIsInvalidatedOnTheOtherAfterSync() throws {
    var phone = makeEngine(tips: definitions.tips, events: definitions.events)
    var pad = phone
    try phone.invalidate("a", reason: .tipClosed, at: t0 + .seconds(5))
    display(&pad, "b", at: t0 + .seconds(1), for: .seconds(2))
    _ = try phone.donate("e", at: t0 + .seconds(3))
    _ = try pad.donate("e", at: t0 + .seconds(4))
    let limits: (String) -> DonationLimit = { _ in DonationLimit() }
    pad.datastore = pad.datastore.merged(with: phone.datastore, limits: limits)
    #expect(pad.status(of: "a", at: t0 + .seconds(6)) == .invalidated(.tipClosed))
    // The pad's own display history is newer than anything the phone wrote about b.
    #expect(pad.record(of: "b").displayCount == 1)
    #expect(pad.aggregateValue(EventAggregate(event: "e"), at: t0 + .seconds(6)) == 2)
    // Syncing back and forth does not count a donation twice.
    phone.datastore = phone.datastore.merged(with: pad.datastore, limits: limits)
    pad.datastore = pad.datastore.merged(with: phone.datastore, limits: limits)
    #expect(phone.aggregateValue(EventAggregate(event: "e"), at: t0 + .seconds(6)) == 2)
    #expect(pad.aggregateValue(EventAggregate(event: "e"), at: t0 + .seconds(6)) == 2)
    #expect(phone.record(of: "b").displayCount == 1)
  }

  @Test func rule39_theLastWriterWins() throws {
    var phone = makeEngine(tips: definitions.tips, events: definitions.events)
    var pad = phone
    try phone.invalidate("a", reason: .tipClosed, at: t0 + .seconds(5))
    try pad.invalidate("a", reason: .actionPerformed, at: t0 + .seconds(9))
    let merged = phone.datastore.merged(with: pad.datastore) { _ in DonationLimit() }
    #expect(merged.tips["a"]?.invalidation == .actionPerformed)
    let reverse = pad.datastore.merged(with: phone.datastore) { _ in DonationLimit() }
    #expect(reverse.tips["a"]?.invalidation == .actionPerformed)
  }

  @Test func rule39_withoutSyncStateIsPerDevice() throws {
    var phone = makeEngine(tips: definitions.tips, events: definitions.events)
    let pad = phone
    try phone.invalidate("a", reason: .tipClosed, at: t0)
    #expect(pad.status(of: "a", at: t0) == .available)
  }
}
