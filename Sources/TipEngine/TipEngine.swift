/// TipKit's rules engine as a value: definitions, configuration, the persisted datastore and
/// whether TipKit is configured. Copying it is a checkpoint. It never reads a clock; every
/// operation takes the instant at which it happens.
public struct TipEngine: Sendable {
  public var catalog = TipCatalog() { didSet { slots.rebuild(catalog, datastore) } }
  public var datastore = Datastore() { didSet { if slots.lag(behind: datastore) { slots.follow(datastore, catalog) } } }
  /// Where the datastore keeps what each definition reads, kept in step with both; derived,
  /// so not part of the engine's value.
  private(set) var slots = DatastoreSlots()
  public var configuration = Configuration()
  /// Whether `Tips.configure` has run in the current app launch (rule 25).
  public private(set) var isConfigured = false

  public init() {}

  /// The errors an operation can refuse with.
  public enum Refusal: Error, Hashable, Sendable {
    /// `resetDatastore` must come before configuration (rule 34).
    case resetAfterConfiguration
    case unknownTip(String)
    case unknownParameter(String)
    case unknownEvent(String)
  }

  // MARK: Configuration (spec section 6)

  /// `Tips.configure` at app launch (rule 25). Transient parameters go back to their
  /// defaults (rule 10); the names of those that held another value are returned.
  @discardableResult
  public mutating func configure(at now: Instant) -> [String] {
    isConfigured = true
    var reset: [String] = []
    let written = catalog.parameters.filter { $0.isTransient && datastore.parameters.slot(of: $0.name) != nil }
    guard !written.isEmpty else { return reset }
    // Removed from a copy and stored once: each change of the datastore has the slots follow
    // it, and an app with many transient parameters written each launch found them all again
    // for each one (BENCHMARKS.md).
    var records = datastore.parameters
    for parameter in written {
      if let record = records.removeValue(forKey: parameter.name), record.value != parameter.defaultValue { reset.append(parameter.name) }
    }
    datastore.parameters = records
    return reset
  }

  /// The app terminates. Displays still in progress end now.
  public mutating func terminate(at now: Instant) {
    // Most launches end with nothing on screen: then no tip's record is read.
    if datastore.tips.values.contains(where: { $0.displayStartedAt != nil }) {
      for index in catalog.tips.indices {
        let tip = catalog.tips[index].name
        if record(of: tip).displayStartedAt != nil { _ = endDisplay(of: tip, at: now) }
      }
    }
    isConfigured = false
  }

  /// `Tips.resetDatastore()`: erases tip, parameter and event records (rule 34). Refused
  /// once TipKit is configured.
  public mutating func resetDatastore() throws(Refusal) {
    guard !isConfigured else { throw .resetAfterConfiguration }
    datastore = Datastore()
  }

  // MARK: Records

  /// The persisted record of a tip's id (rule 1), empty when it has none yet.
  public func record(of tipName: String) -> TipRecord {
    guard let index = catalog.index(ofTip: tipName) else { return TipRecord() }
    return record(ofTipAt: index)
  }

  /// The same for the tip at `index` in the catalog, found by its slot.
  func record(ofTipAt index: Int) -> TipRecord {
    slots.tips.entry(index, in: datastore.tips, named: catalog.tips[index].id) ?? TipRecord()
  }

  mutating func updateRecord(of tipName: String, at now: Instant, _ change: (inout TipRecord) -> Void) {
    guard let id = catalog.persistedID(ofTip: tipName) else { return }
    func update(_ record: inout TipRecord) {
      change(&record)
      record.modifiedAt = now
      record.version += 1
    }
    update(&datastore.tips[id, default: TipRecord()])
  }

  // MARK: Parameters (spec section 2)

  /// What a parameter write did.
  public enum ParameterWrite: Hashable, Sendable {
    /// Before configuration a write has no effect (rule 11).
    case ignoredNotConfigured
    case unchanged
    case changed(from: Value)
  }

  /// The parameter's current value and where it came from.
  public func parameterValue(_ name: String) -> (value: Value, source: ParameterSource)? {
    catalog.index(ofParameter: name).map { parameterValue(name, definedAt: $0) }
  }

  /// The same for the parameter defined at `index` in the catalog (a compiled rule knows it).
  func parameterValue(_ name: String, definedAt index: Int) -> (value: Value, source: ParameterSource) {
    if let record = slots.parameters.entry(index, in: datastore.parameters, named: name) {
      return (record.value, .written(at: record.setAt))
    }
    return (catalog.parameters[index].defaultValue, .defaultValue)
  }

  /// Writes a parameter; it persists (rule 9) and every rule reading it sees the new value at
  /// once (rule 12). Before configuration the write is ignored (rule 11).
  public mutating func setParameter(_ name: String, to value: Value, at now: Instant) throws(Refusal) -> ParameterWrite {
    guard let index = catalog.index(ofParameter: name) else { throw .unknownParameter(name) }
    return setParameter(at: index, to: value, at: now)
  }

  /// The same for the parameter at `index` in the catalog, its record found by its slot in
  /// the datastore.
  public mutating func setParameter(at index: Int, to value: Value, at now: Instant) -> ParameterWrite {
    guard isConfigured else { return .ignoredNotConfigured }
    let current = parameterValue(catalog.parameters[index].name, definedAt: index).value
    let record = ParameterRecord(value: value, setAt: now)
    if let slot = slots.parameters.slot(index, in: datastore.parameters, named: catalog.parameters[index].name) {
      datastore.parameters.update(slot: slot) { $0 = record }
    } else {
      datastore.parameters[catalog.parameters[index].name] = record
    }
    return current == value ? .unchanged : .changed(from: current)
  }

