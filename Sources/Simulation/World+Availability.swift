import TipEngine

extension World {
  /// Warns, once per OS version, of each API the app uses that the device's OS lacks: the
  /// tips run without it (spec rule 44). Calls to an API it lacks warn at each call instead.
  mutating func warnAboutMissingAPIs(log: inout Log) {
    let tipKit = engine.configuration.tipKit
    guard isRunning, !isQuiet, tipKit < .iOS26 else { return }
    let catalog = engine.catalog
    for api in tipKit.missing where !warnedAPIs.contains("\(api.rawValue) \(effectiveOS)") {
      let users: [String]
      switch api {
      case .maxDisplayDuration: users = catalog.durationLimitedTips
      case .tipGroup: users = catalog.groups.map(\.name)
      case .cloudKitContainer: users = syncEnabled ? [deviceName] : []
      case .donationLimit: users = catalog.events.filter { $0.limit != DonationLimit() }.map(\.id)
      case .resetEligibility, .deleteDonations: users = []
      }
      guard !users.isEmpty else { continue }
      warnedAPIs.insert("\(api.rawValue) \(effectiveOS)")
      log.add(.warning(.apiUnavailable(api, os: effectiveOS, users: users)))
    }
  }
}
