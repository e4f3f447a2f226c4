import TipEngine

extension World {
  /// A definition: the time zone, the start, the frequency, a policy, a parameter, a store, an event, a screen, a tip, a group.
  mutating func define(_ command: Command, log: inout Log) throws(SimulationError) {
    switch command {
    case .setTimeZone(let zone):
      guard !clockHasMoved else { throw .afterTheClockMoved(command: "timezone") }
      let civil = timeZone.civil(of: clock)
      timeZone = zone
      clock = zone.instant(of: civil)
      start = clock
      log.instant = clock
    case .setStart(let instant):
      guard !clockHasMoved else { throw .afterTheClockMoved(command: "start") }
      clock = instant
      start = instant
    case .setFrequency(let frequency):
      self.frequency = frequency
      if isRunning {
        log.add(.note(.frequencyAtNextLaunch(frequency)))
      }
    case .setPolicy(let name, let value):
      try setPolicy(name, value, log: &log)
    case .defineParameter(let parameter, let binding):
      var parameter = parameter
      parameter.boundTo = binding?.description
      engine.catalog.define(parameter)
      bindings[parameter.name] = binding
      if isRunning, binding != nil { syncBoundParameters([parameter.name], log: &log) }
    case .defineStore(let name):
      if store(named: name) == nil { stores.append(ExternalStore(name: name)) }
    case .defineStoreKey(let key, let initial):
      if store(named: key.store) == nil { stores.append(ExternalStore(name: key.store)) }
      let index = stores.firstIndex { $0.name == key.store } ?? stores.endIndex - 1
      if !stores[index].keys.contains(key.key) { stores[index].keys.append(key.key) }
      stores[index].values[key.key] = initial
      stores[index].initial[key.key] = initial
    case .defineEvent(let event):
      engine.catalog.define(event)
    case .defineScreen(let screen):
      if let index = screenNumbers[screen.name] { screens[index] = screen } else { screens.append(screen) }
      indexPlacements()
    case .addAnchors(let name, let anchors, let hidden, let conditions):
      guard let index = screenNumbers[name] else { throw .unknown(.screen, name) }
      if let twice = anchors.first(where: screens[index].anchors.contains) {
        throw .anchorTwice(screen: name, anchor: twice)
      }
      screens[index].anchors += anchors
      screens[index].hiddenAnchors += hidden
      screens[index].anchorConditions.merge(conditions) { _, new in new }
      indexPlacements()
    case .place(let tip, let screen, let anchor, let style):
      guard onScreen[tip] == nil else { throw .placedWhileOnScreen(tip: tip) }
      var placement = placements[tip] ?? Placement(screen: screen, anchor: anchor)
      placement.screen = screen
      placement.anchor = anchor
      placement.style = style
      placements[tip] = placement
      placeChoices[tip] = nil
      indexPlacements()
    case .defineTip(let tip, let placement):
      engine.catalog.define(tip)
      let places = placement?.places ?? []
      placeChoices[tip.name] = places.count > 1 ? places : nil
      placements[tip.name] = places.first
      if places.count > 1 { choosePlaces() }
      indexPlacements()
    case .defineGroup(let group):
      engine.catalog.define(group)
    case .defineReaction(let reaction):
      appCodeIndex.reactions[reaction.trigger, default: []].append(reactions.count)
      reactions.append(reaction)
    case .defineCondition(let condition):
      conditions.define(condition)
    case .defineAction(let action):
      if let index = appCodeIndex.actions[action.name] {
        actions[index] = action
      } else {
        appCodeIndex.actions[action.name] = actions.count
        actions.append(action)
      }
    default: preconditionFailure("not handled here: \(command)")
    }
  }

  mutating func setPolicy(_ name: String, _ value: PolicyValue, log: inout Log) throws(SimulationError) {
    var policies = engine.configuration.policies
    let accepted: Bool
    switch value {
    case .word(let word): accepted = policies.set(name, to: word)
    case .duration(let span): accepted = policies.set(name, to: span)
    }
    guard accepted else { throw .policyValue(name: name, choices: Policies.choices(of: name)) }
    engine.configuration.policies = policies
    log.add(.policySet(name: name, value: policies.value(of: name) ?? ""))
  }
}
