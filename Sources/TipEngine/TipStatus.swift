/// `Tips.Status` (spec rule 2).
public enum TipStatus: Hashable, Sendable, CustomStringConvertible {
  case pending
  case available
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
  case actionPerformed
  case tipClosed
  case displayCountExceeded
  case displayDurationExceeded
}
