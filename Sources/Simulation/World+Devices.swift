import TipEngine

/// One device's app and TipKit datastore: everything a device does not share with the others
/// (spec rule 39: "without sync, state is per device").
public struct DeviceState: Hashable, Sendable {
  public var name: String
  var engine: TipEngine
  var isRunning: Bool
  var openScreens: [OpenScreen]
  var onScreen: NameMap<OnScreenTip>
  var lastEvaluation: TipTable<Evaluation>
  var lastLogged: TipTable<[Suppression]>
  var osVersion: OSVersion
  var hiddenAnchors: Set<String>
  var sheets: Set<String>
  var notPresented: Set<String>
  var backgroundedScreens: [String]?
  var displayHistory: NameMap<[Instant]>
  var stores: [ExternalStore]
  var launchArguments: TestingOverrides?
}

/// A change on one device travelling to the others through iCloud (spec rule 39).
struct SyncDelivery: Hashable, Sendable {
  var from: String
  var datastore: Datastore
  var at: Instant
}

extension World {
  /// Whether the scenario defined devices; records then carry the device's name.
  public var hasDevices: Bool { deviceOrder.count > 1 || namedDevice }

  /// The devices in definition order.
  public var devices: [String] { deviceOrder }

  /// The current device's state, taken out of the world's fields.
  func currentDevice() -> DeviceState {
    DeviceState(
      name: deviceName, engine: engine, isRunning: isRunning, openScreens: openScreens, onScreen: onScreen, lastEvaluation: lastEvaluation,
      lastLogged: lastLogged, osVersion: osVersion, hiddenAnchors: hiddenAnchors, sheets: sheets,
      notPresented: notPresented, backgroundedScreens: backgroundedScreens, displayHistory: displayHistory, stores: stores,
      launchArguments: launchArguments)
  }

  mutating func load(_ device: DeviceState) {
    cache.removeAll()
    deviceName = device.name
    engine = device.engine
    isRunning = device.isRunning
    openScreens = device.openScreens
    onScreen = device.onScreen
    lastEvaluation = device.lastEvaluation
    lastLogged = device.lastLogged
    osVersion = device.osVersion
    hiddenAnchors = device.hiddenAnchors
    sheets = device.sheets
    notPresented = device.notPresented
    backgroundedScreens = device.backgroundedScreens
    displayHistory = device.displayHistory
    stores = device.stores
    launchArguments = device.launchArguments
  }

  /// Runs `body` with `name` as the current device, then puts the current device back.
  mutating func on<T>(_ name: String, log: inout Log, _ body: (inout World, inout Log) throws(SimulationError) -> T) throws(SimulationError)
    -> T
  {
    if name == deviceName { return try body(&self, &log) }
    guard let index = parked.firstIndex(where: { $0.name == name }) else { throw .unknown(.device, name) }
    let saved = currentDevice()
    load(parked[index])
    let savedTag = log.device
    log.device = name
    defer {
      parked[index] = currentDevice()
      load(saved)
      log.device = savedTag
    }
    return try body(&self, &log)
  }

  /// Runs `body` on every device, in definition order.
  mutating func forEachDevice(log: inout Log, _ body: (inout World, inout Log) -> Void) {
    for name in deviceOrder {
      // `on` only throws for unknown devices, and these are all known.
      try? on(name, log: &log) { world, log throws(SimulationError) in body(&world, &log) }
    }
  }

  /// The engines of every device, the current one included.
  var allEngines: [TipEngine] { [engine] + parked.map(\.engine) }

  /// Definitions are the app's code: the same on every device.
  mutating func shareDefinitions() {
    for index in parked.indices {
      parked[index].engine.catalog = engine.catalog
      parked[index].engine.configuration.policies = engine.configuration.policies
      for store in stores {
        if let s = parked[index].stores.firstIndex(where: { $0.name == store.name }) {
          for key in store.keys where !parked[index].stores[s].keys.contains(key) {
            parked[index].stores[s].keys.append(key)
            parked[index].stores[s].values[key] = store.initial[key]
          }
        } else {
          parked[index].stores.append(ExternalStore(name: store.name, keys: store.keys, values: store.initial, initial: store.initial))
        }
      }
    }
  }

