import Testing
import TipEngine

/// Spec sections 2 and 3: parameters, events and donations.
@Suite struct ParameterAndEventTests {
  let flag = ParameterDefinition(name: "flag", defaultValue: .bool(false))
  let step = ParameterDefinition(name: "step", defaultValue: .int(0), isTransient: true)

  @Test func rule9_parametersHaveDefaultsAndPersistAcrossLaunches() throws {
    var engine = makeEngine(tips: [], parameters: [flag])
    #expect(engine.parameterValue("flag")?.value == .bool(false))
    #expect(engine.parameterValue("flag")?.source == .defaultValue)
    _ = try engine.setParameter("flag", to: .bool(true), at: t0)
    engine.terminate(at: t0 + .hours(1))
    engine.configure(at: t0 + .days(2))
    #expect(engine.parameterValue("flag")?.value == .bool(true))
    #expect(engine.parameterValue("flag")?.source == .written(at: t0))
  }

  @Test func rule10_transientParametersResetOnEachLaunch() throws {
    var engine = makeEngine(tips: [], parameters: [flag, step])
    _ = try engine.setParameter("step", to: .int(3), at: t0)
    engine.terminate(at: t0)
    #expect(engine.configure(at: t0 + .seconds(1)) == ["step"])
    #expect(engine.parameterValue("step")?.value == .int(0))
  }

  @Test func rule11_writesBeforeConfigurationHaveNoEffect() throws {
    var engine = makeEngine(tips: [], parameters: [flag], events: [EventDefinition(id: "e")], configured: false)
    #expect(try engine.setParameter("flag", to: .bool(true), at: t0) == .ignoredNotConfigured)
    #expect(try engine.donate("e", at: t0) == nil)
    engine.configure(at: t0)
    #expect(engine.parameterValue("flag")?.value == .bool(false))
    #expect(engine.aggregateValue(EventAggregate(event: "e"), at: t0) == 0)
  }

  @Test func rule12_aParameterWriteChangesEveryDependentRuleAtOnce() throws {
    var engine = makeEngine(
      tips: [tip("a", rules: [eq(param("flag"), .bool(true))]), tip("b", rules: [eq(param("flag"), .bool(false))])], parameters: [flag])
    #expect(engine.status(of: "a", at: t0) == .pending)
    #expect(engine.status(of: "b", at: t0) == .available)
    _ = try engine.setParameter("flag", to: .bool(true), at: t0)
    #expect(engine.status(of: "a", at: t0) == .available)
    #expect(engine.status(of: "b", at: t0) == .pending)
  }

  /// Rule 12's dependents, as the simulator finds them after a write or a donation: the
  /// tips reading a parameter or an event, by its index, are those listed by its name,
  /// whether it was defined before the tips that read it or after.
  @Test func rule12_theReadersOfAnInputByIndexAreThoseByNameInAnyDefinitionOrder() {
    let count = Expression.aggregate(EventAggregate(event: "e", within: .days(1)))
    let tips = [
      tip("a", rules: [eq(param("flag"), .bool(true))]), tip("b", rules: [ge(count, 1)]),
      tip("c", rules: [eq(param("flag"), .bool(false)), ge(count, 2)]), tip("d"),
    ]
    var before = TipCatalog()
    before.define(flag)
    before.define(EventDefinition(id: "e"))
    for t in tips { before.define(t) }
    var after = TipCatalog()
    for t in tips { after.define(t) }
    after.define(tip("e", rules: [eq(param("step"), .int(1))]))
    after.define(EventDefinition(id: "e"))
    after.define(step)
    after.define(flag)
    for catalog in [before, after] {
      for (index, parameter) in catalog.parameters.enumerated() {
        #expect(catalog.readers(ofParameterAt: index) == catalog.parameterReaders[parameter.name] ?? [])
      }
      for (index, event) in catalog.events.enumerated() {
        #expect(catalog.readers(ofEventAt: index) == catalog.eventReaders[event.id] ?? [])
      }
      #expect(catalog.readers(ofParameterAt: catalog.index(ofParameter: "flag")!) == [0, 2])
      #expect(catalog.readers(ofEventAt: catalog.index(ofEvent: "e")!) == [1, 2])
    }
    #expect(after.readers(ofParameterAt: after.index(ofParameter: "step")!) == [4])
  }

  @Test(arguments: [
    (Value.int(3), ComparisonOperator.greaterOrEqual, Value.double(2.5), true),
    (.double(1.5), .less, .int(2), true),
    (.string("pro"), .equal, .string("pro"), true),
    (.string("a"), .less, .string("b"), true),
    (.bool(true), .notEqual, .bool(false), true),
    (.bool(true), .less, .bool(false), false),
    (.int(1), .equal, .string("1"), false),
  ])
  func rule13_valuesAreBoolIntDoubleString(left: Value, op: ComparisonOperator, right: Value, result: Bool) {
    #expect(left.compare(op, right) == result)
  }

