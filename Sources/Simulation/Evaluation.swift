import TipEngine

/// The outcome of a tip's most recent evaluation: shown at an instant, or held back by these
/// reasons since an instant.
public enum Evaluation: Hashable, Sendable {
  case shown(at: Instant)
  case suppressed([Suppression], at: Instant)
}
