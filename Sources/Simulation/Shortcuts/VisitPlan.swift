import TipEngine

/// The tips one reconcile pass visits: every tip on the open screens, or only the pending
/// ones, in the same order.
struct VisitPlan {
  /// (index in `openScreens`, position in the screen's tips), in evaluation order; nil for all.
  private var pending: [(screen: Int, position: Int)]?
  private var cursor = 0

  init(pending: [(screen: Int, position: Int)]?) { self.pending = pending }

  /// The list of visits, to be reused (nil for all).
  var visitList: [(screen: Int, position: Int)]? { pending }

  mutating func restart() { cursor = 0 }
  mutating func visitEverything() { pending = nil }

  /// Whether the pass has a tip to visit on the open screen at `screen`.
  func hasVisits(on screen: Int) -> Bool {
    guard let pending else { return true }
    return cursor < pending.count && pending[cursor].screen == screen
  }

  /// Whether the pass visits the tip at `position` on the open screen at `screen`; a tip is
  /// asked about once per pass, in order.
  mutating func visits(_ screen: Int, _ position: Int) -> Bool {
    guard let pending else { return true }
    guard cursor < pending.count, pending[cursor].screen == screen, pending[cursor].position == position else { return false }
    cursor += 1
    return true
  }
}

extension Array {
  /// Whether both arrays are the same non-empty storage, and so equal without comparing
  /// their elements.
  @inlinable public func sharesStorage(with other: [Element]) -> Bool {
    guard count == other.count, !isEmpty else { return false }
    return withUnsafeBufferPointer { mine in other.withUnsafeBufferPointer { mine.baseAddress == $0.baseAddress } }
  }
}
