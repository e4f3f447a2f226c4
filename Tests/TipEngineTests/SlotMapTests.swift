import Testing
import TipEngine

/// `SlotMap` answers as a dictionary keyed by name; its slots and layouts never show in its
/// value, and an engine reading the datastore by slot reads what a lookup by name reads.
@Suite struct SlotMapTests {
  @Test func answersLikeADictionaryThroughInsertionsUpdatesRemovalsAndCompaction() {
    var map = SlotMap<Int>()
    var dictionary: [String: Int] = [:]
    var state: UInt64 = 7
    for step in 0..<20_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let name = "n\(Int(state >> 33) % 60)"
      switch step % 5 {
      case 0, 1:
        map[name] = step
        dictionary[name] = step
      case 2:
        // Removals leave vacant slots, compacted once they outnumber the entries.
        #expect(map.removeValue(forKey: name) == dictionary.removeValue(forKey: name))
      case 3:
        map[name, default: 0] += 1
        dictionary[name, default: 0] += 1
      default:
        // Through optional chaining, and nil removes.
        map[name]? += 2
        dictionary[name]? += 2
        if step % 7 == 0 {
          map[name] = nil
          dictionary[name] = nil
        }
      }
      #expect(map[name] == dictionary[name])
    }
    #expect(map.count == dictionary.count)
    #expect(Dictionary(uniqueKeysWithValues: map.map { ($0.key, $0.value) }) == dictionary)
    for (name, value) in dictionary {
      let slot = map.slot(of: name)
      #expect(slot.flatMap { map[slot: $0] } == value)
    }
  }

  @Test func equalityAndHashIgnoreTheOrderNamesArrivedIn() {
    let forward: SlotMap<Int> = ["a": 1, "b": 2, "c": 3]
    var backward = SlotMap<Int>()
    for (name, value) in [("c", 3), ("b", 2), ("a", 1)] { backward[name] = value }
    #expect(forward == backward)
    #expect(forward.hashValue == backward.hashValue)
    #expect(forward.layout !== backward.layout)
    // Iteration is in the order names arrived in.
    #expect(forward.keys == ["a", "b", "c"])
    #expect(backward.keys == ["c", "b", "a"])
    backward["b"] = 5
    #expect(forward != backward)
  }

  @Test func anInsertionSaysWhatChangedAndAnUpdateKeepsTheLayout() {
    var map: SlotMap<Int> = ["a": 1]
    let before = map.layout
    map["a"] = 2
    #expect(map.layout === before)
    map["b", default: 0] += 1
    #expect(map.layout !== before)
    #expect(map.lastInsertion.map { $0.after === before } == true)
    #expect(map.lastInsertion?.name == "b")
    #expect(map.lastInsertion.map { map[slot: $0.slot] } == 1)
    let afterInsertion = map.layout
    map.removeValue(forKey: "a")
    #expect(map.layout !== afterInsertion)
    #expect(map.lastInsertion == nil)
  }

  /// Two copies of an engine that diverge insert different names into the same slot; a
  /// datastore carried from one to the other (iCloud, rule 39) is read by name again.
  @Test func rule39_anEngineReadsADatastoreFromAnotherCopyByItsOwnSlots() throws {
    let tips = [tip("a", rules: [ge(.aggregate(EventAggregate(event: "e")), 1)]), tip("b", rules: [eq(param("p"), .bool(true))])]
    var phone = makeEngine(
      tips: tips, parameters: [ParameterDefinition(name: "p", defaultValue: .bool(false))],
      events: [EventDefinition(id: "e"), EventDefinition(id: "f")])
    var pad = phone
    _ = try phone.donate("e", at: t0 + .seconds(1))
    _ = try pad.donate("f", at: t0 + .seconds(1))
    _ = try pad.donate("f", at: t0 + .seconds(2))
    _ = try pad.setParameter("p", to: .bool(true), at: t0 + .seconds(2))
    #expect(pad.aggregateValue(EventAggregate(event: "e"), at: t0 + .seconds(3)) == 0)
    #expect(pad.status(of: "b", at: t0 + .seconds(3)) == .available)
    pad.datastore = phone.datastore
    #expect(pad.aggregateValue(EventAggregate(event: "e"), at: t0 + .seconds(3)) == 1)
    #expect(pad.aggregateValue(EventAggregate(event: "f"), at: t0 + .seconds(3)) == 0)
    #expect(pad.status(of: "a", at: t0 + .seconds(3)) == .available)
    #expect(pad.status(of: "b", at: t0 + .seconds(3)) == .pending)
    // A definition made after the datastore holds its records reads them.
    pad.catalog.define(tip("c", rules: [ge(.aggregate(EventAggregate(event: "e")), 1)], id: "a"))
    display(&pad, "a", at: t0 + .seconds(4))
    #expect(pad.record(of: "c").displayCount == 1)
  }
}