  @Test func rule14_anEventIsKeyedByIDAndSharedByEveryTipNamingIt() throws {
    let rule = ge(.aggregate(EventAggregate(event: "opened")), 2)
    var engine = makeEngine(tips: [tip("a", rules: [rule]), tip("b", rules: [rule])], events: [EventDefinition(id: "opened")])
    _ = try engine.donate("opened", at: t0)
    _ = try engine.donate("opened", at: t0)
    #expect(engine.status(of: "a", at: t0) == .available)
    #expect(engine.status(of: "b", at: t0) == .available)
  }

  @Test func rule15_aDonationRecordsItsInstantAndFieldValues() throws {
    var engine = makeEngine(tips: [], events: [EventDefinition(id: "viewed", fields: ["id"])])
    _ = try engine.donate("viewed", fields: ["id": .int(2)], at: t0 + .seconds(7))
    let donation = try #require(engine.datastore.events["viewed"]?.donations.first)
    #expect(donation.instant == t0 + .seconds(7))
    #expect(donation.fields == ["id": .int(2)])
  }

  @Test(arguments: [
    (EventAggregate(event: "v"), 6),
    (EventAggregate(event: "v", within: .days(5)), 4),
    (EventAggregate(event: "v", filter: .comparison(field: "id", .equal, .int(2))), 4),
    (EventAggregate(event: "v", within: .days(5), filter: .comparison(field: "id", .equal, .int(2))), 3),
    (EventAggregate(event: "v", kind: .largestSubset(by: "id")), 4),
    (EventAggregate(event: "v", kind: .smallestSubset(by: "id")), 1),
    (EventAggregate(event: "v", kind: .largestSubset(by: "id"), within: .days(5)), 3),
    (EventAggregate(event: "v", kind: .smallestSubset(by: "id"), within: .days(5)), 1),
    (EventAggregate(event: "v", kind: .largestSubset(by: "id"), filter: .not(.comparison(field: "id", .equal, .int(2)))), 1),
  ])
  func rule16_aggregateHelpersChain(aggregate: EventAggregate, expected: Int) throws {
    var engine = makeEngine(tips: [], events: [EventDefinition(id: "v", fields: ["id"])])
    // ids 2, 3 ten days ago; 2, 2, 2, 7 within the last five days.
    let now = t0 + .days(20)
    for (id, age) in [(2, TimeSpan.days(10)), (3, .days(10)), (2, .days(4)), (2, .days(3)), (2, .hours(1)), (7, .hours(1))] {
      engine.datastore.events["v", default: DonationLog()].append(
        Donation(instant: now - age, fields: ["id": .int(id)]), limit: DonationLimit())
    }
    #expect(engine.aggregateValue(aggregate, at: now) == expected)
  }

  /// Subsets are counted by a linear search over the values until there are more than 16,
  /// then by a table: both give the counts a plain tally gives, with one or more fields.
  @Test(arguments: [3, 16, 17, 40])
  func rule16_subsetsOverManyDistinctValues(distinct: Int) throws {
    var engine = makeEngine(tips: [], events: [EventDefinition(id: "v", fields: ["id", "kind"])])
    var rng = 7
    var tally: [Int: Int] = [:]
    for i in 0..<300 {
      rng = (rng &* 1_103_515_245 &+ 12_345) & 0x7fff_ffff
      let id = rng % distinct
      tally[id, default: 0] += 1
      let fields: [String: Value] = i % 2 == 0 ? ["id": .int(id)] : ["id": .int(id), "kind": .string("k")]
      engine.datastore.events["v", default: DonationLog()].append(
        Donation(instant: t0 + .seconds(Int64(i)), fields: fields), limit: DonationLimit())
    }
    let now = t0 + .hours(1)
    #expect(engine.aggregateValue(EventAggregate(event: "v", kind: .largestSubset(by: "id")), at: now) == tally.values.max())
    #expect(engine.aggregateValue(EventAggregate(event: "v", kind: .smallestSubset(by: "id")), at: now) == tally.values.min())
    #expect(engine.aggregateValue(EventAggregate(event: "v", kind: .largestSubset(by: "kind")), at: now) == 150)
  }

  @Test func rule17_aDonationLeavesItsWindowAtExactlyDatePlusWindow() throws {
    let rule = ge(.aggregate(EventAggregate(event: "v", within: .days(5))), 1)
    var engine = makeEngine(tips: [tip("a", rules: [rule])], events: [EventDefinition(id: "v")])
    _ = try engine.donate("v", at: t0)
    let exit = t0 + .days(5)
    #expect(engine.status(of: "a", at: exit - .seconds(1)) == .available)
    #expect(engine.status(of: "a", at: exit) == .pending)
    #expect(engine.nextChange(after: t0) == exit)
    #expect(engine.nextStatusChange(of: "a", after: t0) == TipEngine.StatusChange(at: exit, status: .pending))
  }

