import TipEngine

extension World {
  /// Most reactions one instant may run: a reaction that triggers itself stops here.
  public static let reactionLimit = 100

  /// Something a reaction may wait for happened: its reactions run when the command (or the
  /// step of time travel) that caused it is done.
  mutating func happened(_ trigger: Reaction.Trigger) {
    if !reactions.isEmpty { triggered.append(trigger) }
  }

  /// Runs the reactions to what happened, in order, and to what their own commands cause.
  mutating func runReactions(log: inout Log) {
    var runs = 0
    while !triggered.isEmpty {
      let trigger = triggered.removeFirst()
      // The reactions to it, and for an invalidation those to any reason, in definition order.
      var matching = appCodeIndex.reactions[trigger] ?? []
      if case .invalidated(let tip, _?) = trigger {
        matching = (matching + (appCodeIndex.reactions[.invalidated(tip: tip, reason: nil)] ?? [])).sorted()
      }
      for reaction in matching.map({ reactions[$0] }) where shouldRun(reaction) {
        runs += 1
        guard runs <= World.reactionLimit else {
          triggered = []
          log.add(.warning(.reactionLoop(limit: World.reactionLimit)))
          return
        }
        run(reaction, log: &log)
      }
    }
  }

  /// Runs the reactions to `trigger` at once, inside the command that set it off, without
  /// deciding the open screens' tips between their commands: what the app does before it
  /// configures TipKit, and what a screen's code does as it appears, before its tips are
  /// decided. Nested runs (a reaction that opens a screen whose reaction opens two more) stop
  /// after `reactionLimit` reactions in all: a limit on depth alone let them double per level.
  mutating func runNow(_ trigger: Reaction.Trigger, log: inout Log) {
    guard !reactions.isEmpty else { return }
    let outermost = reactionsLeftNow == nil
    if outermost { reactionsLeftNow = World.reactionLimit }
    defer { if outermost { reactionsLeftNow = nil } }
    reactionDepth += 1
    defer { reactionDepth -= 1 }
    for position in appCodeIndex.reactions[trigger] ?? [] where shouldRun(reactions[position]) {
      guard let left = reactionsLeftNow, left > 0 else {
        // Said once, by the run that found the budget spent.
        if reactionsLeftNow == 0 { log.add(.warning(.reactionLoop(limit: World.reactionLimit))) }
        reactionsLeftNow = -1
        return
      }
      reactionsLeftNow = left - 1
      run(reactions[position], log: &log)
    }
  }

  /// Whether the reaction's code runs here and now: on the device's OS, under the app
  /// conditions that hold.
  private func shouldRun(_ reaction: Reaction) -> Bool {
    reaction.os?.holds(on: effectiveOS) ?? true && conditions.hold(reaction.conditions)
  }

  /// One reaction's commands, logged under its line; a command that fails is a warning.
  private mutating func run(_ reaction: Reaction, log: inout Log) {
    log.add(.reacted(reaction.place, trigger: reaction.heading))
    for command in reaction.commands {
      do {
        try apply(command, at: nil, log: &log)
        remember(command, of: reaction)
      } catch {
        log.add(.warning(.reactionFailed(reaction.place, error)))
      }
    }
  }

  /// What a reaction's command changed, for `why`.
  private mutating func remember(_ command: Command, of reaction: Reaction) {
    switch command {
    case .set(let parameter, _), .update(let parameter, _): setByReaction[parameter] = reaction.place
    case .donate(let event, _): donatedByReaction[event] = reaction.place
    case .invalidate(let tip, _): invalidatedByReaction[tip] = reaction.place
    case .invalidateAll:
      for tip in engine.catalog.tips where invalidatedByReaction[tip.name] == nil && engine.record(of: tip.name).invalidation != nil {
        invalidatedByReaction[tip.name] = reaction.place
      }
    default: break
    }
  }
}
