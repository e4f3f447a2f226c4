/// `Tips.Status` (spec rule 2).
public enum TipStatus: Hashable, Sendable, CustomStringConvertible {
  /// Some rule does not hold yet, or TipKit holds it back (frequency, a testing override).
  case pending
  /// It may be displayed.
  case available
  /// It will not be displayed again, for this reason (until its eligibility is reset).
  case invalidated(InvalidationReason)

  public var description: String {
    switch self {
    case .pending: "pending"
    case .available: "available"
    case .invalidated(let reason): "invalidated(\(reason.rawValue))"
    }
  }
}

/// `Tips.InvalidationReason` (spec rule 5).
public enum InvalidationReason: String, Hashable, Sendable, CaseIterable, Codable {
  /// The app invalidated it: the user did what the tip points at.
  case actionPerformed
  /// The user closed it with its close button.
  case tipClosed
  /// It reached its `MaxDisplayCount`.
  case displayCountExceeded
  /// It reached its `MaxDisplayDuration`.
  case displayDurationExceeded
}