  // MARK: Events (spec section 3)

  /// Donates an event (rule 15). Before configuration the donation has no effect (rule 11's
  /// rule for writes, applied to donations too). Returns how many of the event's donations
  /// are kept with this one (rule 19's limit), nil when it was not recorded.
  @discardableResult
  public mutating func donate(_ eventID: String, fields: [String: Value] = [:], at now: Instant) throws(Refusal) -> Int? {
    guard let index = catalog.index(ofEvent: eventID) else { throw .unknownEvent(eventID) }
    return donate(eventAt: index, fields: fields, at: now)
  }

  /// The same for the event at `index` in the catalog, found by its slot in the datastore
  /// rather than by its name.
  public mutating func donate(eventAt index: Int, fields: [String: Value] = [:], at now: Instant) -> Int? {
    guard isConfigured else { return nil }
    let limit = self.limit(ofEventAt: index)
    let donation = Donation(instant: now, fields: fields)
    if let slot = slots.events.slot(index, in: datastore.events, named: catalog.events[index].id) {
      return datastore.events.update(slot: slot) { $0.append(donation, limit: limit) }
    }
    return datastore.events[catalog.events[index].id, default: DonationLog()].append(donation, limit: limit)
  }

  /// `Event.deleteDonations()` (iOS 26): the event's donations are gone; how many were kept.
  /// Nil before configuration, when the call has no effect (as a donation has none, rule 11).
  public mutating func deleteDonations(ofEventAt index: Int) -> Int? {
    guard isConfigured else { return nil }
    let id = catalog.events[index].id
    let deleted = datastore.events[id]?.donations.count ?? 0
    if deleted > 0 { datastore.events[id] = DonationLog() }
    return deleted
  }

  /// The value of an event aggregate at `now` (rule 16).
  public func aggregateValue(_ aggregate: EventAggregate, at now: Instant) -> Int {
    aggregateValue(aggregate, ofEventAt: catalog.index(ofEvent: aggregate.event), at: now)
  }

  /// The same with the event's index in the catalog known, nil when the event is not
  /// defined (a compiled rule knows it).
  func aggregateValue(_ aggregate: EventAggregate, ofEventAt event: Int?, at now: Instant) -> Int {
    guard let event, let log = donationLog(ofEventAt: event) else { return 0 }
    return log.evaluate(aggregate, at: now, limit: limit(ofEventAt: event))
  }

  /// The event's `DonationLimit`, or the default one on an OS before iOS 26, which has no
  /// `DonationLimit` (rule 44).
  public func limit(of event: EventDefinition) -> DonationLimit {
    configuration.tipKit.offers(.donationLimit) ? event.limit : DonationLimit()
  }

  func limit(ofEventAt index: Int) -> DonationLimit { limit(of: catalog.events[index]) }

  /// The groups that decide a tip with others: none on iOS 17, which has no `TipGroup`, so
  /// members are decided each on its own (rule 44).
  public func groups(containing tipName: String) -> [TipGroup] {
    configuration.tipKit.offers(.tipGroup) ? catalog.groups(containing: tipName) : []
  }

  /// The donations of the event at `index` in the catalog, found by their slot.
  func donationLog(ofEventAt index: Int) -> DonationLog? {
    slots.events.entry(index, in: datastore.events, named: catalog.events[index].id)
  }

  // MARK: Invalidation (spec section 1)

  /// `Tip.invalidate(reason:)`: permanent until a reset (rules 5, 6). Returns false when the
  /// tip was already invalidated (the first reason stays).
  @discardableResult
  public mutating func invalidate(_ tipName: String, reason: InvalidationReason, at now: Instant) throws(Refusal) -> Bool {
    guard catalog.hasTip(named: tipName) else { throw .unknownTip(tipName) }
    guard record(of: tipName).invalidation == nil else { return false }
    updateRecord(of: tipName, at: now) {
      $0.invalidation = reason
      $0.invalidatedAt = now
    }
    return true
  }

  /// `Tip.resetEligibility()` (iOS 26): the tip is no longer invalidated and goes back to
  /// pending or available by its rules; its display history stays (rule 7), and the count
  /// and duration limits apply to the displays that follow.
  public mutating func resetEligibility(_ tipName: String, at now: Instant) throws(Refusal) {
    guard catalog.hasTip(named: tipName) else { throw .unknownTip(tipName) }
    updateRecord(of: tipName, at: now) {
      $0.invalidation = nil
      $0.invalidatedAt = nil
      $0.displayCountBaseline = $0.displayCount
      $0.displayTimeBaseline = $0.displayTime(at: now)
    }
  }
}

extension TipEngine: Hashable {
  /// Two engines are equal when their definitions, configuration, datastore and launch state
  /// are; `slots` follows from the catalog and the datastore.
  public static func == (lhs: TipEngine, rhs: TipEngine) -> Bool {
    lhs.catalog == rhs.catalog && lhs.datastore == rhs.datastore && lhs.configuration == rhs.configuration
      && lhs.isConfigured == rhs.isConfigured
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(catalog)
    hasher.combine(datastore)
    hasher.combine(configuration)
    hasher.combine(isConfigured)
  }
}
