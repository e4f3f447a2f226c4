/// When time alone next changes something, as a shortcut answers: it may not be able to tell,
/// and the full scan then decides.
public enum NextChange: Hashable, Sendable {
  /// The shortcut cannot tell.
  case unknown
  /// Time alone changes nothing.
  case never
  case at(Instant)

  /// A known answer as an optional instant (nil: never); nil for `unknown` too, so ask
  /// `isKnown` first.
  public var instant: Instant? {
    if case .at(let instant) = self { instant } else { nil }
  }

  public var isKnown: Bool { self != .unknown }

  /// A known answer from an optional instant (nil: never).
  public init(_ instant: Instant?) {
    self = instant.map { .at($0) } ?? .never
  }

  /// This answer, or `other`'s when this one cannot tell.
  public func otherwise(_ other: @autoclosure () -> NextChange) -> NextChange {
    isKnown ? self : other()
  }
}
