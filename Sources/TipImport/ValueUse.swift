/// A place where the code hands a value on: an argument, an assignment, a binding, a return,
/// an element of a literal. The raw material of the ledger of every use of a tip
/// (`ValueFlow`): a tip's instance reaches a display only through such places, so one that
/// goes where the import does not follow is said, never taken for "not displayed".
struct ValueUse {
  enum Sink: Hashable {
    /// The tip argument of a TipKit display API (`TipView`, `popoverTip`, `TipUIView`…),
    /// and the place of the display's site.
    case display(api: String, site: SwiftPosition)
    /// An argument of another call: the callee as written, the argument's label and index,
    /// and where the call is (the place of its `Site`).
    case argument(callee: SwiftExpr, label: String?, index: Int, call: SwiftPosition)
    /// `target = value`, `target ??= value`.
    case assigned(SwiftExpr)
    /// `let name = value`, `var name: T = value`, `if let name = value`: a stored property of
    /// the enclosing type (`property`), or a local of the code it is in.
    case bound(name: String, property: Bool)
    /// What the function or computed property it is in returns (`member`).
    case returned
    /// What a closure returns: to whoever calls the closure, which the import does not follow.
    case returnedFromClosure
    /// An element of an array or dictionary literal.
    case element
    /// A member listed in the builder of the TipGroup built at `group`.
    case groupMember(group: SwiftPosition)
    /// What `.donate()` or `.sendDonation()` is called on, at the donation's site.
    case donated(site: SwiftPosition)
  }

  var value: SwiftExpr
  var sink: Sink
  var position: SwiftPosition
  /// The enclosing type's path.
  var type: [String]?
  /// The routine (of its file) it is in, and the computed property or function around it:
  /// where the names it reads are looked up.
  var routine: Int?
  var member: String?
  /// In a preview, test code or under a flag the release build does not set: not code the
  /// app's users run.
  var offForUsers: Bool
}

/// Where a type's name appears in code: in code users run, or only in previews and tests.
struct TypeMentions {
  /// Name → the first place it appears in code the app's users run.
  var inApp: [String: SwiftPosition] = [:]
  /// Name → the first place it appears in a preview or test code.
  var inPreview: [String: SwiftPosition] = [:]
  /// Plain string literals that could name a type (`NSClassFromString`, a storyboard id).
  var strings: Set<String> = []
  /// The other names code the app's users run refers to (`hint`, `x.hint()`, `\.hint`): a
  /// member of an extension none names is never run.
  var members: Set<String> = []

  mutating func merge(_ other: TypeMentions) {
    inApp.merge(other.inApp) { first, _ in first }
    inPreview.merge(other.inPreview) { first, _ in first }
    strings.formUnion(other.strings)
    members.formUnion(other.members)
  }
}
