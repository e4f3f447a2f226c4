import TipEngine

extension World {
  /// Applies one command at the current instant and returns what happened, in order. With
  /// `instant`, the clock first moves there as `advance to` does (population's steps: one
  /// call instead of two).
  public mutating func apply(_ command: Command, at instant: Instant? = nil) throws(SimulationError) -> [LogRecord] {
    var log = newLog
    do { try apply(command, at: instant, log: &log) } catch {
      triggered = []
      throw error
    }
    if !triggered.isEmpty { runReactions(log: &log) }
    return log.records
  }

  /// The same, appending the records to `records` (a replay's batch, which then holds the
  /// records of many commands in one array). When the command fails, `records` is left as it
  /// was.
  public mutating func apply(_ command: Command, at instant: Instant? = nil, appendingTo records: inout [LogRecord])
    throws(SimulationError)
  {
    var log = newLog
    let start = records.count
    // The log writes into `records` in place: lent, not copied.
    swap(&log.records, &records)
    defer { swap(&log.records, &records) }
    do { try apply(command, at: instant, log: &log) } catch {
      log.records.removeSubrange(start...)
      triggered = []
      throw error
    }
    if !triggered.isEmpty { runReactions(log: &log) }
  }

  /// An empty log at the current instant, tagged with the device where there are several.
  private var newLog: Log { Log(instant: clock, device: hasDevices && !isQuiet ? deviceName : nil, isQuiet: isQuiet) }

  /// Applies `command` into `log`. What it sets off is queued for `runReactions`, which the
  /// public entry points and time travel call.
  mutating func apply(_ command: Command, at instant: Instant?, log: inout Log) throws(SimulationError) {
    if let instant, instant > clock { advance(to: instant, log: &log) }
    // A computed write is the write of the value it computes now.
    if case .update(let name, let update) = command {
      try apply(.set(parameter: name, try updatedValue(of: name, by: update)), at: nil, log: &log)
      return
    }
    // Tips reading a donated event or a written parameter whose entries may survive it, and
    // what they read (an optional, so most commands make no array).
    var kept: (tips: [Int], input: TipEngine.RuleInput)?
    // A donation's event or a written parameter, looked up once: the engine, the cache and
    // the log read it by index.
    var inputIndex: Int?
    switch command {
    case .donate(let event, _):
      inputIndex = engine.catalog.index(ofEvent: event)
      kept = forgetReaders(inputIndex.map { engine.catalog.readers(ofEventAt: $0) } ?? []) { _ in inputIndex.map { .event($0) } }
    case .set(let parameter, _):
      inputIndex = engine.catalog.index(ofParameter: parameter)
      kept = forgetReaders(inputIndex.map { engine.catalog.readers(ofParameterAt: $0) } ?? []) { _ in inputIndex.map { .parameter($0) } }
    case .open(let screen), .close(let screen):
      // Only reasons that belong to one opening of the screen (tapped away, popover slot,
      // hidden anchor) are forgotten; a display that ends, or a bound parameter that opening
      // syncs, forgets what they affect.
      cache.evictOpeningReasons(of: tipsByScreen[screen] ?? [])
    case .advance, .advanceTo, .next: break
    // The app's code applies each of its steps as a command of its own, which forgets what it
    // touches.
    case .perform, .onlyIf, .onlyOnOS, .donateGiven: break
    default: cache.removeAll()
    }
    switch command {
    case .setTimeZone, .setStart, .setFrequency, .setPolicy, .defineParameter, .defineStore, .defineStoreKey, .defineEvent, .defineScreen,
      .defineTip, .defineGroup, .defineReaction, .defineCondition, .defineAction, .addAnchors, .place:
      try define(command, log: &log)
    case .setCondition, .onlyIf, .onlyOnOS, .perform, .donateGiven:
      try runAppCode(command, log: &log)
    case .launch, .quit, .open, .close, .background, .foreground:
      try navigate(command, log: &log)
    case .set, .write, .donate, .deleteDonations:
      try input(command, inputIndex: inputIndex, log: &log)
    case .update: preconditionFailure("applied as a set above")
    case .dismiss, .tapOutside, .tapAction, .invalidate, .invalidateAll, .setAnchorVisible, .setSheet, .tapControl, .setPresented:
      try act(command, log: &log)
    case .advance, .advanceTo, .next, .nextFor:
      try travel(command, log: &log)
    case .setOS, .overrideOS, .defineDevice, .use, .on, .setSync, .testing, .resetDatastore, .resetEligibility:
      try configure(command, log: &log)
    }
    // The donation or write is made: the kept entries are checked against it.
    if let kept = kept.take() { keep(kept.tips, reading: kept.input) }
    if command.isDefinition { shareDefinitions() }
    switch command {
    case .launch, .setOS, .use, .defineDevice, .setSync: warnAboutMissingAPIs(log: &log)
    case _ where command.isDefinition: warnAboutMissingAPIs(log: &log)
    default: break
    }
    if !placeChoices.isEmpty { choosePlaces() }
    switch command {
    case .advance, .advanceTo:
      // Time travel has already brought every device in line at the target instant.
      break
    case _ where reactionDepth > 0:
      // A reaction run inside a command (a screen's appear code): that command decides.
      break
    default:
      reconcile(log: &log)
      sendSync(log: &log)
    }
  }

  /// Static, so that `apply` does not copy the world to call it.
  static func require(_ isRunning: Bool, _ verb: String) throws(SimulationError) {
    guard isRunning else { throw .needsRunningApp(command: verb) }
  }

  /// A bound parameter takes its store's value (scenario language: at launch, on a store
  /// write, and when a screen whose tips read it opens).
  mutating func syncBoundParameters(_ names: [String], log: inout Log) {
    for name in names {
      guard let key = bindings[name], let value = store(named: key.store)?.values[key.key] else { continue }
      guard let write = try? engine.setParameter(name, to: value, at: clock), write != .ignoredNotConfigured else { continue }
      // Even an unchanged value is a new write: the rules that read it now read its instant.
      cache.evict(engine.catalog.parameterReaders[name] ?? [])
      if case .changed(let old) = write { log.add(.parameterChanged(name: name, from: old, to: value, via: key)) }
    }
  }

}

/// Records collected while applying one command; the instant moves as time travel does.
struct Log {
  var instant: Instant
  /// The device records are tagged with, when the scenario has devices.
  var device: String?
  var records: [LogRecord] = []
  /// Keeps no records (`World.isQuiet`).
  var isQuiet = false

  mutating func add(_ event: @autoclosure () -> LogEvent) {
    guard !isQuiet else { return }
    // Room for a few at the first: a command logs two or three records on average, and
    // growing one at a time reallocated twice per command.
    if records.capacity == 0 { records.reserveCapacity(4) }
    records.append(LogRecord(instant: instant, event: event(), device: device))
  }
}
