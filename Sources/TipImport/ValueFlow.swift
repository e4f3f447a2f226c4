import Foundation

/// Where the app's tips go: every instance of a tip type, every group built, followed from
/// where the code builds it through the places that hold it (properties, locals, parameters
/// of the app's functions and types, what functions return) to where it ends up: a display,
/// code the import does not follow, or nowhere. Flow-insensitive and over-approximating: a
/// holder holds whatever any code puts in it, and a member read on a value of unknown type
/// reads every property of that name. So a tip with no display and no escape in its ledger
/// is never displayed by the code read, which is what `noDisplaySite` proves.
struct ValueFlow {
  /// What a holder can hold that matters here.
  enum Held: Hashable {
    case tip(Int)
    case group(SwiftPosition)
    /// The tip's type as a value (`FavoriteTip.self`), which generic code can build.
    case tipType(Int)
    /// An event (`FavoriteTip.opened`), which whoever holds it can donate.
    case event(Int)
  }

  /// A place that holds values: a local or parameter (by its scope), a type's property (any
  /// type's, for `nil`: a global, or one written through a base of unknown type), what a
  /// function returns, the members of a group's builder.
  enum Holder: Hashable {
    case local(scope: Scope, name: String)
    case property(type: Int?, name: String)
    case result(routine: Int)
    case members(SwiftPosition)
  }

  /// Where a local lives: a routine (its parameters too), or a computed property's or
  /// function's body outside any routine (by its file's number, then numbered within it).
  enum Scope: Hashable {
    case routine(Int)
    case member(file: Int, Int)
  }

  /// Everything one tip's instances reach.
  struct Ledger {
    /// The displays (TipKit display APIs) its instances reach in code the app's users run.
    var displays: [SwiftPosition] = []
    /// Where its instances (or its type, or a group holding it) go where the import does not
    /// follow, each in words with its place.
    var escapes: [String] = []
  }

  private(set) var contents: [Holder: Set<Held>] = [:]
  /// Tip index → its ledger.
  private(set) var ledgers: [Int: Ledger] = [:]
  /// Display place → the tips it can show.
  private(set) var displayed: [SwiftPosition: [Int]] = [:]
  /// Donation place → the events it can donate (`event.donate()` on a parameter that holds one).
  private(set) var donated: [SwiftPosition: [Int]] = [:]
  /// Event index → where it goes that the import does not follow, in words: code there may
  /// donate it.
  private(set) var eventEscapes: [Int: [String]] = [:]

  /// How many rounds the holders are filled before the flow stops growing; a longer chain of
  /// holders than this is cut (each round follows every use once).
  static let rounds = 24

  init(model: AppModel) {
    let resolver = Resolver(model: model)
    // Each use's names and types are resolved once, on every core; the rounds only read what
    // holders hold.
    let resolved = onEveryCore(resolver.uses.count, chunk: 1_024) { index in
      (term: resolver.term(of: resolver.uses[index]), targets: resolver.targets(of: resolver.uses[index]))
    }
    let terms = resolved.map(\.term)
    var edges: [(use: Int, targets: [Holder])] = []
    var sinks: [Int] = []
    for (index, entry) in resolved.enumerated() {
      if let targets = entry.targets { edges.append((index, targets)) } else { sinks.append(index) }
    }
    var filled: [Holder: Set<Held>] = [:]
    for _ in 0..<ValueFlow.rounds {
      var changed = false
      for edge in edges {
        let values = resolver.values(of: terms[edge.use], in: filled)
        guard !values.isEmpty else { continue }
        for target in edge.targets {
          let before = filled[target]?.count ?? 0
          filled[target, default: []].formUnion(values)
          if filled[target]?.count != before { changed = true }
        }
      }
      if !changed { break }
    }
    contents = filled
    for index in sinks {
      let entry = resolver.uses[index]
      let values = resolver.values(of: terms[index], in: filled)
      guard !values.isEmpty else { continue }
      let tips = resolver.tips(in: values, contents: filled)
      let events = values.compactMap { if case .event(let event) = $0 { event } else { nil } }.sorted()
      switch entry.use.sink {
      case .display(_, let site):
        displayed[site, default: []].append(contentsOf: tips.sorted())
        for tip in tips { ledgers[tip, default: Ledger()].displays.append(site) }
      case .donated(let site):
        donated[site, default: []].append(contentsOf: events)
      default:
        guard let escape = resolver.escape(of: entry) else { continue }
        for tip in tips { ledgers[tip, default: Ledger()].escapes.append(escape) }
        for event in events { eventEscapes[event, default: []].append(escape) }
      }
    }
  }
}

