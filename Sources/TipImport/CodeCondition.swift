/// A condition around code, from the code's enclosing statements.
struct CodeCondition {
  enum Kind: Equatable {
    /// `if c`, `guard c`, a `switch`'s case: an app condition, unless the code read decides
    /// it (`AppModel+Conditions`).
    case holds
    /// An `else`: the condition does not hold.
    case otherwise
    /// `if #available(iOS N, *)` and its `else`: the simulated device's OS decides.
    case available(String)
    case unavailable(String)
    /// Decided on the platform read: `#available(macOS 14, *)` read for iOS holds (`*`).
    case decided(Bool)
    /// A loop's body: it runs when the sequence has an element, or the `while` condition holds.
    case loop
    /// The tip's own status (`for await … in tip.shouldDisplayUpdates`, `if shouldDisplay`):
    /// part of displaying it, not a condition of the app's.
    case inherent
    /// `for await status in tip.statusUpdates { if case .invalidated = status { … } }`: the
    /// code runs when that tip (as the code names it) is invalidated.
    case tipInvalidated(SwiftExpr)
  }

  var kind: Kind
  /// As written: the condition list, `for x in items`, `mode is .editing`.
  var text: String
  /// What holds (for `.otherwise`, what does not), all of its elements: an `if`'s or a
  /// `guard`'s condition list, a `while`'s, a loop's `!items.isEmpty`, a `switch`'s case.
  var elements: [ConditionElement] = []

  /// The condition as a test of the code would write it: an `else`'s is `!(…)`.
  var written: String {
    switch kind {
    case .otherwise: "!(\(text))"
    case .decided(let value): "\(value)"
    default: text
    }
  }
}

/// One element of a condition list, read from the tree.
enum ConditionElement {
  /// A Boolean expression (`onboardingDone`, `a || b && c`).
  case expression(SourcedExpr)
  /// `let user = session.user`, `if let user`: the value, which must not be nil.
  case binding(SourcedExpr)
  /// `case .ready = state`, a `switch`'s `mode is .editing`: matched as written, no
  /// expression to split.
  case pattern(String)
}
