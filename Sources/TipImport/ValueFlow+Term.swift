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

/// What a use's value can be: its term, resolved once, and what a term holds in a round.
extension ValueFlow.Resolver {
  // The flow's own types, by their short names as in ValueFlow.swift.
  typealias Term = ValueFlow.Term
  typealias Located = ValueFlow.Located
  typealias Held = ValueFlow.Held
  typealias Holder = ValueFlow.Holder

  /// A use's value, resolved against the app once: what it reads, before the fixpoint says
  /// what those hold.
  func term(of entry: Located) -> Term {
    var excluding: String?
    // `guard let tip = tip`: the local is what the property (or outer local) holds.
    if case .bound(let name, false) = entry.use.sink, entry.use.value.chain?.first == name { excluding = name }
    return term(of: entry.use.value, entry, excluding: excluding, depth: 0)
  }

  private func term(of expression: SwiftExpr, _ entry: Located, excluding: String?, depth: Int) -> Term {
    guard depth < 24 else { return .none }
    let next = depth + 1
    switch expression {
    case .name("self"), .name("Self"):
      guard let type = entry.owner, let tip = model.tipByType[type] else { return .none }
      return .held([.tip(tip)])
    case .name(let name) where name.first?.isUppercase == true:
      return .none
    case .name(let name):
      if let event = event(named: name, on: nil, entry) { return .held([.event(event)]) }
      return .read(nameHolders(name.hasPrefix("$") ? String(name.dropFirst()) : name, entry, excluding: excluding))
    case .member(let base?, "self"):
      guard base.namesType, let chain = base.chain,
        let type = model.resolveType(chain.joined(separator: "."), from: entry.use.type, file: entry.file),
        let tip = model.tipByType[type]
      else { return .none }
      return .held([.tipType(tip)])
    case .member(let base?, let member):
      if let event = event(named: member, on: base, entry) { return .held([.event(event)]) }
      return .union(
        .read(memberHolders(base, member, entry)), .members(of: term(of: base, entry, excluding: excluding, depth: next), member))
    case .call(let callee, let arguments):
      if Self.wrappers.contains(callee.lastName ?? ""), let first = arguments.first {
        return term(of: first.value, entry, excluding: excluding, depth: next)
      }
      if let type = constructed(callee, entry) { return model.tipByType[type].map { .held([.tip($0)]) } ?? .none }
      return .read(resultHolders(callee, entry))
    case .group(let position): return .held([.group(position)])
    case .cast(let operand, let op, let typeText):
      guard op != "is" else { return .none }
      let inner = term(of: operand, entry, excluding: excluding, depth: next)
      let wanted = typeText.trimmingCharacters(in: ["?", "!", " "])
      guard let type = model.resolveType(wanted, from: entry.use.type, file: entry.file), let tip = model.tipByType[type] else {
        return inner
      }
      return .cast(inner, tip: tip)
    case .ternary(_, let a, let b), .infix(let a, "??", let b):
      return .union(term(of: a, entry, excluding: excluding, depth: next), term(of: b, entry, excluding: excluding, depth: next))
    case .optional(let inner), .forced(let inner):
      return term(of: inner, entry, excluding: excluding, depth: next)
    case .collection(let elements) where elements.count == 1:
      return term(of: elements[0], entry, excluding: excluding, depth: next)
    default:
      return .none
    }
  }

  /// What a term is, given what each holder holds now.
  func values(of term: Term, in contents: [Holder: Set<Held>]) -> Set<Held> {
    switch term {
    case .none: return []
    case .held(let held): return held
    case .read(let holders):
      var found: Set<Held> = []
      for holder in holders {
        if let held = contents[holder] { found.formUnion(held) }
        // A property of any type's of that name (a global, or one written through a base of unknown type).
        if case .property(_?, let name) = holder, let wide = contents[.property(type: nil, name: name)] { found.formUnion(wide) }
      }
      return found
    case .union(let a, let b): return values(of: a, in: contents).union(values(of: b, in: contents))
    case .members(let base, let member): return membersOfValues(values(of: base, in: contents), member, contents)
    // Cast to one tip's type: only that tip (a group's current tip included).
    case .cast(let inner, let tip): return tips(in: values(of: inner, in: contents), contents: contents).contains(tip) ? [.tip(tip)] : []
    }
  }
  /// The event `Type.member` (or a bare `member` in the code of its type) declares.
  private func event(named member: String, on base: SwiftExpr?, _ entry: Located) -> Int? {
    let type: Int?
    if let base {
      guard base.namesType || base == .name("Self"), let chain = base.chain else { return nil }
      type =
        chain == ["Self"]
        ? entry.owner : model.resolveType(chain.joined(separator: "."), from: entry.use.type, file: entry.file)
    } else {
      type = entry.owner
    }
    return type.flatMap { model.eventIndex(type: $0, member: member) }
  }

