/// The app's own code that runs by itself — at launch, and as a view appears or disappears —
/// followed through the functions it calls, as reactions. What it does to tips (donations,
/// parameter writes, invalidations, a reset before configure) becomes commands; what the
/// simulation cannot do as the app does stays a comment that says why.
extension AppModel {
  /// How many calls deep the code is followed.
  static let callDepth = 8

  /// One thing the code does, reached from a trigger, with the conditions on the way.
  enum Occurrence {
    case effect(site: Int, conditions: [CodeCondition])
    /// Code in a `statusUpdates` loop that runs when the tip the code names is invalidated.
    case whenInvalidated(tip: SwiftExpr, site: Int, conditions: [CodeCondition])
    /// The chosen `Tips.configure` runs here: what came before ran before configure.
    case configured
  }

  mutating func readReactions() {
    var touching = [Bool?](repeating: nil, count: routines.count)
    var launch: [Occurrence] = []
    var visited: Set<Int> = []
    var origins: [String] = []
    let launchRoots = launchRoots()
    let screenRoots = screenRoots()
    roots = Set(launchRoots + screenRoots.map(\.0))
    for root in launchRoots where visited.insert(root).inserted {
      origins.append("\(routines[root].title) at \(routines[root].routine.position.fileLine)")
      expand(root, conditions: routines[root].routine.conditions, depth: 0, visited: &visited, touching: &touching, into: &launch)
    }
    let configured = launch.firstIndex { if case .configured = $0 { true } else { false } }
    let before = configured.map { Array(launch[..<$0]) } ?? []
    let after = configured.map { Array(launch[($0 + 1)...]) } ?? launch
    let from = origins.joined(separator: ", ")
    add(
      ImportedReaction(
        trigger: .launching, origin: "at launch, before Tips.configure: \(from)", steps: steps(of: before, mode: .reaction(launching: true))
      ))
    add(ImportedReaction(trigger: .launch, origin: "at launch: \(from)", steps: steps(of: after, mode: .reaction(launching: false))))
    addHandlers(in: launch)
    for (root, trigger) in screenRoots {
      var found: [Occurrence] = []
      var seen: Set<Int> = [root]
      expand(root, conditions: routines[root].routine.conditions, depth: 0, visited: &seen, touching: &touching, into: &found)
      let words = if case .opens = trigger { "appears" } else { "disappears" }
      add(
        ImportedReaction(
          trigger: trigger,
          origin: "when \(trigger.screen ?? "") \(words): \(routines[root].title) at \(routines[root].routine.position.fileLine)",
          steps: steps(of: found, mode: .reaction(launching: false))))
      addHandlers(in: found)
    }
    touches = touching
  }

  /// The code of `statusUpdates` loops that runs when their tip is invalidated, as
  /// `when TIP invalidated` reactions.
  private mutating func addHandlers(in found: [Occurrence]) {
    var byTip: [(tip: Int, occurrences: [Occurrence])] = []
    for case .whenInvalidated(let expression, let index, let conditions) in found {
      guard let tip = tipIndex(displayedBy: expression, in: sites[index].site) else { continue }
      let occurrence = Occurrence.effect(site: index, conditions: conditions)
      if let known = byTip.firstIndex(where: { $0.tip == tip }) {
        byTip[known].occurrences.append(occurrence)
      } else {
        byTip.append((tip, [occurrence]))
      }
    }
    for (tip, occurrences) in byTip {
      let place = sites[occurrences.first.map { if case .effect(let site, _) = $0 { site } else { 0 } } ?? 0].site.position
      add(
        ImportedReaction(
          trigger: .invalidated(tips[tip].name), origin: "when \(tips[tip].name) is invalidated: a statusUpdates loop at \(place.fileLine)",
          steps: steps(of: occurrences, mode: .reaction(launching: false))))
    }
  }

  /// A reaction, merged into the one of the same trigger; a screen it names is defined. A
  /// step that writes a value the code computes, which no reaction can give, is a step of
  /// the action `TRIGGER_values` instead: a scenario performs it with the value.
  private mutating func add(_ reaction: ImportedReaction) {
    var reaction = reaction
    let computed = reaction.steps.filter { $0.input != nil }
    if !computed.isEmpty {
      reaction.steps = reaction.steps.map { step in
        guard step.input != nil else { return step }
        var moved = step
        moved.command = nil
        moved.note = "a value the code computes: a step of action \(reaction.trigger.valuesAction)"
        return moved
      }
      let words = "the app computes the values its code writes \(reaction.trigger.when)"
      if let index = actions.firstIndex(where: { $0.name == reaction.trigger.valuesAction }) {
        actions[index].steps += computed
      } else {
        actions.append(
          ImportedAction(
            name: reaction.trigger.valuesAction, words: words, isUserAction: false, position: computed[0].position, steps: computed))
      }
    }
    guard !reaction.steps.isEmpty else { return }
    if let screen = reaction.trigger.screen, !screens.contains(where: { $0.name == screen }) {
      screens.append(ImportedScreen(name: screen, anchors: [], position: reaction.steps[0].position))
    }
    if let index = reactions.firstIndex(where: { $0.trigger == reaction.trigger }) {
      reactions[index].origin += "; " + reaction.origin.drop { $0 != ":" }.dropFirst(2)
      reactions[index].steps += reaction.steps
    } else {
      reactions.append(reaction)
    }
  }

