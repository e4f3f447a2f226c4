import Foundation
import Renderers
import ScenarioLanguage
import Simulation
import TipEngine

extension Session {
  /// Checkpoints and `undo`: the session as it was.
  mutating func travelInHistory(_ action: Statement.Action, of statement: Statement) throws(Diagnostic) -> [Output] {
    var produced: [LogRecord] = []
    func note(_ note: Note) { produced.append(LogRecord(instant: world.clock, event: .note(note))) }
    switch action {
    case .checkpoint(let name):
      checkpoints.removeAll { $0.name == name.value }
      note(.checkpointTaken(name: name.value, at: world.clock))
      keep(produced)
      checkpoints.append((name.value, snapshot))
      return Output.of(produced)
    case .restore(let name):
      guard let saved = checkpoints.first(where: { $0.name == name.value })?.snapshot else {
        let names = checkpoints.map(\.name)
        let hint =
          suggestion(for: name.value, among: names).map { "did you mean '\($0)'?" }
          ?? (names.isEmpty ? "no checkpoints taken yet" : "checkpoints: \(names.joined(separator: ", "))")
        throw Diagnostic("unknown checkpoint '\(name.value)'", at: name.location, length: name.length, note: hint)
      }
      let current = snapshot
      restore(saved)
      if keepsUndo { undoStack.append((.full(current), statement.text)) }
      note(.checkpointRestored(name: name.value, clock: world.clock))
    case .checkpoints:
      let lines = checkpoints.map {
        "\($0.name)  \($0.snapshot.world.timeZone.civil(of: $0.snapshot.world.clock).logStamp)  \($0.snapshot.records.count) log records"
      }
      return [.text(lines.isEmpty ? "no checkpoints" : lines.joined(separator: "\n"))]
    case .undo:
      guard let (previous, text) = undoStack.popLast() else {
        note(.nothingToUndo)
        keep(produced)
        return Output.of(produced)
      }
      rewind(to: previous)
      note(.undone(command: text.split(separator: "\n").first.map(String.init) ?? text, clock: world.clock))
    default: preconditionFailure("not handled here: \(action)")
    }
    keep(produced)
    return Output.of(produced)
  }
}
