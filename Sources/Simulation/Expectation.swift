import TipEngine

/// An `expect` line: a check of the world now.
public enum Expectation: Hashable, Sendable {
  /// On screen now.
  case shown(String)
  /// Not on screen now.
  case hidden(String)
  /// On screen and seen: rendered by the device, anchor visible, no sheet over it.
  case visible(String)
  /// On screen, drawn as `rendered`, `notRendered`, `styleFallback` or `arrowColor`.
  case rendering(String, String)
  case status(String, StatusPattern)
  /// How many times it has appeared.
  case displays(String, Int)
  /// It has appeared at least this many times.
  case displaysAtLeast(String, Int)
  /// It has appeared at most this many times.
  case displaysAtMost(String, Int)
  /// Its first counted display started at this instant.
  case firstDisplayAt(String, Instant)
  /// Its most recent evaluation did not show it, and the reason word is among the reasons.
  case suppressed(String, by: String)
  /// How many counted displays started from the first instant to the second, both included.
  case displaysBetween(String, Int, from: Instant, to: Instant)
  /// The instant `next TIP` would jump to.
  case nextAt(String, Instant)
  /// Neither time nor any action makes it available (`expect next TIP never`).
  case nextNever(String)

  public var tip: String {
    switch self {
    case .shown(let t), .hidden(let t), .visible(let t), .rendering(let t, _), .status(let t, _), .displays(let t, _),
      .displaysAtLeast(let t, _), .displaysAtMost(let t, _), .firstDisplayAt(let t, _),
      .suppressed(let t, _), .displaysBetween(let t, _, _, _),
      .nextAt(let t, _), .nextNever(let t):
      t
    }
  }
}

/// A status to match; `invalidated` without a reason matches any reason.
public enum StatusPattern: Hashable, Sendable, CustomStringConvertible {
  case pending
  case available
  case invalidated(InvalidationReason?)

  public func matches(_ status: TipStatus) -> Bool {
    switch (self, status) {
    case (.pending, .pending), (.available, .available): true
    case (.invalidated(nil), .invalidated): true
    case (.invalidated(let want?), .invalidated(let got)): want == got
    default: false
    }
  }

  public var description: String {
    switch self {
    case .pending: "pending"
    case .available: "available"
    case .invalidated(nil): "invalidated"
    case .invalidated(let reason?): "invalidated(\(reason.rawValue))"
    }
  }
}