  /// The routines that run at launch, in the order the app runs them: the App's `init`, the
  /// app delegate's (UIKit's, AppKit's) and scene delegate's launch methods, the routine that
  /// configures TipKit, and the App's root view appearing.
  func launchRoots() -> [Int] {
    let usable = routines.indices.filter { isUsable($0) }
    func isApp(_ routine: Int) -> Bool {
      guard let path = routines[routine].routine.type,
        let type = resolveType(path.joined(separator: "."), from: nil, file: routines[routine].file)
      else { return false }
      return types[type].fragment.inherited.contains { $0 == "App" || $0 == "SwiftUI.App" }
    }
    func labels(_ routine: Int) -> [String?] { routines[routine].routine.parameters.map(\.label) }
    var roots = usable.filter { routines[$0].routine.kind == .initializer && isApp($0) }
    roots += usable.filter { routines[$0].routine.name == "application" && labels($0).contains("didFinishLaunchingWithOptions") }
    roots += usable.filter { routines[$0].routine.name == "applicationDidFinishLaunching" }
    roots += usable.filter { routines[$0].routine.name == "scene" && labels($0).contains("willConnectTo") }
    if let configure = configureSite, let routine = siteRoutines[configure], isUsable(routine) { roots.append(routine) }
    roots += usable.filter { if case .appear = routines[$0].routine.kind { isApp($0) } else { false } }
    return roots
  }

  /// The routines that run as a screen appears or disappears: SwiftUI's `onAppear`, `.task`
  /// and `onDisappear` (outside the App type), UIKit's and AppKit's view controller methods.
  func screenRoots() -> [(Int, ImportedReaction.Trigger)] {
    let opens: Set<String> = ["viewDidLoad", "viewWillAppear", "viewDidAppear"]
    let closes: Set<String> = ["viewWillDisappear", "viewDidDisappear"]
    var found: [(Int, ImportedReaction.Trigger)] = []
    for index in routines.indices where isUsable(index) {
      let routine = routines[index].routine
      guard let path = routine.type else { continue }
      let type = resolveType(path.joined(separator: "."), from: nil, file: routines[index].file)
      if type.map({ types[$0].fragment.inherited.contains { $0 == "App" || $0 == "SwiftUI.App" } }) == true { continue }
      let opening: Bool
      switch routine.kind {
      case .appear: opening = true
      case .disappear: opening = false
      case .function(let name) where opens.contains(name): opening = true
      case .function(let name) where closes.contains(name): opening = false
      default: continue
      }
      // In a `View` extension's function or a view modifier, the code runs on the screen of
      // whoever uses it.
      let isModifier = type.map { types[$0].fragment.inherited.contains { $0.hasSuffix("ViewModifier") } } ?? false
      let screens =
        path == ["View"] || isModifier
        ? usersScreens(of: index, modifier: isModifier ? type : nil) : [screenName(type: path, file: routines[index].file)]
      for screen in screens { found.append((index, opening ? .opens(screen) : .closes(screen))) }
    }
    return found
  }

  /// The screens whose code uses the `View` extension function or the view modifier an
  /// appear closure is in.
  private func usersScreens(of routine: Int, modifier: Int?) -> [String] {
    var screens: [String] = []
    let function = routines[routine].routine.parent.flatMap { routines[$0].routine.name }
    for (site, testCode) in sites where !testCode && !site.inPreview {
      switch site.kind {
      case .call(let name, _, _) where name == function: break
      case .instantiate(let typeText, _)
      where modifier != nil && resolveType(typeText, from: site.type, file: site.position.file) == modifier:
        break
      // `.modifier(TrackScreen())`: a modifier built without arguments is no site of its own.
      case .call("modifier", _, let arguments)
      where modifier != nil
        && arguments.first.flatMap({ AppModel.typeName(AppModel.callee(of: $0.value)) }).map({
          resolveType($0, from: site.type, file: site.position.file)
        }) == modifier:
        break
      default: continue
      }
      let screen = screenName(of: site)
      if !screens.contains(screen) { screens.append(screen) }
    }
    return screens
  }

  /// Whether a routine is the code of the app its users run: not a test's, a preview's or
  /// under a flag, and not inside a closure that runs later.
  func isUsable(_ routine: Int) -> Bool {
    !routines[routine].testCode && !routines[routine].routine.isPreviewOrFlagged && routines[routine].routine.deferred == nil
  }

