/// A stored property that makes the struct holding it *address-only*: an existential's layout
/// is not known where the struct is compiled, so Swift keeps the struct in memory and lends
/// it by address wherever it is borrowed.
///
/// A large plain struct is lent by copy instead: Swift 6.3.1 copied the whole engine into a
/// temporary for every method call on an engine stored in something being mutated (the
/// world's, at every command). Holding one of these, the engine and its world are lent in
/// place. A copy of the engine (a checkpoint) copies the existential too: an integer.
///
/// It holds nothing that matters: every two are equal.
struct AddressOnly: Hashable, Sendable {
  private let layoutUnknownHere: any Sendable = 0

  static func == (lhs: AddressOnly, rhs: AddressOnly) -> Bool { true }
  func hash(into hasher: inout Hasher) {}
}
