/// Where the datastore keeps what each definition reads (`SlotMap`): the slot of each tip's
/// record, each parameter's record and each event's log, by index in the catalog. It is
/// derived from the catalog and the datastore and kept in step with both by `TipEngine`'s
/// observers, so it is not part of the engine's value.
struct DatastoreSlots: Sendable {
  var tips = Slots()
  var parameters = Slots()
  var events = Slots()

  /// Finds every slot again (the catalog changed).
  mutating func rebuild(_ catalog: TipCatalog, _ datastore: Datastore) {
    tips.rebuild(datastore.tips, count: catalog.tips.count) { catalog.tips[$0].id }
    parameters.rebuild(datastore.parameters, count: catalog.parameters.count) { catalog.parameters[$0].name }
    events.rebuild(datastore.events, count: catalog.events.count) { catalog.events[$0].id }
  }

  /// Whether a name has arrived in the datastore or left it since the slots were found (most
  /// changes change a value in place: a donation, a write).
  @inline(__always)
  func lag(behind datastore: Datastore) -> Bool {
    tips.layout !== datastore.tips.layout || parameters.layout !== datastore.parameters.layout
      || events.layout !== datastore.events.layout
  }

  /// Catches up with the datastore after a change: nothing to do when no name arrived or
  /// left; one name that arrived is placed without looking the others up.
  mutating func follow(_ datastore: Datastore, _ catalog: TipCatalog) {
    if tips.layout !== datastore.tips.layout {
      tips.follow(
        datastore.tips, count: catalog.tips.count, name: { catalog.tips[$0].id },
        indices: { id in catalog.tips.indices.filter { catalog.tips[$0].id == id } })
    }
    if parameters.layout !== datastore.parameters.layout {
      parameters.follow(
        datastore.parameters, count: catalog.parameters.count, name: { catalog.parameters[$0].name },
        indices: { name in catalog.index(ofParameter: name).map { [$0] } ?? [] })
    }
    if events.layout !== datastore.events.layout {
      events.follow(
        datastore.events, count: catalog.events.count, name: { catalog.events[$0].id },
        indices: { id in catalog.index(ofEvent: id).map { [$0] } ?? [] })
    }
  }

  /// The slots of one kind of record, by index in the catalog, and the layout they are for.
  struct Slots: Sendable {
    private(set) var layout: LayoutToken?
    private var byIndex: [Int?] = []

    mutating func rebuild<Value>(_ map: SlotMap<Value>, count: Int, name: (Int) -> String) {
      byIndex = (0..<count).map { map.slot(of: name($0)) }
      layout = map.layout
    }

    mutating func follow<Value>(_ map: SlotMap<Value>, count: Int, name: (Int) -> String, indices: (String) -> [Int]) {
      if byIndex.count == count, let insertion = map.lastInsertion, insertion.after === layout {
        for index in indices(insertion.name) { byIndex[index] = insertion.slot }
        layout = map.layout
      } else {
        rebuild(map, count: count, name: name)
      }
    }

    /// The slot of the definition at `index` in `map` when these slots are `map`'s and it
    /// has an entry; nil when that is not known. Debug builds check it against the name.
    @inline(__always)
    func slot<Value>(_ index: Int, in map: SlotMap<Value>, named name: @autoclosure () -> String) -> Int? {
      guard layout === map.layout && index < byIndex.count, let slot = byIndex[index] else { return nil }
      assert(map.slot(of: name()) == slot, "the datastore slot of \(name()) is stale")
      return slot
    }

    /// The entry of the definition at `index` in `map`: by its slot when these slots are
    /// `map`'s, else by name. Debug builds check it against the name.
    @inline(__always)
    func entry<Value: Equatable>(_ index: Int, in map: SlotMap<Value>, named name: @autoclosure () -> String) -> Value? {
      let entry: Value? =
        if layout === map.layout && index < byIndex.count { byIndex[index].flatMap { map[slot: $0] } } else { map[name()] }
      assert(entry == map[name()], "the datastore slot of \(name()) is stale")
      return entry
    }
  }
}
