import TipEngine

extension World {
  /// One row per tip, in definition order (`status`).
  public func statusLines(of names: [String]? = nil) -> [TipStatusLine] {
    (names ?? engine.catalog.tips.map(\.name)).map { tip in
      let record = engine.record(of: tip)
      let decision = engine.decision(for: tip, at: clock)
      return TipStatusLine(
        tip: tip, status: decision.status, onScreen: onScreen[tip]?.placement, displays: record.displayCount,
        maximum: engine.catalog.tip(named: tip)?.options.maxDisplayCount, lastShown: record.lastDisplayedAt,
        lastShownDay: record.lastDisplayedAt.map(day(of:)), override: decision.override)
    }
  }

  /// What holds a tip back now, presentation included: the engine's holds, then group,
  /// tapped-away and popover-slot reasons on its open screen, or that its screen is closed.
  public func currentSuppressions(of tip: String) -> [Suppression] {
    guard onScreen[tip] == nil else { return [] }
    let screen = placements[tip].flatMap { placement in openScreens.firstIndex { $0.name == placement.screen } }
    return suppressions(of: tip, onOpen: screen)
  }

  /// `why TIP` (spec rule 43).
  public func explain(_ tip: String) -> Explanation {
    let definition = engine.catalog.tip(named: tip)
    let decision = engine.decision(for: tip, at: clock)
    let record = engine.record(of: tip)
    let presentation = currentSuppressions(of: tip).filter { if case .hold = $0 { false } else { true } }
    var bindingReadings: [BindingReading] = []
    for rule in decision.rules {
      for case .parameter(let name, _, _, _) in rule.boundReadings {
        guard let key = bindings[name], !bindingReadings.contains(where: { $0.parameter == name }) else { continue }
        bindingReadings.append(BindingReading(parameter: name, key: key, storeValue: store(named: key.store)?.values[key.key]))
      }
    }
    var reactionEffects: [ReactionEffect] = []
    if !reactions.isEmpty {
      if let line = invalidatedByReaction[tip] { reactionEffects.append(ReactionEffect(subject: tip, kind: .invalidated, place: line)) }
      for name in decision.rules.flatMap(\.rule.parameterNames) where !reactionEffects.contains(where: { $0.subject == name }) {
        if let line = setByReaction[name] { reactionEffects.append(ReactionEffect(subject: name, kind: .set, place: line)) }
      }
      for event in decision.rules.flatMap(\.rule.aggregates).map(\.event) where !reactionEffects.contains(where: { $0.subject == event }) {
        if let line = donatedByReaction[event] { reactionEffects.append(ReactionEffect(subject: event, kind: .donated, place: line)) }
      }
    }
    let frequency = isRunning ? engine.configuration.frequency : self.frequency
    let tipKit = engine.configuration.tipKit
    let ignores = definition?.options.ignoresDisplayFrequency ?? false
    let groups = engine.groups(containing: tip).map { group in
      let selection = engine.selection(of: group, at: clock)
      return GroupState(name: group.name, priority: group.priority, current: selection.current, blockedBy: selection.blockedBy)
    }
    let next = engine.nextStatusChange(of: tip, after: clock)
    var explanation = Explanation(
      tip: tip, id: definition?.id ?? tip, title: definition?.title ?? "", at: clock, decision: decision, placement: placements[tip],
      onScreen: onScreen[tip] != nil,
      presentation: presentation, bindings: bindingReadings, frequency: frequency,
      frequencyApplies: !record.hasAppeared && !ignores && frequency != .immediate, ignoresDisplayFrequency: ignores,
      displays: record.displayCount, maximumDisplays: definition?.options.maxDisplayCount, displayTime: record.displayTime(at: clock),
      maximumDuration: tipKit.offers(.maxDisplayDuration) ? definition?.options.maxDisplayDuration : nil,
      durationLimitAt: engine.durationLimitInstant(of: tip),
      groups: groups, policies: appliedPolicies(for: definition, frequency: frequency), nextChange: next,
      actions: actionHints(for: tip, decision: decision, presentation: presentation))
    explanation.reactionEffects = reactionEffects
    for rule in decision.rules {
      for event in rule.rule.aggregates.map(\.event) { explanation.labels[event] = engine.catalog.event(named: event)?.label }
      for name in rule.rule.parameterNames { explanation.labels[name] = engine.catalog.parameter(named: name)?.label }
    }
    explanation.neverAvailable = neverAvailable(tip)
    explanation.os = effectiveOS
    if definition?.options.maxDisplayDuration != nil, !tipKit.offers(.maxDisplayDuration) {
      explanation.runsWithout.append(.maxDisplayDuration)
    }
    if !tipKit.offers(.tipGroup), !engine.catalog.groups(containing: tip).isEmpty { explanation.runsWithout.append(.tipGroup) }
    return explanation
  }

