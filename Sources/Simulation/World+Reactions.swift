import TipEngine

extension World {
  /// Most reactions one instant may run: a reaction that triggers itself stops here.
  static let reactionLimit = 100

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
          log.add(.warning("reactions set one another off more than \(World.reactionLimit) times at one instant: stopped"))
          return
        }
        log.add(.reacted(line: reaction.line, trigger: reaction.trigger.description))
        for command in reaction.commands {
          do {
            try applyInReaction(command, log: &log)
            if case .set(let parameter, _) = command { setByReaction[parameter] = reaction.line }
          } catch {
            log.add(.warning("the reaction of line \(reaction.line): \(error.message)"))
          }
        }
      }
    }
  }
}
