import Foundation
import Renderers
import ScenarioLanguage
import Simulation
import TipEngine

extension Session {
  /// Checkpoints and `undo`: the session as it was.
  mutating func travelInHistory(_ action: Statement.Action, of statement: Statement) throws(Diagnostic) -> [Output] {
    var produced: [LogRecord] = []
    func note(_ text: String) { produced.append(LogRecord(instant: world.clock, event: .note(text))) }
    switch action {
    case .checkpoint(let name):
      checkpoints.removeAll { $0.name == name.value }
      note("checkpoint \(name.value) taken at \(world.timeZone.civil(of: world.clock).logStamp)")
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
      note("restored checkpoint \(name.value): the clock reads \(world.timeZone.civil(of: world.clock).logStamp)")
    case .checkpoints:
      let lines = checkpoints.map {
        "\($0.name)  \($0.snapshot.world.timeZone.civil(of: $0.snapshot.world.clock).logStamp)  \($0.snapshot.records.count) log records"
      }
      return [.text(lines.isEmpty ? "no checkpoints" : lines.joined(separator: "\n"))]
    case .undo:
      guard let (previous, text) = undoStack.popLast() else {
        note("nothing to undo")
        keep(produced)
        return Output.of(produced)
      }
      rewind(to: previous)
      note(
        "undid `\(text.split(separator: "\n").first.map(String.init) ?? text)`: the clock reads \(world.timeZone.civil(of: world.clock).logStamp)"
      )
    default: preconditionFailure("not handled here: \(action)")
    }
    keep(produced)
    return Output.of(produced)
  }
}
