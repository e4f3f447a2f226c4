import Foundation
import Renderers
import ScenarioLanguage
import Sessions
import Simulation
import TipEngine

/// The reports: `timeline`, `population`, `matrix`, `lint`, `whatif`, `model`. They print
/// text and change nothing.
public struct Reporter: SessionReporter {
  public init() {}

  public func report(_ action: Statement.Action, of statement: Statement, in session: Session) throws(Diagnostic) -> [SessionOutput] {
    switch action {
    case .timeline(let request):
      let timeline = Timeline(session: session, request: request, width: session.timelineWidth)
      var text = timeline.text()
      if let path = request.svg {
        try session.refuseFiles(statement)
        try write(TimelineSVG(timeline: timeline).render(), to: path, for: statement)
        text += "\nwrote \(path)"
      }
      return [.text(text)]
    case .population(let users, let span, let seed):
      switch Population.baseWorld(of: session) {
      case .failure(let d): throw d
      case .success(let base):
        guard !session.cohorts.isEmpty else {
          throw Diagnostic(
            "population needs a usage model: define at least one `cohort`", at: statement.keyword.location, length: statement.keyword.length
          )
        }
        switch Population.report(of: session, base: base, users: users, span: span, seed: seed) {
        case .success(let report): return [.text(report.text())]
        case .failure(let stopped): return [.text("population stopped after \(stopped.done) of \(stopped.users) users: no report")]
        }
      }
    case .matrix(let versions):
      return [.text(Matrix(versions: versions, session: session).report())]
    case .lint:
      return [.text(Linter(session: session).report(file: nil))]
    case .model:
      return [.text(ModelReport(world: session.world, cohorts: session.cohorts).text())]
    case .report(let request):
      try session.refuseFiles(statement)
      let report = try StoryReport(session: session, whatIf: request.whatIf, title: request.title, at: statement)
      try write(request.isMarkdown ? report.markdown() : report.html(), to: request.path, for: statement)
      return [.text("wrote \(request.path)")]
    case .whatIf(let change):
      let whatIf = WhatIf(change: change, session: session, width: max(session.timelineWidth, 120))
      // A change this session cannot take is an error at its line, as an unknown name is.
      if let mismatch = whatIf.mismatch() {
        throw Diagnostic(mismatch, at: statement.keyword.location, length: statement.keyword.length)
      }
      return [.text(whatIf.report())]
    case .plan:
      do {
        var planner = try Planner(session: session)
        // The shell's bar counts users: each option simulates them all.
        let users = planner.users
        if let report = session.populationProgress { planner.progress = { done, total in report(done * users, total * users) } }
        return [.text(try planner.run().text())]
      } catch {
        throw Diagnostic(error.message, at: statement.keyword.location, length: statement.keyword.length)
      }
    default: preconditionFailure("not handled here: \(action)")
    }
  }

  /// Writes a report's file; one that cannot be written is an error at the statement.
  private func write(_ text: String, to path: String, for statement: Statement) throws(Diagnostic) {
    do { try text.write(toFile: path, atomically: true, encoding: .utf8) } catch {
      throw Diagnostic(
        "cannot write \(path): \(error.localizedDescription)", at: statement.keyword.location, length: statement.keyword.length)
    }
  }
}