  private func appliedPolicies(for tip: TipDefinition?, frequency: DisplayFrequency) -> [AppliedPolicy] {
    let policies = engine.configuration.policies
    var names: [String] = []
    if tip?.options.maxDisplayCount != nil { names += ["countPolicy", "countInvalidation"] }
    if tip?.options.maxDisplayDuration != nil, engine.configuration.tipKit.offers(.maxDisplayDuration) { names.append("durationFloor") }
    if frequency != .immediate { names.append("cooldownStart") }
    if frequency == .monthly { names.append("monthLength") }
    return names.map { AppliedPolicy(name: $0, value: policies.value(of: $0) ?? "", rule: Policies.rule(of: $0) ?? 0) }
  }

  /// The most donations of `event` its rules see: its `DonationLimit` on iOS 26, else the
  /// last 1,000 (rules 18, 44); nil for an event not defined.
  public func keptDonations(of event: String) -> Int? {
    engine.catalog.event(named: event).map { engine.limit(of: $0).maximumCount }
  }

  /// Why neither time nor any action (testing overrides aside) makes `tip` available: its
  /// rules contradict each other, or one needs a count past what its event keeps; nil when
  /// something could.
  public func neverAvailable(_ tip: String) -> String? {
    guard let definition = engine.catalog.tip(named: tip) else { return nil }
    return Contradiction.never(definition.rules, kept: keptDonations(of:))
  }

  /// The actions that could change a tip's answer when time alone cannot.
  func actionHints(for tip: String, decision: Decision, presentation: [Suppression]) -> [ActionHint] {
    // No action makes a tip whose rules can never hold available.
    guard neverAvailable(tip) == nil else { return [] }
    var hints: [ActionHint] = []
    func add(_ hint: ActionHint) { if !hints.contains(hint) { hints.append(hint) } }
    for hold in decision.holds {
      switch hold {
      // A launch comes after what the datastore needs first (a reset while not running).
      case .notConfigured: break
      case .hiddenForTesting: add(.testingOff)
      case .invalidated where !engine.isConfigured: add(.reset)
      case .invalidated:
        add(engine.configuration.tipKit.offers(.resetEligibility) ? .resetEligibility(tip: tip) : .resetDatastore)
      case .rules(let failing):
        for rule in failing {
          // Only what can make the rule hold: a donation adds, so it helps a count that must
          // grow; one that must shrink waits for its window, deleted donations (iOS 26) or a reset.
          var values: [EventAggregate: Int] = [:]
          for case .aggregate(let aggregate, let value) in rule.readings { values[aggregate] = value }
          let directions = AggregateDirection.directions(in: rule.rule, values: values)
          // A count compared only past what its event keeps: no donation moves it there.
          let beyond = Contradiction.beyondKept(in: rule.rule, kept: keptDonations(of:)).map(\.aggregate)
          let hopeless = Set(beyond.filter { a in beyond.filter { $0 == a }.count == rule.rule.aggregates.filter { $0 == a }.count })
          var helped = false
          for reading in rule.readings {
            switch reading {
            case .parameter(let name, _, _, _):
              if let key = bindings[name] { add(.write(key)) } else { add(.set(parameter: name)) }
              for action in actions(writing: name, donating: nil) { add(.perform(action: action)) }
              helped = true
            case .aggregate(let aggregate, _):
              switch directions[aggregate] {
              case let direction? where (direction == .increase || direction == .either) && hopeless.contains(aggregate): break
              case .increase?, .either?:
                add(.donate(event: aggregate.event))
                for action in actions(writing: nil, donating: aggregate.event) { add(.perform(action: action)) }
                helped = true
              case .decreaseToZero? where engine.configuration.tipKit.offers(.deleteDonations):
                add(.deleteDonations(event: aggregate.event))
                helped = true
              case .decreaseToZero?, .decrease?, nil: break
              }
            }
          }
          if !helped { add(.resetDatastore) }
        }
      case .frequency: break
      }
    }
    if decision.holds.contains(.notConfigured) { add(.launch) }
    for reason in presentation {
      switch reason {
      case .group(_, _, let current, let blockedBy):
        if let other = blockedBy ?? current { add(.leaveGroupLead(tip: other)) }
      case .popoverBusy(let by): add(.closePopover(tip: by))
      case .dismissed: add(.reopen(screen: placements[tip]?.screen))
      case .screenNotOpen(let screen?): add(.open(screen: screen))
      case .screenNotOpen(nil): add(.giveAnchor(tip: tip))
      case .anchorHidden(let anchor):
        // An anchor the app shows under an app condition comes back when the condition does.
        let failing = anchorTests(of: anchor).filter { !conditions.hold([$0]) }
        if failing.isEmpty { add(.show(anchor: anchor)) }
        for test in failing { add(.setCondition(test.name, to: !test.negated)) }
      case .notPresented: add(.present(tip: tip))
      case .apiUnavailable: break
      case .hold: break
      }
    }
    return hints
  }