extension ValueFlow {
  /// A use with the place it is read from: its file and its routine among all the app's.
  struct Located {
    var use: ValueUse
    var file: String
    var routine: Int?
    /// The type its code is in, resolved once.
    var owner: Int?
    /// Its member's scope, when it is in a computed property or function's body.
    var memberScope: Scope?
    /// The types around its code, innermost first, resolved once.
    var enclosing: [Int] = []

    /// The scope of its locals: its routine, else its member; nil at a file's top level.
    var scope: Scope? { routine.map(Scope.routine) ?? memberScope }
  }

  /// A call's place and its callee's last name.
  struct CallPlace: Hashable {
    var position: SwiftPosition
    var name: String
  }

  /// Resolves names and calls against the app model.
  struct Resolver {
    let model: AppModel
    /// The uses of code the app's users run.
    let uses: [Located]
    /// Locals (and parameters) by scope.
    let locals: [Scope: Set<String>]
    /// Every property holder by name, for a member read on a value of unknown type.
    let propertiesNamed: [String: [Holder]]
    /// Call and construction sites by place and callee's name (`a.f(x).g(y)`: both calls
    /// start where `a` does).
    let callSites: [CallPlace: Int]
    /// The properties each type declares (`type#name`): a bare name written in its code is one.
    let declared: Set<String>

