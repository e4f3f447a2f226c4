/// What matters to a tip: the output names only the app conditions that gate a display, or a
/// step that moves what a tip's rules read; a large app tests hundreds that do not.
extension AppModel {
  /// Leaves as comments the steps under an app condition that move nothing a rule reads (a
  /// donation of an event no rule counts, a write of a parameter no rule reads, nor any
  /// parameter it is copied into): they need no condition. Then drops every condition nothing
  /// written tests; `unusedConditions` counts them.
  mutating func keepRelevantConditions() {
    var read = Set(tips.flatMap { $0.rules.compactMap(\.expression) }.flatMap(\.parameterNames))
    let counted = Set(events.filter(\.isRead).map(\.name))
    let all = reactions.flatMap(\.steps) + actions.flatMap(\.steps)
    // `set shown seen`: what `seen` gets matters when `shown` is read.
    var grew = true
    while grew {
      grew = false
      for step in all {
        guard let moves = step.moves, let from = moves.from, read.contains(moves.name) else { continue }
        if read.insert(from).inserted { grew = true }
      }
    }
    func matters(_ step: ReactionStep) -> Bool {
      guard let moves = step.moves else { return true }
      return read.contains(moves.name) || counted.contains(moves.name)
    }
    func idle(_ step: inout ReactionStep) {
      guard step.command != nil, !step.guards.isEmpty, !matters(step), let moves = step.moves else { return }
      step.command = nil
      step.input = nil
      step.guards = []
      step.note = "no rule reads \(moves.name), so its condition is not written"
    }
    for reaction in reactions.indices {
      for step in reactions[reaction].steps.indices { idle(&reactions[reaction].steps[step]) }
    }
    for action in actions.indices {
      for step in actions[action].steps.indices { idle(&actions[action].steps[step]) }
    }
    var used = Set(screens.flatMap { $0.conditions.values.flatMap { $0.map(\.name) } })
    for step in reactions.flatMap(\.steps) + actions.flatMap(\.steps) where step.command != nil {
      used.formUnion(step.guards.map(\.name))
    }
    unusedConditions = conditions.filter { !used.contains($0.name) }.count
    conditions.removeAll { !used.contains($0.name) }
  }

  /// Every donation, write, invalidation, reset and testing override of the app's code that
  /// became no step and no comment of one (it runs neither by itself nor in an action: in a
  /// view's body, say) is listed as not translated: the summary never says everything was.
  mutating func noteEffectsNotRun() {
    var accounted = Set((reactions.flatMap(\.steps) + actions.flatMap(\.steps)).map(\.position))
    accounted.formUnion(neverRun)
    accounted.formUnion(untranslated.map(\.position))
    for (site, testCode) in sites where !testCode && !site.inPreview && site.flag == nil && !accounted.contains(site.position) {
      switch site.kind {
      case .donate(let text, _, _, _): guard !donatedEvents(named: text, at: site).isEmpty else { continue }
      case .parameterWrite(let text, _, _), .toggle(let text): guard parameterIndex(named: text, in: site) != nil else { continue }
      case .invalidate(let expression, _, _):
        guard tipIndex(displayedBy: expression, in: site) == nil else { break }
        // A TipViewStyle's own button ends whichever tip the style shows (`configuration.tip`).
        if case .member(_?, "tip") = expression, site.function?.hasPrefix("makeBody") == true {
          untranslated.append(
            Note(
              position: site.position,
              text: "\(ScenarioText.comment(swiftText(site))): in \(place(of: site)), a TipViewStyle's button that ends whichever tip the "
                + "style shows: for a tip shown with it, what its close button does (`dismiss TIP`)"))
        }
        continue
      case .resetDatastore, .testingOverride: break
      default: continue
      }
      guard isReachable(type: site.type) else { continue }
      untranslated.append(
        Note(
          position: site.position,
          text: "\(ScenarioText.comment(swiftText(site))): in \(place(of: site)), which the import runs neither by itself nor as an action")
      )
    }
  }

  /// The function or property a site is in: `HomeView.header`, `Loader.load()`.
  private func place(of site: Site) -> String {
    guard site.function == nil, let member = site.member else { return site.functionTitle }
    return (site.type.map { $0.joined(separator: ".") + "." } ?? "") + member
  }
}
