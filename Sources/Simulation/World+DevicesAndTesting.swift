import TipEngine

extension World {
  /// Devices and their OS, iCloud sync, testing overrides, resets.
  mutating func configure(_ command: Command, log: inout Log) throws(SimulationError) {
    switch command {
    case .setOS(let version):
      osVersion = version
    case .overrideOS(let version):
      osOverride = version
    case .defineDevice(let name, let os):
      try defineDevice(name, os: os)
    case .use(let name):
      try use(name)
      log.device = name
      log.add(.note(.nowOnDevice(name)))
    case .on(let name, let inner):
      log.records += try on(name, log: &log) { world, _ throws(SimulationError) in try world.apply(inner) }
    case .setSync(let on):
      syncEnabled = on
      lastSent = [:]
      let policies = engine.configuration.policies
      log.add(.note(.sync(on: on, delay: policies.syncDelay, parameters: policies.syncParameters == .on)))
    case .testing(let change):
      // The running app's calls; without one, the next launch's arguments (rule 33).
      var testing = isRunning ? engine.configuration.testing : launchArguments ?? TestingOverrides()
      switch change {
      case .showAll: testing.showAll = true
      case .hideAll: testing.hideAll = true
      case .show(let tips): testing.show += tips.filter { !testing.show.contains($0) }
      case .hide(let tips): testing.hide += tips.filter { !testing.hide.contains($0) }
      case .off: testing = TestingOverrides()
      }
      log.add(.testing(testing))
      if isRunning {
        engine.configuration.testing = testing
      } else {
        launchArguments = testing
        log.add(.note(.testingAtNextLaunch))
      }
    case .resetDatastore:
      guard !isRunning else {
        throw .resetWhileRunning
      }
      do { try engine.resetDatastore() } catch { throw .resetAfterConfiguration }
      lastEvaluation.removeAll()
      log.add(.datastoreReset)
    case .resetEligibility(let tip):
      // An iOS 26 API: on an older OS the app cannot call it (rule 44).
      guard engine.configuration.tipKit.offers(.resetEligibility) else {
        guard engine.catalog.hasTip(named: tip) else { throw .unknown(.tip, tip) }
        log.add(.warning(.apiUnavailable(.resetEligibility, os: effectiveOS, users: [tip])))
        break
      }
      do { try engine.resetEligibility(tip, at: clock) } catch { throw .unknown(.tip, tip) }
      log.add(.eligibilityReset(tip: tip, status: engine.status(of: tip, at: clock)))
    default: preconditionFailure("not handled here: \(command)")
    }
  }
}
