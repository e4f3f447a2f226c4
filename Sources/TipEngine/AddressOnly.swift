/// A stored property that makes the struct holding it address-only (an existential's layout
/// is unknown where the struct is compiled): Swift then lends the engine, and the world that
/// holds it, in place, where it otherwise copied them into a temporary for method calls on
/// them while they were being mutated (BENCHMARKS.md has the cost). Every two are equal.
struct AddressOnly: Hashable, Sendable {
  private let layoutUnknownHere: any Sendable = 0

  static func == (lhs: AddressOnly, rhs: AddressOnly) -> Bool { true }
  func hash(into hasher: inout Hasher) {}
}
