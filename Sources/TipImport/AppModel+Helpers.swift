/// One display of a tip: where it is (the screen), how, and under what the app shows it.
struct DisplayUse {
  /// The tip as the code names it where it is displayed (`FavoriteTip()`, `tip`), and its
  /// text for comments.
  var tip: SwiftExpr
  var words: String
  /// `group.currentTip as? ExportTip`: the one tip of the group it shows.
  var cast: String? = nil
  /// The site whose type is the screen: the display itself, or the outermost call of a helper.
  var screenSite: Int
  var inline: Bool
  /// The display API's site.
  var display: Int
  /// The helper calls it goes through, outermost first.
  var via: [Int] = []
  /// What must hold for the app to show it (`if showsHints`, `when: !seen`): app conditions
  /// its anchor is shown under.
  var hidingConditions: [CodeCondition] = []
  /// The closures it is inside that run later (a sheet's content, a button's action).
  var deferrals: [Deferral] = []
  /// What else a comment says (`only on iOS 18 and later`).
  var notes: [String] = []
}

/// The app's own display helpers: a function, a `View` extension, or a view or modifier type
/// that takes a tip and hands it to a display API. Each call of one is a display on the
/// caller's screen.
extension AppModel {
  /// A routine or a type that displays the tip it is given.
  enum HelperKey: Hashable {
    case routine(Int)
    case type(Int)
  }

  struct Helper {
    /// The parameter (or stored property) that holds the tip.
    var parameter: String
    /// The parameters, for a call's arguments.
    var parameters: [(label: String?, name: String)]
    var use: DisplayUse
  }

  /// How many helpers deep a display is followed.
  static let helperDepth = 8

  /// Every display of the app's code that users run: the display APIs' own calls, and each
  /// call of a helper with a tip of its caller's; and a note for each call of a helper's name
  /// that several helpers have, which is not followed.
  func displayUses() -> (uses: [DisplayUse], notFollowed: [Note]) {
    var helpers: [HelperKey: Helper] = [:]
    var direct: [DisplayUse] = []
    for (index, (site, testCode)) in sites.enumerated() where !testCode && !site.inPreview {
      guard case .display(_, let inline, let tip, let text, let condition) = site.kind else { continue }
      var use = DisplayUse(tip: tip, words: text, cast: AppModel.cast(of: tip), screenSite: index, inline: inline, display: index)
      addConditions(of: site, to: &use)
      addMemberConditions(of: site, to: &use)
      if let condition { use.hidingConditions.append(condition) }
      if let (key, parameter) = helperKey(taking: use.tip, at: index) {
        helpers[key] = Helper(parameter: parameter, parameters: parameters(of: key), use: use)
      } else {
        direct.append(use)
      }
    }
    guard !helpers.isEmpty else { return (direct, []) }
    // A helper that hands its own tip to another helper is a helper too.
    var uses: [DisplayUse] = []
    for round in 0..<AppModel.helperDepth {
      var found: [HelperKey: Helper] = [:]
      uses = []
      for (index, (site, testCode)) in sites.enumerated() where !testCode && !site.inPreview {
        guard let (key, argument) = helperCall(site, helpers: helpers) else { continue }
        guard let helper = helpers[key] else { continue }
        var use = helper.use
        use.tip = argument.value
        use.words = argument.text
        use.cast = AppModel.cast(of: argument.value) ?? use.cast
        use.screenSite = index
        use.via = [index] + helper.use.via
        use.hidingConditions = use.hidingConditions.compactMap { substitute($0, helper: helper, call: site) }
        if use.hidingConditions.contains(where: { $0.kind == .decided(false) }) { continue }
        addConditions(of: site, to: &use)
        if let (key, parameter) = helperKey(taking: use.tip, at: index), key != helperKeyOfCall(site, helpers: helpers) {
          if helpers[key] == nil { found[key] = Helper(parameter: parameter, parameters: parameters(of: key), use: use) }
        } else {
          uses.append(use)
        }
      }
      if found.isEmpty || round == AppModel.helperDepth - 1 { break }
      helpers.merge(found) { first, _ in first }
    }
    // A helper no code of the files read calls shows its tip where it is, as before.
    let called = Set(uses.map(\.display))
    let uncalled = helpers.values.filter { $0.use.via.isEmpty && !called.contains($0.use.display) }.map { helper in
      var use = helper.use
      use.notes.append("its tip is given by the code that calls \(sites[use.display].site.functionTitle), which no file read does")
      return use
    }
    var notFollowed: [Note] = []
    for (site, testCode) in sites where !testCode && !site.inPreview {
      guard case .call(let name, _, _) = site.kind, helperKeyOfCall(site, helpers: helpers) == nil else { continue }
      let candidates = (routinesByName[name] ?? []).filter { helpers[.routine($0)] != nil }
      if candidates.count > 1 {
        notFollowed.append(
          Note(position: site.position, text: "a call of \(name)() not followed: \(candidates.count) display helpers have that name"))
      }
    }
    return (direct + uses + uncalled.sorted { $0.display < $1.display }, notFollowed)
  }

