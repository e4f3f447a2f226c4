/// A stored property that makes the struct holding it *address-only*: an existential's layout
/// is not known where the struct is compiled, so Swift keeps the struct in memory and lends
/// it by address wherever it is borrowed.
///
/// A large plain struct is lent by copy instead. Swift 6.3.1 copied the engine (457 bytes,
/// with `memcpy`, no retains) into a temporary for every call of one of its methods on an
/// engine stored in something being mutated — a world's `keep`, `remember`, `reconcile` and
/// `apply`, about 100,000 copies in a 30,000-line replay, 3.7% of the runner's instructions;
/// a `mutating` method, a static one taking the engine `inout` and `@inline(__always)` each
/// moved the copy instead of removing it (BENCHMARKS.md). Holding one of these, the engine
/// and the world that holds it are lent in place. A copy of the engine (a checkpoint) copies
/// the existential too: an integer, through its type's value witness.
///
/// It holds nothing that matters: every two are equal.
struct AddressOnly: Hashable, Sendable {
  private let layoutUnknownHere: any Sendable = 0

  static func == (lhs: AddressOnly, rhs: AddressOnly) -> Bool { true }
  func hash(into hasher: inout Hasher) {}
}
