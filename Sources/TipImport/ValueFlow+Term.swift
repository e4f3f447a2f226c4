extension ValueFlow {
  /// A use's value with its names and types resolved (`Resolver.term(of:)`): what the
  /// fixpoint reads in each round, without resolving them again.
  indirect enum Term {
    case none
    /// Values it is whatever holds: a tip built, a group, an event, a tip's type.
    case held(Set<Held>)
    /// What these holders hold.
    case read([Holder])
    case union(Term, Term)
    /// A member of the values of a base (`group.currentTip`, a tip's own property).
    case members(of: Term, String)
    /// The values cast to one tip's type.
    case cast(Term, tip: Int)
  }
}
