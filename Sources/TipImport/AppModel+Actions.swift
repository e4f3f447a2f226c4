/// The app's code that something the sources do not show calls, as actions a scenario
/// performs and the audit takes: each closure that runs later (a button's action, a gesture,
/// a notification's handler, a completion), each target-action method, and each function
/// that moves a tip's inputs but that no code read calls (a delegate method, a data-load
/// callback, a method called from Objective-C). What its code computes is an input.
extension AppModel {
  mutating func readActions() {
    var touching = touches.count == routines.count ? touches : [Bool?](repeating: nil, count: routines.count)
    var owners: [String: String] = [:]
    func owner(_ type: [String]?, _ file: String) -> String {
      let key = (type ?? []).joined(separator: ".") + "@" + (type == nil ? file : "")
      if let known = owners[key] { return known }
      let name = screenName(type: type, file: file)
      owners[key] = name
      return name
    }
    // Closures and target-action methods: one action each, with the sites inside them.
    var deferrals: [(deferral: Deferral, type: [String]?, sites: [Int])] = []
    var byPosition: [SwiftPosition: Int] = [:]
    // By index: a site is read in place, not copied.
    for index in sites.indices where !sites[index].testCode && !sites[index].site.inPreview && sites[index].site.flag == nil {
      guard let deferral = sites[index].site.deferred, doesSomething(index, &touching) else { continue }
      if let group = byPosition[deferral.position] {
        deferrals[group].sites.append(index)
      } else {
        byPosition[deferral.position] = deferrals.count
        deferrals.append((deferral, sites[index].site.type, [index]))
      }
    }
    var names: Set<String> = Set(actions.map(\.name))
    func unique(_ name: String) -> String {
      let chosen = AppModel.unique(name) { names.contains($0) }
      names.insert(chosen)
      return chosen
    }
    for group in deferrals {
      if let display = group.deferral.tipActionOf, !runsTipAction(at: display, sites: group.sites) { continue }
      var found: [Occurrence] = []
      var visited: Set<Int> = []
      for index in group.sites {
        occur(index, conditions: sites[index].site.conditions, into: &found, visited: &visited, touching: &touching)
      }
      let owner = owner(group.type, group.deferral.position.file)
      actions.append(
        ImportedAction(
          name: unique(owner + "_" + AppModel.conditionName(group.deferral.name)), words: AppModel.words(of: group.deferral),
          isUserAction: group.deferral.isUserAction, position: group.deferral.position,
          steps: steps(of: found, mode: .action(closure: group.deferral.position))))
    }
    // Functions no code read calls that move a tip's inputs (and initializers: a type the
    // app creates, `Theme()`, runs its initializer then). Only calls of their names are
    // resolved: most of a large app's calls are of nothing that touches a tip.
    var candidates: [Int] = []
    for index in routines.indices where isUsable(index) && !roots.contains(index) {
      switch routines[index].routine.kind {
      case .function, .initializer: if touches(index, &touching) { candidates.append(index) }
      default: break
      }
    }
    let candidateNames = Set(candidates.compactMap { routines[$0].routine.name })
    var called: Set<Int> = []
    for index in sites.indices {
      guard case .call(let name, _, _) = sites[index].site.kind, candidateNames.contains(name), let callee = resolveCall(at: index) else {
        continue
      }
      called.insert(callee)
    }
    for index in candidates where !called.contains(index) {
      let name = routines[index].routine.name ?? "init"
      var found: [Occurrence] = []
      var visited: Set<Int> = [index]
      expand(index, conditions: [], depth: 0, visited: &visited, touching: &touching, into: &found)
      let routine = routines[index].routine
      let steps = steps(of: found, mode: .action(closure: nil))
      // Its only effects are in closures that run later, each an action of its own.
      guard steps.contains(where: { $0.command != nil }) else { continue }
      let owner = owner(routine.type, routines[index].file)
      let labels = routine.parameters.map { ($0.label ?? "_") + ":" }.joined()
      let swift = (routine.type.map { $0.joined(separator: ".") + "." } ?? "") + "\(name)(\(labels))"
      let creates = name == "init" ? routine.type.map { "the app creates `\($0.joined(separator: "."))`" } : nil
      actions.append(
        ImportedAction(
          name: unique(owner + "_" + name), words: creates ?? "the app calls `\(swift)`", isUserAction: false, position: routine.position,
          steps: steps, note: creates == nil ? "which no code read calls" : "whose initializer moves a tip's inputs"))
    }
  }

  /// Whether the action handler of the tip view at `display` can run: one of the tips shown
  /// there declares an action for the user to tap. When none does, what the handler does never
  /// runs (its sites are accounted for, not untranslated), and each tip says so.
  private mutating func runsTipAction(at display: SwiftPosition, sites handler: [Int]) -> Bool {
    var shown = Set(tips.indices.filter { tips[$0].displays.contains { $0.position == display } })
    shown.formUnion(flow?.displayed[display] ?? [])
    guard !shown.isEmpty, shown.allSatisfy({ tips[$0].actions.isEmpty }) else { return true }
    for index in handler { neverRun.insert(sites[index].site.position) }
    for tip in shown.sorted() {
      tips[tip].comments.append(
        "the action handler of its view at \(display.fileLine) runs only when the user taps one of its actions, and it declares none: what the handler does never runs"
      )
    }
    return false
  }

  /// Whether a site does something to tips: itself, or through the app's function it calls.
  private func doesSomething(_ index: Int, _ touching: inout [Bool?]) -> Bool {
    switch sites[index].site.kind {
    case .donate, .parameterWrite, .toggle, .invalidate, .resetDatastore, .testingOverride: return true
    case .call: return resolveCall(at: index).map { touches($0, &touching) } ?? false
    default: return false
    }
  }

  /// What one site of an action does: an effect, or what the function it calls does.
  private mutating func occur(
    _ index: Int, conditions: [CodeCondition], into found: inout [Occurrence], visited: inout Set<Int>, touching: inout [Bool?]
  ) {
    switch sites[index].site.kind {
    case .donate, .parameterWrite, .toggle, .invalidate, .resetDatastore, .testingOverride:
      found.append(.effect(site: index, conditions: conditions))
    case .call:
      guard let callee = resolveCall(at: index), touches(callee, &touching), visited.insert(callee).inserted else { return }
      expand(callee, conditions: conditions, depth: 1, visited: &visited, touching: &touching, into: &found)
    default: break
    }
  }

  /// How an assumption names what runs a closure: "the user taps Button(\"Save\")".
  static func words(of deferral: Deferral) -> String {
    let words = deferral.words
    if words.hasPrefix("when its action fires (") {
      return deferral.isUserAction
        ? "the user acts on the control wired to @IBAction \(deferral.name)"
        : "@objc \(deferral.name) is called (by UIKit, AppKit or Objective-C code)"
    }
    if words.hasPrefix("when ") { return String(words.dropFirst(5)) }
    if words.hasPrefix("as ") { return String(words.dropFirst(3)) }
    if words.hasPrefix("a closure passed to ") { return "the closure passed to \(deferral.name) runs" }
    return "the app calls the closure stored in \(deferral.name)"
  }
}
