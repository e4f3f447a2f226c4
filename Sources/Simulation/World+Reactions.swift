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
      for reaction in reactions where reaction.trigger.matches(trigger) {
        runs += 1
        guard runs <= World.reactionLimit else {
          triggered = []
          log.add(.warning(.reactionLoop(limit: World.reactionLimit)))
          return
        }
        log.add(.reacted(line: reaction.line, trigger: reaction.trigger.description))
        for command in reaction.commands {
          do {
            try apply(command, at: nil, log: &log)
            remember(command, of: reaction)
          } catch {
            log.add(.warning(.reactionFailed(line: reaction.line, message: error.message)))
          }
        }
      }
    }
  }

  /// What a reaction's command changed, for `why`.
  private mutating func remember(_ command: Command, of reaction: Reaction) {
    switch command {
    case .set(let parameter, _): setByReaction[parameter] = reaction.line
    case .donate(let event, _): donatedByReaction[event] = reaction.line
    case .invalidate(let tip, _): invalidatedByReaction[tip] = reaction.line
    case .invalidateAll:
      for tip in engine.catalog.tips where invalidatedByReaction[tip.name] == nil && engine.record(of: tip.name).invalidation != nil {
        invalidatedByReaction[tip.name] = reaction.line
      }
    default: break
    }
  }
}
