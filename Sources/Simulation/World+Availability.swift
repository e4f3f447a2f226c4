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
      case .backgroundInteraction: users = passthroughPopoversOnSwiftUI
      // Calls, each warned of as it is made.
      case .tipAnchor, .collectionViewCell: users = placedThrough(api)
      case .resetEligibility, .deleteDonations, .presentationBinding, .displayDurationReason: users = []
      }
      guard !users.isEmpty else { continue }
      warnedAPIs.insert("\(api.rawValue) \(effectiveOS)")
      log.add(.warning(.apiUnavailable(api, os: effectiveOS, users: users)))
    }
  }

  /// Tips with a place drawn through `api` (`anchor … via …`).
  func placedThrough(_ api: TipKitAPI) -> [String] {
    engine.catalog.tips.map(\.name).filter { tip in placements[tip]?.places.contains { $0.api == api } == true }
  }

  /// Popover tips that let taps through (`presentation passthrough`) on screens SwiftUI draws:
  /// before iOS 26 SwiftUI has no `tipBackgroundInteraction`, and "automatically disables the
  /// view behind a popover tip … until they dismiss the tip". UIKit's `passthroughViews` stays.
  var passthroughPopoversOnSwiftUI: [String] {
    engine.catalog.tips.map(\.name).filter { tip in
      guard let placement = placements[tip], placement.style == .popover, placement.presentation == .passthrough else { return false }
      return screen(named: placement.screen)?.host != .uikit
    }
  }

  /// What a tip on screen does with other taps: its presentation, except a SwiftUI popover
  /// before iOS 26, which cannot let them through and behaves as TipKit's default (rule 44).
  func mode(of placement: Placement) -> PresentationMode {
    guard placement.style == .popover, placement.presentation == .passthrough, !engine.configuration.tipKit.offers(.backgroundInteraction),
      screen(named: placement.screen)?.host != .uikit
    else { return placement.mode }
    return .tapToDismiss
  }
}
