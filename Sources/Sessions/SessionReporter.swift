import Renderers
import ScenarioLanguage

/// Writes what the report statements ask for (`timeline`, `whatif`, `matrix`, `lint`,
/// `population`, `model`): they read a session and change nothing. The Reports target's
/// `Reporter` is the one; a session reaches it through this because reports replay sessions.
public protocol SessionReporter: Sendable {
  func report(_ action: Statement.Action, of statement: Statement, in session: Session) throws(Diagnostic) -> [SessionOutput]
}
