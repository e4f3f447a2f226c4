/// The TipKit an OS carries (spec rule 44): iOS 17 has the core, iOS 18 and iOS 26 add APIs.
/// An app cannot call an API on an OS that lacks it, so the engine decides without it there.
public enum TipKitRelease: Int, Hashable, Sendable, Comparable, CaseIterable {
  case iOS17 = 17
  case iOS18 = 18
  case iOS26 = 26

  public static func < (a: TipKitRelease, b: TipKitRelease) -> Bool { a.rawValue < b.rawValue }

  public func offers(_ api: TipKitAPI) -> Bool { self >= api.since }

  /// The APIs of later releases this one lacks, in `TipKitAPI` order.
  public var missing: [TipKitAPI] { TipKitAPI.allCases.filter { !offers($0) } }
}

/// An API TipKit added after iOS 17 that TipSim models (spec rule 44).
public enum TipKitAPI: String, Hashable, Sendable, CaseIterable {
  case maxDisplayDuration = "MaxDisplayDuration"
  case tipGroup = "TipGroup"
  case cloudKitContainer = "the CloudKit container"
  case donationLimit = "DonationLimit"
  case resetEligibility = "resetEligibility()"
  case deleteDonations = "Event.deleteDonations()"
  /// The `isPresented:` binding of `popoverTip` and `TipView`.
  case presentationBinding = "the isPresented: binding of popoverTip and TipView"
  /// `tipBackgroundInteraction(_:)`: a SwiftUI popover that lets taps through.
  case backgroundInteraction = "tipBackgroundInteraction(_:)"
  /// `TipView(_:anchorID:)` pointing at a view marked `tipAnchor(_:)`.
  case tipAnchor = "TipView(anchorID:) and tipAnchor(_:)"
  /// `Tips.InvalidationReason.displayDurationExceeded`.
  case displayDurationReason = "the displayDurationExceeded invalidation reason"
  /// `TipUICollectionViewCell` and `TipUICollectionReusableView`.
  case collectionViewCell = "TipUICollectionViewCell"

  /// The release that added it.
  public var since: TipKitRelease {
    switch self {
    case .maxDisplayDuration, .tipGroup, .cloudKitContainer, .displayDurationReason, .collectionViewCell: .iOS18
    case .donationLimit, .resetEligibility, .deleteDonations, .presentationBinding, .backgroundInteraction, .tipAnchor: .iOS26
    }
  }
}
