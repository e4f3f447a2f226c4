/// An expression as swift-syntax's tree has it, kept as a value (holding the node would keep
/// the file's whole tree): member chains, calls with their labelled arguments, casts,
/// optional chaining, operators folded by precedence, literals. The importer resolves tips,
/// groups and the values that flow between them over this structure, not over text.
indirect enum SwiftExpr: Hashable, Sendable {
  /// `tip`, `FavoriteTip`, `self`, `Self`, `$flag`.
  case name(String)
  /// `base.member`; a nil base is an implicit member (`.ordered`).
  case member(SwiftExpr?, String)
  /// A call with its arguments in order; trailing closures are not among them.
  case call(SwiftExpr, [Argument])
  /// `1`, `-2`, `0.5`, `"text"`, `true`, `nil`, as the scenario writes a literal.
  case literal(String)
  /// `!a`, `-a`.
  case prefix(String, SwiftExpr)
  /// `a && b`, `x + 1`, `a ?? b`, `x = y`, folded by Swift's standard precedence.
  case infix(SwiftExpr, String, SwiftExpr)
  case ternary(SwiftExpr, SwiftExpr, SwiftExpr)
  /// `value as? Type`: the operand, the operator (`as`, `as?`, `as!`, `is`) and the type's text.
  case cast(SwiftExpr, String, String)
  /// `a?` in `a?.b`: the chain goes on through it.
  case optional(SwiftExpr)
  /// `a!`.
  case forced(SwiftExpr)
  /// `&a`.
  case inOut(SwiftExpr)
  /// An array's, a dictionary's (keys and values) or a tuple's elements.
  case collection([SwiftExpr])
  /// `Presenter<FavoriteTip>`: the base and its generic arguments' texts.
  case generic(SwiftExpr, [String])
  case closure
  /// `TipGroup(…) { … }`: a group, known by where it is built.
  case group(SwiftPosition)
  /// Anything else (an interpolated string, a key path, a subscript, too deep), as written.
  case other(String)

  struct Argument: Hashable, Sendable {
    var label: String?
    var value: SwiftExpr
  }

  /// The names of a plain chain (`self.model.tip` → `["self", "model", "tip"]`), through
  /// optional chaining and forced unwraps; nil for anything else.
  var chain: [String]? {
    switch self {
    case .name(let name): [name]
    case .member(let base?, let member): base.chain.map { $0 + [member] }
    case .optional(let inner), .forced(let inner): inner.chain
    default: nil
    }
  }

  /// Without the optional chaining, forced unwraps and parentheses' single-element tuples
  /// that do not change which value it is.
  var unwrapped: SwiftExpr {
    switch self {
    case .optional(let inner), .forced(let inner): inner.unwrapped
    case .collection(let elements) where elements.count == 1: elements[0].unwrapped
    default: self
    }
  }

  /// The last name of a callee: `configure` of `Tips.configure`, `Presenter` of `Presenter<T>`.
  var lastName: String? {
    switch self {
    case .name(let name): name
    case .member(_, let member): member
    case .generic(let base, _), .optional(let base), .forced(let base): base.lastName
    default: nil
    }
  }

  /// Whether it names a type (its last name starts upper-case: `FavoriteTip`, `Outer.Inner`).
  var namesType: Bool { lastName?.first?.isUppercase == true }
}
