import TipEngine

extension World {
  /// What only the app's own code does: an app condition changes, a step under `if COND:`,
  /// one of its actions performed.
  mutating func runAppCode(_ command: Command, log: inout Log) throws(SimulationError) {
    switch command {
    case .setCondition(let name, let value):
      guard let old = conditions.set(name, to: value) else { throw .unknown(.condition, name) }
      log.add(.conditionChanged(name: name, from: old, to: value))
      if old != value { try showAnchors(following: name, log: &log) }
    case .onlyIf(let tests, let inner):
      if conditions.hold(tests) { try apply(inner, at: nil, log: &log) }
    case .onlyOnOS(let os, let inner):
      if os.holds(on: effectiveOS) { try apply(inner, at: nil, log: &log) }
    case .perform(let name, let inputs):
      try World.require(isRunning, "perform")
      guard let position = appCodeIndex.actions[name] else { throw .unknown(.action, name) }
      let action = actions[position]
      let missing = action.inputs.map(\.name).filter { inputs[$0] == nil }
      let extra = inputs.keys.filter { action.input(named: $0) == nil }.sorted()
      guard missing.isEmpty, extra.isEmpty else { throw .actionInputs(action: name, missing: missing, extra: extra) }
      log.add(.performed(action: name, inputs: action.inputs.map { FieldValue(field: $0.name, value: inputs[$0.name] ?? .null) }))
      // Its steps run as one piece of code: the open screens' tips are decided after the last.
      reactionDepth += 1
      defer { reactionDepth -= 1 }
      for step in action.commands {
        do {
          guard var step = try step.given(inputs) else { continue }
          if case .set(let target, .bool(let value)) = step.underlying, conditions.value(of: target) != nil {
            step = .setCondition(target, value)
          }
          try apply(step, at: nil, log: &log)
        } catch {
          log.add(.warning(.actionStepFailed(action: name, error)))
        }
      }
    case .donateGiven(let event, let fields, _):
      // Only an action's step gives its inputs; performed, it is a plain donation.
      try apply(.donate(event: event, fields: fields), at: nil, log: &log)
    default: preconditionFailure("not handled here: \(command)")
    }
  }

  /// The anchors of open screens shown under an app condition that changed: each visible
  /// exactly while its conditions hold, as the app's view updates. A view the condition
  /// removes takes its tip's display with it, whatever policy `anchorHidden` says of an
  /// anchor scrolled away.
  private mutating func showAnchors(following condition: String, log: inout Log) throws(SimulationError) {
    for open in openScreens where open.screen >= 0 {
      let definition = screens[open.screen]
      for anchor in definition.anchors {
        guard let tests = definition.anchorConditions[anchor], tests.contains(where: { $0.name == condition }) else { continue }
        let visible = conditions.hold(tests)
        if visible == hiddenAnchors.contains("\(definition.name).\(anchor)") {
          try act(.setAnchorVisible(screen: definition.name, anchor: anchor, visible), log: &log)
          if !visible {
            for tip in tips(on: definition.name) where onScreen[tip]?.placement.anchor == anchor {
              endDisplay(of: tip, cause: .anchorHidden, log: &log)
            }
          }
        }
      }
    }
  }

  /// The anchors of a screen that opens hidden: those under app conditions that do not hold.
  func anchorsHiddenByConditions(of screen: Int) -> [String] {
    screens[screen].anchorConditions.filter { !conditions.hold($0.value) }.map(\.key).sorted()
  }
}