  /// What a member of values gives: a group's `currentTip` (its members), a tip's own
  /// property (an extension of the app's that returns `self`), `T.self`.
  private func membersOfValues(_ values: Set<Held>, _ member: String, _ contents: [Holder: Set<Held>]) -> Set<Held> {
    var found: Set<Held> = []
    for value in values {
      switch value {
      case .group(let position) where member == "currentTip":
        found.formUnion((contents[.members(position)] ?? []).filter { if case .tip = $0 { true } else { false } })
      case .tip(let tip):
        for type in model.tips[tip].types { found.formUnion(contents[.property(type: type, name: member)] ?? []) }
      default: break
      }
    }
    return found
  }

  /// The type a callee constructs (`FavoriteTip()`, `FavoriteTip.init()`, `Self()`), if it
  /// names one of the app's.
  private func constructed(_ callee: SwiftExpr, _ entry: Located) -> Int? {
    var callee = callee
    if case .member(let base?, "init") = callee { callee = base }
    if case .generic(let base, _) = callee { callee = base }
    if case .name("Self") = callee { return entry.owner }
    guard callee.namesType, let chain = callee.chain else { return nil }
    return model.resolveType(chain.joined(separator: "."), from: entry.use.type, file: entry.file)
  }

  /// The holders a bare name reads: a local of its routine (or of the routines around it,
  /// or of its member), else a property of the types around it, else a global.
  func nameHolders(_ name: String, _ entry: Located, excluding: String?) -> [Holder] {
    if name != excluding {
      var routine = entry.routine
      while let current = routine {
        if locals[.routine(current)]?.contains(name) == true { return [.local(scope: .routine(current), name: name)] }
        routine = model.routines[current].routine.parent
      }
      if let scope = entry.memberScope, locals[scope]?.contains(name) == true { return [.local(scope: scope, name: name)] }
    }
    return [.property(type: nil, name: name)] + entry.enclosing.map { .property(type: $0, name: name) }
  }

  /// The holders `base.member` reads, where the base says its type: `self`, a type
  /// (`FavoriteTip.shared`), a property whose type the code declares; else every property
  /// of that name.
  private func memberHolders(_ base: SwiftExpr, _ member: String, _ entry: Located) -> [Holder] {
    if let chain = base.chain {
      if chain == ["self"] || chain == ["Self"] {
        return entry.owner.map { [.property(type: $0, name: member)] } ?? []
      }
      if chain.first?.first?.isUppercase == true,
        let type = model.resolveType(chain.joined(separator: "."), from: entry.use.type, file: entry.file)
      {
        return [.property(type: type, name: member)]
      }
      if chain.count == 1, let typeText = model.propertyType(of: chain[0], type: entry.use.type, file: entry.file),
        let type = model.resolveType(typeText, from: entry.use.type, file: entry.file)
      {
        return [.property(type: type, name: member)]
      }
    }
    return propertiesNamed[member] ?? []
  }

  /// What calling `callee` returns: the results of the app's functions of its name.
  private func resultHolders(_ callee: SwiftExpr, _ entry: Located) -> [Holder] {
    guard let name = callee.lastName, name.first?.isLowercase == true, let candidates = model.routinesByName[name] else { return [] }
    if case .name = callee, let own = entry.owner {
      let owned = candidates.filter { model.routines[$0].routine.type == model.types[own].path }
      if !owned.isEmpty { return owned.map { .result(routine: $0) } }
    }
    return candidates.map { .result(routine: $0) }
  }

  /// The tips among values: each tip, and each member of each group.
  func tips(in values: Set<Held>, contents: [Holder: Set<Held>]) -> Set<Int> {
    var found: Set<Int> = []
    for value in values {
      switch value {
      case .tip(let tip), .tipType(let tip): found.insert(tip)
      case .group(let position):
        for case .tip(let tip) in contents[.members(position)] ?? [] { found.insert(tip) }
      case .event: break
      }
    }
    return found
  }
}