  /// `device NAME [os VERSION]`: the first names the device the scenario has been using; the
  /// others start with their own app, screens and an empty datastore.
  mutating func defineDevice(_ name: String, os: OSVersion?) throws(SimulationError) {
    guard !deviceOrder.contains(name) || (!namedDevice && deviceOrder == [name]) else {
      throw .deviceDefinedTwice(name)
    }
    if !namedDevice {
      namedDevice = true
      deviceOrder = [name]
      deviceName = name
      if let os { osVersion = os }
      return
    }
    var fresh = TipEngine()
    fresh.catalog = engine.catalog
    fresh.configuration.policies = engine.configuration.policies
    let freshStores = stores.map { ExternalStore(name: $0.name, keys: $0.keys, values: $0.initial, initial: $0.initial) }
    parked.append(
      DeviceState(
        name: name, engine: fresh, isRunning: false, openScreens: [], onScreen: [:], lastEvaluation: TipTable(), lastLogged: TipTable(),
        osVersion: os ?? .latest, hiddenAnchors: [], sheets: [], notPresented: [], displayHistory: [:], stores: freshStores,
        launchArguments: nil))
    deviceOrder.append(name)
  }

  /// `use NAME`: the device later commands act on.
  mutating func use(_ name: String) throws(SimulationError) {
    guard name != deviceName else { return }
    guard let index = parked.firstIndex(where: { $0.name == name }) else { throw .unknown(.device, name) }
    let next = parked.remove(at: index)
    parked.insert(currentDevice(), at: index)
    load(next)
  }

  // MARK: iCloud sync (spec rule 39)

  /// Sends every device's datastore changes since its last send, to arrive after the sync
  /// delay; with no delay they arrive at once.
  mutating func sendSync(log: inout Log) {
    guard syncEnabled, deviceOrder.count > 1 else { return }
    let delay = engine.configuration.policies.syncDelay
    for name in deviceOrder where offersSync(name) {
      let datastore = name == deviceName ? engine.datastore : parked.first { $0.name == name }?.engine.datastore
      guard let datastore, lastSent[name] != datastore else { continue }
      lastSent[name] = datastore
      pendingSync.append(SyncDelivery(from: name, datastore: datastore, at: clock + delay))
    }
    deliverSync(upTo: clock, log: &log)
  }

  /// Merges every delivery due by `instant` into the other devices (last writer wins) and
  /// brings their screens in line.
  mutating func deliverSync(upTo instant: Instant, log: inout Log) {
    while let index = pendingSync.indices.min(by: { pendingSync[$0].at < pendingSync[$1].at }), pendingSync[index].at <= instant {
      let delivery = pendingSync.remove(at: index)
      for name in deviceOrder where name != delivery.from && offersSync(name) {
        try? on(name, log: &log) { world, log throws(SimulationError) in
          let engine = world.engine
          let parameters = engine.configuration.policies.syncParameters == .on
          let merged = engine.datastore.merged(with: delivery.datastore, parameters: parameters) {
            engine.catalog.event(named: $0).map(engine.limit(of:)) ?? DonationLimit()
          }
          guard merged != world.engine.datastore else { return }
          world.engine.datastore = merged
          world.cache.removeAll()
          world.lastSent[name] = merged
          log.add(.synced(from: delivery.from))
          world.reconcile(log: &log)
        }
      }
    }
  }

  /// Whether a device's OS has TipKit's CloudKit container (iOS 18, rule 44).
  func offersSync(_ device: String) -> Bool {
    let os = osOverride ?? (device == deviceName ? osVersion : parked.first { $0.name == device }?.osVersion ?? osVersion)
    return os.tipKit.offers(.cloudKitContainer)
  }

  /// The next instant a pending delivery arrives.
  var nextDelivery: Instant? { pendingSync.map(\.at).min() }
}

extension World {
  /// Every device's TipKit datastore, in definition order (for state files).
  public func datastores() -> [(String, Datastore)] {
    deviceOrder.compactMap { name in
      if name == deviceName { return (name, engine.datastore) }
      return parked.first { $0.name == name }.map { (name, $0.engine.datastore) }
    }
  }

  /// Loads datastores by device name; refused while an app is running on that device,
  /// because TipKit reads its datastore when it is configured.
  public mutating func loadDatastores(_ stores: [(String, Datastore)]) throws(SimulationError) {
    cache.removeAll()
    for (name, store) in stores {
      let target = deviceOrder.contains(name) ? name : (deviceOrder.count == 1 ? deviceName : nil)
      guard let target else { throw .stateNamesUnknownDevice(name) }
      var log = Log(instant: clock)
      try on(target, log: &log) { world, _ throws(SimulationError) in
        guard !world.isRunning else { throw .stateWhileRunning(device: target) }
        world.engine.datastore = store
      }
    }
  }
}