  /// A tip's next change counts a window at its first departure, except where every rule of
  /// the tip reading it is a threshold on the unfiltered count that holds: then at the
  /// departure that leaves one too few (`>= 2` over three donations: the second departure).
  @Test func rule17_aTipsNextChangeSkipsDeparturesItsHoldingThresholdsDoNotFeel() throws {
    let window = EventAggregate(event: "v", within: .hours(1))
    let filtered = EventAggregate(event: "v", within: .hours(1), filter: .comparison(field: "k", .equal, .int(1)))
    var engine = makeEngine(
      tips: [
        tip("atLeastTwo", rules: [ge(.aggregate(window), 2)]),
        tip("moreThanOne", rules: [.comparison(.aggregate(window), .greater, .literal(.int(1)))]),
        tip("atLeastFive", rules: [ge(.aggregate(window), 5)]),
        tip("alsoFiltered", rules: [ge(.aggregate(window), 2), ge(.aggregate(filtered), 0)]),
        tip("always", rules: [ge(.aggregate(window), 0)]),
      ],
      events: [EventDefinition(id: "v", fields: ["k"])])
    for minutes in [0, 10, 20] { _ = try engine.donate("v", fields: ["k": .int(1)], at: t0 + .minutes(Int64(minutes))) }
    let now = t0 + .minutes(20)
    func next(_ tip: String) -> Instant? { engine.nextChange(after: now, forTipAt: engine.catalog.index(ofTip: tip)!) }
    #expect(next("atLeastTwo") == t0 + .minutes(70))
    #expect(next("moreThanOne") == t0 + .minutes(70))
    #expect(next("atLeastFive") == t0 + .minutes(60))
    #expect(next("alsoFiltered") == t0 + .minutes(60))
    #expect(next("always") == nil)
    // A scan over the tips gives the earliest of theirs; `next` still stops at every departure.
    #expect(engine.nextChange(after: now, readByTipsAt: [0, 1, 0]) == t0 + .minutes(70))
    #expect(engine.nextChange(after: now) == t0 + .minutes(60))
    // The age limit ends a stay before the window does (rule 18).
    var aged = makeEngine(
      tips: [tip("atLeastTwo", rules: [ge(.aggregate(window), 2)])],
      events: [EventDefinition(id: "v", limit: DonationLimit(maximumAge: .minutes(30)))])
    for minutes in [0, 10, 20] { _ = try aged.donate("v", at: t0 + .minutes(Int64(minutes))) }
    #expect(aged.nextChange(after: now, forTipAt: 0) == t0 + .minutes(40))
  }

  @Test func rule18_rulesSeeTheLast1000DonationsByDefault() throws {
    var engine = makeEngine(tips: [], events: [EventDefinition(id: "v")])
    for i in 0..<1005 { _ = try engine.donate("v", at: t0 + .seconds(Int64(i))) }
    #expect(engine.aggregateValue(EventAggregate(event: "v"), at: t0 + .hours(1)) == 1000)
    #expect(engine.datastore.events["v"]?.totalDonated == 1005)
  }

  @Test func rule18_aDonationLimitCapsCountAndAge() throws {
    let limit = DonationLimit(maximumCount: 3, maximumAge: .days(2))
    var engine = makeEngine(
      tips: [tip("a", rules: [ge(.aggregate(EventAggregate(event: "v")), 1)])], events: [EventDefinition(id: "v", limit: limit)])
    for i in 0..<5 { _ = try engine.donate("v", at: t0 + .hours(Int64(i))) }
    #expect(engine.aggregateValue(EventAggregate(event: "v"), at: t0 + .hours(5)) == 3)
    // The newest donation ages out at its date + 2 days.
    let newest = t0 + .hours(4)
    #expect(engine.aggregateValue(EventAggregate(event: "v"), at: newest + .days(2) - .seconds(1)) == 1)
    #expect(engine.aggregateValue(EventAggregate(event: "v"), at: newest + .days(2)) == 0)
    #expect(engine.nextStatusChange(of: "a", after: newest)?.at == newest + .days(2))
  }

  @Test func rule18_windowedCountsCostTheSameWhateverTheHistory() throws {
    // A million donations with the limit raised: the windowed count is a binary search.
    var log = DonationLog()
    let limit = DonationLimit(maximumCount: 1_000_000)
    for i in 0..<1_000_000 { log.append(Donation(instant: t0 + .seconds(Int64(i))), limit: limit) }
    let now = t0 + .seconds(1_000_000)
    #expect(log.evaluate(EventAggregate(event: "v", within: .seconds(10)), at: now, limit: limit) == 9)
    #expect(log.visible(at: now, limit: limit, within: .days(1)).count == 86_399)
  }
}
