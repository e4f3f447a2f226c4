import Sessions
import Simulation
import TipEngine

extension Population {
  /// A run stopped before every user was simulated (the shell's Ctrl-C).
  struct Stopped: Error {
    var done: Int
    var users: Int
  }

  /// Simulates `users` users of `session`'s cohorts from `base` with the session's progress
  /// bar and stop request (the shell's); a sandboxed session runs at most
  /// `Session.sandboxUsers`. What `population` and `report` print.
  static func report(of session: Session, base: World, users: Int, span: TimeSpan, seed: UInt64) -> Result<PopulationReport, Stopped> {
    let users = session.isSandboxed ? min(users, Session.sandboxUsers) : users
    let population = Population(base: base, cohorts: session.cohorts, users: users, span: span, seed: seed)
    var progress: (@Sendable (Int) -> Void)?
    if let report = session.populationProgress { progress = { done in report(done, users) } }
    let outcomes = population.runBlocking(progress: progress, shouldStop: session.populationShouldStop)
    guard outcomes.count == users else {
      session.populationProgress?(users, users)
      return .failure(Stopped(done: outcomes.count, users: users))
    }
    return .success(PopulationReport(population: population, outcomes: outcomes))
  }
}