  /// The app conditions the anchor `screen.anchor` is shown under.
  public func anchorTests(of anchor: String) -> [ConditionTest] {
    let parts = anchor.split(separator: ".", maxSplits: 1).map(String.init)
    guard parts.count == 2 else { return [] }
    return screen(named: parts[0])?.anchorConditions[parts[1]] ?? []
  }

  /// The app's actions with a step that writes the parameter or donates the event.
  private func actions(writing parameter: String?, donating event: String?) -> [String] {
    actions.filter { action in
      // A step under `if os >= V:` that this device's OS fails never runs here.
      action.commands.contains { step in
        guard step.runs(on: effectiveOS) else { return false }
        return switch step.underlying {
        case .set(let name, _), .update(let name, _): name == parameter
        case .donate(let name, _), .donateGiven(let name, _, _): name == event
        default: false
        }
      }
    }.map(\.name)
  }

  /// Checks an expectation against the world now.
  public func check(_ expectation: Expectation) -> (passed: Bool, found: Finding) {
    let tip = expectation.tip
    switch expectation {
    case .shown:
      if let shown = onScreen[tip] { return (true, .shownOn(shown.placement)) }
      return (false, .notOnScreen(reasons: currentSuppressions(of: tip).words))
    case .hidden:
      if let shown = onScreen[tip] { return (false, .shownOn(shown.placement)) }
      return (true, .notOnScreen(reasons: nil))
    case .rendering(_, let word):
      guard let shown = onScreen[tip] else { return (false, .notOnScreen(reasons: nil)) }
      return (shown.rendering.word == word, .rendering(word: shown.rendering.word, quirk: shown.rendering.quirk?.id))
    case .visible:
      guard let shown = onScreen[tip] else { return (false, .notOnScreen(reasons: currentSuppressions(of: tip).words)) }
      if let quirk = shown.rendering.quirk, !shown.rendering.isRendered { return (false, .notRendered(quirk: quirk.id)) }
      if hiddenAnchors.contains(shown.placement.description) { return (false, .anchorHidden(shown.placement)) }
      if sheets.contains(shown.placement.screen) { return (false, .behindSheet(screen: shown.placement.screen)) }
      return (true, .visibleOn(shown.placement))
    case .status(_, let pattern):
      let status = engine.status(of: tip, at: clock)
      return (pattern.matches(status), .status(status))
    case .displays(_, let count):
      let displays = engine.record(of: tip).displayCount
      return (displays == count, .displays(displays))
    case .displaysAtLeast(_, let count), .displaysAtMost(_, let count):
      let displays = engine.record(of: tip).displayCount
      let holds = if case .displaysAtLeast = expectation { displays >= count } else { displays <= count }
      return (holds, .displays(displays))
    case .firstDisplayAt(_, let instant):
      guard let first = displayHistory[tip]?.first else { return (false, .neverDisplayed) }
      return (first == instant, .firstDisplay(timeZone.civil(of: first), day: day(of: first)))
    case .displaysBetween(_, let count, let from, let to):
      let n = (displayHistory[tip] ?? []).filter { $0 >= from && $0 <= to }.count
      return (n == count, .displaysBetween(n, from: timeZone.civil(of: from), to: timeZone.civil(of: to)))
    case .nextAt(_, let instant):
      if onScreen[tip] != nil { return (false, .onScreenNow) }
      guard let next = engine.nextAvailability(of: tip, from: clock) else { return (false, .neverAvailableByTime) }
      return (next == instant, .nextAt(timeZone.civil(of: next), day: day(of: next)))
    case .nextNever:
      if onScreen[tip] != nil { return (false, .onScreenNow) }
      if let next = engine.nextAvailability(of: tip, from: clock) { return (false, .nextAt(timeZone.civil(of: next), day: day(of: next))) }
      if let why = neverAvailable(tip) { return (true, .neverAvailable(why)) }
      return (false, .availableByAction(actionHints(for: tip, decision: engine.decision(for: tip, at: clock), presentation: [])))
    case .suppressed(_, let word):
      if let shown = onScreen[tip] { return (false, .shownOn(shown.placement)) }
      let reasons: [Suppression] =
        switch lastEvaluation(of: tip) {
        case .suppressed(let reasons, _)?: reasons
        case .shown?, nil: currentSuppressions(of: tip)
        }
      let words = reasons.words
      return (words.contains(word), words.isEmpty ? .mayShow : .suppressedBy(words))
    }
  }
}
