import Renderers
import Simulation
import TipEngine

/// A mark on a tip's lane of the report: a display (with when it ended), a suppression or an
/// invalidation, with the log's words for it.
public struct TipMark: Hashable, Sendable {
  public var tip: String
  /// The timeline's classes: shown, invalidated, suppressed by frequency, by rules, otherwise.
  public var kind: Timeline.Mark
  /// The log's verb: shown, suppressed or invalidated.
  public var verb: String
  public var at: Instant
  /// When a display left the screen; nil while it is still on screen at the end.
  public var until: Instant?
  public var device: String?
  /// The log record's words after its verb; a display's are followed by its hiding's.
  public var words: [String]

  /// The marks of `records`, in log order.
  static func marks(of records: [LogRecord], in world: World) -> [TipMark] {
    let renderer = TextRenderer(timeZone: world.timeZone)
    var marks: [TipMark] = []
    // (device, tip) → the index of its display still on screen.
    var showing: [String: Int] = [:]
    func key(_ record: LogRecord, _ tip: String) -> String { "\(record.device ?? "")\u{1F}\(tip)" }
    var ended = Timeline.Ended()
    for record in records {
      if case .hidden(let ref, _) = record.event, let index = showing.removeValue(forKey: key(record, ref.tip)) {
        marks[index].until = record.instant
        marks[index].words += renderer.details(of: record).map { "hidden: " + $0 }
        continue
      }
      guard let (tip, kind) = Timeline.mark(of: record.event), !ended.repeats(kind, of: tip, on: record.device) else { continue }
      if kind == .shown { showing[key(record, tip)] = marks.count }
      let verb = if case .invalidated = record.event { "invalidated" } else { kind == .shown ? "shown" : "suppressed" }
      marks.append(
        TipMark(tip: tip, kind: kind, verb: verb, at: record.instant, device: record.device, words: renderer.details(of: record)))
    }
    return marks
  }
}