    init(model: AppModel) {
      self.model = model
      // Each file's uses are placed on every core: their types resolved, their scopes numbered.
      let routineBases = model.files.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1.routines.count) }
      let uses = onEveryCore(model.files.count) { index in
        Resolver.located(model.files[index], number: index, routineBase: routineBases[index], in: model)
      }.flatMap { $0 }
      self.uses = uses
      var locals: [Scope: Set<String>] = [:]
      for (index, routine) in model.routines.enumerated() where !routine.routine.parameters.isEmpty {
        locals[.routine(index), default: []].formUnion(routine.routine.parameters.map(\.name))
      }
      var properties: [String: [Holder]] = [:]
      var sites: [CallPlace: Int] = [:]
      for (index, entry) in model.sites.enumerated() {
        switch entry.site.kind {
        case .call(let name, _, _): sites[CallPlace(position: entry.site.position, name: name)] = index
        case .instantiate(let type, _):
          let name = type.prefix { $0 != "<" }.split(separator: ".").last.map(String.init) ?? ""
          sites[CallPlace(position: entry.site.position, name: name)] = index
        default: break
        }
      }
      callSites = sites
      for entry in uses {
        guard case .bound(let name, let property) = entry.use.sink else { continue }
        if property {
          properties[name, default: []].append(.property(type: entry.owner, name: name))
        } else if let scope = entry.scope {
          locals[scope, default: []].insert(name)
        }
      }
      self.locals = locals
      propertiesNamed = properties.mapValues { Array(Set($0)) }
      var declared: Set<String> = []
      for (index, type) in model.types.enumerated() {
        for name in type.fragment.storedFields + Array(type.fragment.propertyTypes.keys) { declared.insert("\(index)#\(name)") }
      }
      for holders in properties.values {
        for case .property(let type?, let name) in holders { declared.insert("\(type)#\(name)") }
      }
      self.declared = declared
    }

    /// A file's uses of code the app's users run, each with its place: the file's `number`
    /// among the files read, and its routines' first index among all the app's.
    static func located(_ file: FileFacts, number: Int, routineBase: Int, in model: AppModel) -> [Located] {
      guard !file.isTestCode else { return [] }
      var located: [Located] = []
      var owners: [[String]: Int?] = [:]
      var members: [String: Int] = [:]
      // A member's uses come one after another: its scope is looked up once for them.
      var lastMember: (type: [String]?, member: String, scope: Scope)?
      for use in file.valueUses where !use.offForUsers && model.isReachable(type: use.type) {
        // The types around the code, innermost first, each resolved once per file.
        var enclosing: [Int] = []
        var path = use.type ?? []
        while !path.isEmpty {
          if owners[path] == nil { owners[path] = model.resolveType(path.joined(separator: "."), from: nil, file: file.path) }
          if let type = owners[path] ?? nil { enclosing.append(type) }
          path.removeLast()
        }
        let owner = use.type.flatMap { owners[$0] ?? nil }
        var memberScope: Scope?
        if let member = use.member {
          if let last = lastMember, last.member == member, last.type == use.type {
            memberScope = last.scope
          } else {
            let key = "\((use.type ?? []).joined(separator: ".")).\(member)"
            if members[key] == nil { members[key] = members.count }
            memberScope = members[key].map { Scope.member(file: number, $0) }
            lastMember = memberScope.map { (use.type, member, $0) }
          }
        }
        located.append(
          Located(
            use: use, file: file.path, routine: use.routine.map { routineBase + $0 }, owner: owner, memberScope: memberScope,
            enclosing: enclosing))
      }
      return located
    }

    // MARK: Where a use puts its value

    /// The holders a use fills; nil when it is a sink (a display, or where the import does
    /// not follow: `escape(of:)` says).
    func targets(of entry: Located) -> [Holder]? {
      switch entry.use.sink {
      case .bound(let name, let property):
        if property { return [.property(type: entry.owner, name: name)] }
        // A `let` at a file's top level is a global: the wide holder of its name.
        guard let scope = entry.scope else { return [.property(type: nil, name: name)] }
        return [.local(scope: scope, name: name)]
      case .assigned(let target): return holders(written: target, by: entry)
      case .returned:
        if let routine = entry.routine, case .function = model.routines[routine].routine.kind { return [.result(routine: routine)] }
        if entry.routine == nil, let member = entry.use.member { return [.property(type: entry.owner, name: member)] }
        return []
      case .groupMember(let group): return [.members(group)]
      case .argument: return parameterHolders(of: entry)
      case .display, .donated, .element, .returnedFromClosure: return nil
      }
    }

    /// The holders an assignment's target names: a local, a property of `self` or of a type,
    /// or (through a value of unknown type) the property of that name of any type.
    private func holders(written target: SwiftExpr, by entry: Located) -> [Holder]? {
      guard var chain = target.chain else { return nil }
      // SwiftUI's backing storage `_group = State(initialValue: …)` is the property `group`.
      if chain.count == 1, chain[0].hasPrefix("_") { chain[0].removeFirst() }
      let onSelf = chain.first == "self"
      if onSelf { chain.removeFirst() }
      guard let last = chain.last else { return nil }
      if onSelf, chain.count == 1 { return [.property(type: entry.owner, name: last)] }
      if chain.count == 1 {
        let holders = nameHolders(last, entry, excluding: nil)
        if case .local? = holders.first { return holders }
        // A property of the innermost type around that declares it; else a global.
        let declaring = holders.filter { if case .property(let type?, _) = $0 { declared.contains("\(type)#\(last)") } else { false } }
        return declaring.isEmpty ? [.property(type: nil, name: last)] : [declaring[0]]
      }
      if let type = model.resolveType(chain.dropLast().joined(separator: "."), from: entry.use.type, file: entry.file),
        chain.first?.first?.isUppercase == true
      {
        return [.property(type: type, name: last)]
      }
      return [.property(type: nil, name: last)]
    }

    /// The parameter (or stored property) of the app's own function or type an argument
    /// goes to; nil when the callee is not the app's (or not one the import can tell).
    private func parameterHolders(of entry: Located) -> [Holder]? {
      guard case .argument(let callee, let label, let index, let call) = entry.use.sink else { return nil }
      if Resolver.wrappers.contains(callee.lastName ?? "") { return [] }
      guard let site = callSites[CallPlace(position: call, name: callee.lastName ?? "")] else { return nil }
      switch model.sites[site].site.kind {
      case .call(let name, _, let arguments):
        let labels = arguments.map(\.label)
        let routines = model.resolveCall(at: site).map { [$0] } ?? (model.routinesByName[name] ?? [])
        let found = routines.compactMap { routine in
          Resolver.parameter(at: index, labels: labels, of: model.routines[routine].routine.parameters).map {
            Holder.local(scope: .routine(routine), name: $0)
          }
        }
        return found.isEmpty ? nil : found
      case .instantiate(let typeText, let arguments):
        guard let type = model.resolveType(typeText, from: entry.use.type, file: entry.file), !model.types[type].fragment.isExtension
        else { return nil }
        let labels = arguments.map(\.label)
        let path = model.types[type].path
        let initializers = model.routines.indices.filter {
          model.routines[$0].routine.kind == .initializer && model.routines[$0].routine.type == path
        }
        if !initializers.isEmpty {
          let found = initializers.compactMap { routine in
            Resolver.parameter(at: index, labels: labels, of: model.routines[routine].routine.parameters).map {
              Holder.local(scope: .routine(routine), name: $0)
            }
          }
          return found.isEmpty ? nil : found
        }
        // The memberwise initializer: a stored property of the label's name.
        guard let label, model.types[type].fragment.storedFields.contains(label) else { return nil }
        return [.property(type: type, name: label)]
      default: return nil
      }
    }

    /// The parameter that argument `index` (of a call with these labels) goes to: arguments
    /// match parameters in order by label, skipping parameters left to their defaults.
    static func parameter(at index: Int, labels: [String?], of parameters: [(label: String?, name: String)]) -> String? {
      var next = 0
      for parameter in parameters where next < labels.count {
        if labels[next] == parameter.label {
          if next == index { return parameter.name }
          next += 1
        }
      }
      return nil
    }

    /// Calls that only wrap the value they are given (`State(initialValue: TipGroup(…))`).
    static let wrappers: Set<String> = ["State", "StateObject", "ObservedObject", "AnyTip", "Optional", "some"]

    /// Where a sink's values go that the import does not follow, in words; nil for a display.
    func escape(of entry: Located) -> String? {
      let place = entry.use.position.fileLine
      switch entry.use.sink {
      case .argument(let callee, let label, _, _):
        let name = Resolver.calleeText(callee)
        return "it is passed to `\(name)(\(label.map { $0 + ":" } ?? "_:"))` at \(place), which the import does not follow"
      case .assigned: return "it is stored at \(place) in a place the import does not follow"
      case .element: return "it is put in an array or dictionary at \(place), which the import does not follow"
      case .returnedFromClosure: return "it is returned from a closure at \(place), which the import does not follow"
      default: return nil
      }
    }

    static func calleeText(_ callee: SwiftExpr) -> String {
      switch callee {
      case .name(let name): name
      case .member(let base?, let member): (base.chain?.joined(separator: ".") ?? "…") + "." + member
      case .member(nil, let member): "." + member
      case .generic(let base, let arguments): calleeText(base) + "<" + arguments.joined(separator: ", ") + ">"
      default: callee.lastName ?? "a closure"
      }
    }
  }
}