  /// The helper a site calls and the argument that holds the tip, if it calls one.
  private func helperCall(_ site: Site, helpers: [HelperKey: Helper]) -> (HelperKey, Site.Argument)? {
    guard let key = helperKeyOfCall(site, helpers: helpers), let helper = helpers[key] else { return nil }
    switch site.kind {
    case .call(_, _, let arguments):
      return argument(for: helper.parameter, of: helper.parameters, in: arguments).map { (key, $0) }
    case .instantiate(_, let arguments):
      return arguments.first { $0.label == helper.parameter }.map { (key, $0) }
    default: return nil
    }
  }

  /// Which helper a call or a type's construction is, by its name (a helper's name is the
  /// app's own) and, for types, the type the name resolves to.
  private func helperKeyOfCall(_ site: Site, helpers: [HelperKey: Helper]) -> HelperKey? {
    switch site.kind {
    case .call(let name, let base, _):
      let candidates = (routinesByName[name] ?? []).filter { helpers[.routine($0)] != nil }
      if candidates.count == 1 { return .routine(candidates[0]) }
      // Private helpers of one name in two types: an unqualified call is its own type's.
      let own = candidates.filter { routines[$0].routine.type == site.type }
      return (base == nil || base == "self") && own.count == 1 ? .routine(own[0]) : nil
    case .instantiate(let typeText, _):
      guard let type = resolveType(typeText, from: site.type, file: site.position.file), helpers[.type(type)] != nil else { return nil }
      return .type(type)
    default: return nil
    }
  }

  /// The helper a display (or a helper call) belongs to when the tip it shows is one it was
  /// given, and the name that holds it: a parameter of its routine (`tip`), or a stored
  /// property of its type that callers set (`tip`, `self.tip`).
  private func helperKey(taking tip: SwiftExpr, at index: Int) -> (HelperKey, String)? {
    let site = sites[index].site
    let name: String
    // As written: `tip as? T` narrows what it was given, and is no helper's tip to hand on.
    switch tip {
    case .name(let parameter):
      if let routine = siteRoutines[index], routines[routine].routine.parameters.contains(where: { $0.name == parameter }) {
        return (.routine(routine), parameter)
      }
      name = parameter
    case .member(.name("self")?, let property): name = property
    default: return nil
    }
    // A type whose tip whoever builds it gives: a view modifier (`HintModifier(tip:
    // FavoriteTip())`), a child view, a presenter class (`Presenter(tip: T()).show()`). Each
    // construction with the tip is a display on the builder's screen; one that no code read
    // builds shows where it is.
    guard let path = site.type, let type = resolveType(path.joined(separator: "."), from: nil, file: site.position.file),
      types[type].fragment.passedIn.contains(name)
    else { return nil }
    return (.type(type), name)
  }

  private func parameters(of key: HelperKey) -> [(label: String?, name: String)] {
    switch key {
    case .routine(let routine): routines[routine].routine.parameters
    case .type(let type): types[type].fragment.storedFields.map { (label: $0, name: $0) }
    }
  }

  /// The argument a call passes for the parameter `name`: arguments are matched to the
  /// parameters in order, by label, skipping parameters left to their defaults.
  private func argument(for name: String, of parameters: [(label: String?, name: String)], in arguments: [Site.Argument])
    -> Site.Argument?
  {
    var next = 0
    for parameter in parameters {
      guard next < arguments.count else { return nil }
      if arguments[next].label == parameter.label {
        if parameter.name == name { return arguments[next] }
        next += 1
      }
    }
    return nil
  }