  /// The site index of the `Tips.configure` call taken.
  var configureSite: Int? {
    guard let configure else { return nil }
    return sites.firstIndex { $0.site.position == configure.position }
  }

  /// What `routine` does, in order, through the routines it calls (each once: code reached
  /// by several paths runs once).
  mutating func expand(
    _ routine: Int, conditions: [CodeCondition], depth: Int, visited: inout Set<Int>, touching: inout [Bool?],
    into found: inout [Occurrence]
  ) {
    let configure = configureSite
    for index in routines[routine].sites {
      let site = sites[index].site
      let around = conditions + site.conditions
      switch site.kind {
      case .configure:
        if index == configure && site.deferred == nil { found.append(.configured) }
      case .call(let name, let base, _) where site.deferred == nil && base != "super":
        guard let callee = resolveCall(at: index) else {
          // Only what is true: how many of the functions of that name touch tips, and which.
          let candidates = routinesByName[name] ?? []
          let touchingTips = candidates.filter { touches($0, &touching) }
          if candidates.count > 1, !touchingTips.isEmpty {
            let which = touchingTips.map { "\(routines[$0].title) at \(routines[$0].routine.position.fileLine)" }.joined(separator: ", ")
            untranslated.append(
              Note(
                position: site.position,
                text: "a call of \(name)() not followed: the code read has \(candidates.count) functions of that name, and "
                  + (touchingTips.count == candidates.count
                    ? "each touches" : touchingTips.count == 1 ? "1 of them touches" : "\(touchingTips.count) of them touch")
                  + " tips (\(which))"))
          }
          continue
        }
        guard touches(callee, &touching) else { continue }
        guard depth < AppModel.callDepth else {
          untranslated.append(
            Note(position: site.position, text: "a call of \(name)() not followed: more than \(AppModel.callDepth) calls deep"))
          continue
        }
        if visited.insert(callee).inserted {
          expand(callee, conditions: around, depth: depth + 1, visited: &visited, touching: &touching, into: &found)
        }
      case .donate, .parameterWrite, .toggle, .invalidate, .resetDatastore, .testingOverride:
        if let tip = around.lazy.compactMap({ if case .tipInvalidated(let tip) = $0.kind { tip } else { nil } }).first {
          found.append(.whenInvalidated(tip: tip, site: index, conditions: around))
        } else {
          found.append(.effect(site: index, conditions: around))
        }
      default: break
      }
    }
  }

  /// Whether a routine does anything to tips, itself or through what it calls.
  func touches(_ routine: Int, _ memo: inout [Bool?]) -> Bool {
    if let known = memo[routine] { return known }
    memo[routine] = false
    var result = false
    for index in routines[routine].sites where !result {
      switch sites[index].site.kind {
      case .donate, .parameterWrite, .toggle, .invalidate, .resetDatastore, .testingOverride, .configure: result = true
      case .call where sites[index].site.deferred == nil:
        if let callee = resolveCall(at: index) { result = touches(callee, &memo) }
      default: break
      }
    }
    memo[routine] = result
    return result
  }

  /// The app's function a call site calls: by name, then by the type its base names (`self`,
  /// a type, a property of a known type), then by argument labels; nil when none or several.
  func resolveCall(at index: Int) -> Int? {
    let site = sites[index].site
    // `super.viewDidAppear(animated)` is UIKit's.
    guard case .call(let name, let base, let arguments) = site.kind, base != "super", var candidates = routinesByName[name] else {
      return nil
    }
    let labels = arguments.map(\.label)
    func fits(_ candidate: Int) -> Bool {
      guard routines[candidate].testCode == sites[index].testCode else { return false }
      let parameters = routines[candidate].routine.parameters.map(\.label)
      var next = 0
      for label in labels {
        guard let found = parameters[next...].firstIndex(of: label) else { return false }
        next = found + 1
      }
      return true
    }
    // The enclosing type's own first: found by key, as most calls on `self` are.
    if base == nil || base == "self" || base == "Self", let owned = routinesByOwner[AppModel.ownerKey(site.type, name)]?.filter(fits),
      owned.count == 1
    {
      return owned[0]
    }
    candidates = candidates.filter(fits)
    guard candidates.count > 1 else { return candidates.first }
    var ownerPath: [String]?
    if base == nil || base == "self" || base == "Self" {
      ownerPath = site.type
    } else if let base, base.first?.isUppercase == true, let type = resolveType(base, from: site.type, file: site.position.file) {
      ownerPath = types[type].path
    } else if let base, let typeText = propertyType(of: base.split(separator: ".").last.map(String.init) ?? base, at: site),
      let type = resolveType(typeText, from: site.type, file: site.position.file)
    {
      ownerPath = types[type].path
    }
    let owned = candidates.filter { routines[$0].routine.type == ownerPath }
    if owned.count == 1 { return owned[0] }
    let free = candidates.filter { routines[$0].routine.type == nil }
    return free.count == 1 && (base == nil) ? free[0] : nil
  }
}
