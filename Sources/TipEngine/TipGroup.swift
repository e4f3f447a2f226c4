/// A `TipGroup` (spec section 7).
public struct TipGroup: Hashable, Sendable {
  public enum Priority: String, Hashable, Sendable, CaseIterable {
    /// The first available member is current (rule 30).
    case firstAvailable
    /// The first member that is not invalidated is current, if available (rule 31).
    case ordered
  }

  public var name: String
  public var priority: Priority
  /// Tip names, in the group's order.
  public var members: [String]

  public init(name: String, priority: Priority = .firstAvailable, members: [String]) {
    self.name = name
    self.priority = priority
    self.members = members
  }
}