  /// A helper's condition seen from a call: a parameter it tests (`when: condition`, maybe
  /// negated) replaced by the call's argument (`when: !seen`); nil when it then always holds.
  private func substitute(_ condition: CodeCondition, helper: Helper, call: Site) -> CodeCondition? {
    let arguments: [Site.Argument]
    switch call.kind {
    case .call(_, _, let given), .instantiate(_, let given): arguments = given
    default: return condition
    }
    guard let (name, negates) = AppModel.testedName(condition),
      let argument = argument(for: name, of: helper.parameters, in: arguments)
    else { return condition }
    let value = argument.sourced
    if case .literal(let literal) = value.expr, literal == "true" || literal == "false" {
      return (literal == "true") != negates ? nil : CodeCondition(kind: .decided(false), text: "false")
    }
    return CodeCondition(kind: negates ? .otherwise : .holds, text: value.text, elements: [.expression(value)])
  }

  /// The name a condition tests alone (`if condition`, `if !condition`, the `else` of
  /// either), and whether it holds when that is false.
  private static func testedName(_ condition: CodeCondition) -> (String, Bool)? {
    guard condition.kind == .holds || condition.kind == .otherwise, condition.elements.count == 1,
      case .expression(var tested) = condition.elements[0]
    else { return nil }
    var negates = condition.kind == .otherwise
    tested = tested.withoutParentheses
    while let (operand, flips) = tested.negation {
      negates = negates != flips
      tested = operand.withoutParentheses
    }
    guard case .name(let name) = tested.expr else { return nil }
    return (name, negates)
  }

  /// A display inside a computed property or a function of its type (`listWithTips`,
  /// `rows()`) that the type's code uses once, under a condition (`if items.isEmpty { empty }
  /// else { listWithTips }`) or in a closure that runs later: shown only then. Used more than
  /// once, or once plainly, it is shown as its own code says.
  private func addMemberConditions(of site: Site, to use: inout DisplayUse) {
    guard let member = site.member, member != "body" else { return }
    var uses: [(conditions: [CodeCondition], deferred: Deferral?)] = memberUses.filter {
      $0.name == member && $0.type == site.type && $0.inMember != member
    }.map { ($0.conditions, $0.deferred) }
    for (other, testCode) in sites where !testCode && other.type == site.type && other.member != member {
      if case .call(member, let base, _) = other.kind, base == nil || base == "self" { uses.append((other.conditions, other.deferred)) }
    }
    guard uses.count == 1, let only = uses.first else { return }
    addConditions(only.conditions, deferred: only.deferred, to: &use)
  }

  /// The conditions around a display or a helper call that decide whether the app shows it.
  private func addConditions(of site: Site, to use: inout DisplayUse) { addConditions(site.conditions, deferred: site.deferred, to: &use) }

  private func addConditions(_ conditions: [CodeCondition], deferred: Deferral?, to use: inout DisplayUse) {
    for condition in conditions {
      switch condition.kind {
      case .holds, .loop, .otherwise, .decided(false): use.hidingConditions.append(condition)
      case .available(let version): use.notes.append("displayed on \(target.platform?.displayName ?? "iOS") \(version) and later only")
      case .unavailable(let version): use.notes.append("displayed before \(target.platform?.displayName ?? "iOS") \(version) only")
      case .decided(true), .inherent, .tipInvalidated: break
      }
    }
    if let deferred, !use.deferrals.contains(deferred) { use.deferrals.append(deferred) }
  }
}

extension AppModel {
  /// Which app of the sources read a site belongs to: with one `App` type or app delegate,
  /// that one; with several (two apps in one folder), the one whose folder is closest to
  /// the site's file.
  func app(of site: Site) -> String {
    let roots = types.filter { type in
      !type.fragment.isExtension
        && type.fragment.inherited.contains { ["App", "SwiftUI.App", "UIApplicationDelegate", "NSApplicationDelegate"].contains($0) }
    }
    guard roots.count > 1 else { return roots.first.map { $0.path.joined(separator: ".") } ?? "" }
    func folders(_ file: String) -> [Substring] { file.split(separator: "/").dropLast() }
    let here = folders(site.position.file)
    let closest = roots.max { a, b in
      let shared = { (type: SwiftType) in zip(folders(type.position.file), here).prefix { $0 == $1 }.count }
      return (shared(a), b.path.joined(separator: ".")) < (shared(b), a.path.joined(separator: "."))
    }
    return closest.map { $0.path.joined(separator: ".") } ?? ""
  }
}
