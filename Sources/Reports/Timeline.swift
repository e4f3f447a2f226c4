import ScenarioLanguage
import Sessions
import Simulation
import TipEngine

/// Each tip's displays and suppressions over a span of simulated time, in columns of one
/// hour, day, week or month (whichever fits the width), built from the session's log.
public struct Timeline: Sendable {
  /// What happened to a tip within one column; the strongest mark wins.
  public enum Mark: Int, Comparable, Sendable, CaseIterable {
    case nothing, suppressed, suppressedByRules, suppressedByFrequency, invalidated, shown

    public static func < (a: Mark, b: Mark) -> Bool { a.rawValue < b.rawValue }

    public var symbol: Character {
      switch self {
      case .nothing: "·"
      case .suppressed: "o"
      case .suppressedByRules: "r"
      case .suppressedByFrequency: "f"
      case .invalidated: "x"
      case .shown: "●"
      }
    }

    public var label: String {
      switch self {
      case .nothing: "nothing"
      case .suppressed: "suppressed otherwise (popover busy, group, dismissed…)"
      case .suppressedByRules: "suppressed by rules"
      case .suppressedByFrequency: "suppressed by frequency"
      case .invalidated: "invalidated (or held back as invalidated)"
      case .shown: "shown"
      }
    }
  }

  public var tips: [String]
  public var timeZone: SimTimeZone
  /// The first column's start, aligned to the column size in local time.
  public var start: Instant
  public var end: Instant
  public var column: TimeSpan
  public var columnName: String
  /// Tip → one mark per column.
  public var rows: [String: [Mark]]
  /// Tip → shown count in the span.
  public var shownCounts: [String: Int]

  /// The column sizes tried, smallest first.
  static let sizes: [(TimeSpan, String)] = [(.hours(1), "hour"), (.days(1), "day"), (.weeks(1), "week"), (.days(30), "30 days")]

  public init(session: Session, request: TimelineRequest, width: Int) {
    self.init(records: session.records, world: session.world, request: request, width: width)
  }

  public init(records: [LogRecord], world: World, request: TimelineRequest, width: Int) {
    timeZone = world.timeZone
    tips = request.tips.isEmpty ? world.engine.catalog.tips.map(\.name) : request.tips
    let from = request.from ?? records.first?.instant ?? world.clock
    let to = max(request.to ?? world.clock, from + .seconds(1))
    let labelWidth = min(24, (tips.map(\.displayWidth).max() ?? 4) + 2)
    let available = max(10, width - labelWidth - 8)
    var fitting: (TimeSpan, String)?
    for (size, name) in Timeline.sizes {
      let count = Timeline.columnCount(from: Timeline.align(from, to: size, in: world.timeZone), to: to, size: size)
      if count <= available && !(size == .hours(1) && to - from > .days(2)) {
        fitting = (size, name)
        break
      }
    }
    // Longer spans (a start centuries away): columns of as many 30-day months as it takes.
    let chosen =
      fitting
      ?? {
        let spanDays = (to.seconds - Timeline.align(from, to: .days(1), in: world.timeZone).seconds + 86_399) / 86_400
        let days = 30 * max(2, (spanDays + Int64(available) * 30 - 1) / (Int64(available) * 30))
        return (.days(days), "\(days) days")
      }()
    column = chosen.0
    columnName = chosen.1
    start = Timeline.align(from, to: column, in: world.timeZone)
    let columns = Timeline.columnCount(from: start, to: to, size: column)
    end = start + TimeSpan(seconds: column.seconds * Int64(columns))
    var rows: [String: [Mark]] = [:]
    var shown: [String: Int] = [:]
    for tip in tips {
      rows[tip] = Array(repeating: .nothing, count: columns)
      shown[tip] = 0
    }
    var ended = Timeline.Ended()
    for record in records where record.instant >= from && record.instant <= to {
      guard let (tip, mark) = Timeline.mark(of: record.event), rows[tip] != nil, !ended.repeats(mark, of: tip, on: record.device) else {
        continue
      }
      let index = Int((record.instant.seconds - start.seconds) / column.seconds)
      guard index >= 0, index < columns else { continue }
      if mark == .shown { shown[tip, default: 0] += 1 }
      rows[tip, default: []][index] = max(rows[tip, default: []][index], mark)
    }
    self.rows = rows
    shownCounts = shown
  }

  /// Columns from `start` up to and including the one that holds `to`: the span's last instant
  /// is part of it, so a display at exactly a column's start (a whole hour, a midnight) is drawn.
  static func columnCount(from start: Instant, to: Instant, size: TimeSpan) -> Int {
    Int((to.seconds - start.seconds) / size.seconds) + 1
  }

  /// The column start at or before `instant`: hours and local midnights; weeks and months
  /// are counted from a local midnight.
  static func align(_ instant: Instant, to size: TimeSpan, in zone: SimTimeZone) -> Instant {
    let civil = zone.civil(of: instant)
    if size == .hours(1) {
      return zone.instant(of: CivilTime(year: civil.year, month: civil.month, day: civil.day, hour: civil.hour))
    }
    return zone.instant(of: CivilTime(year: civil.year, month: civil.month, day: civil.day))
  }

  static func mark(of event: LogEvent) -> (String, Mark)? {
    switch event {
    case .shown(let shown): return (shown.ref.tip, .shown)
    case .invalidated(let tip, _, _, _, _): return (tip, .invalidated)
    case .suppressed(let ref, let reasons):
      let words = reasons.words
      if words.contains("invalidated") { return (ref.tip, .invalidated) }
      // The first reason that is not the frequency: a tip waiting for its rules is shown as
      // waiting for them even while another tip's cool-down also holds it.
      switch words.first(where: { $0 != "frequency" }) {
      case nil: return (ref.tip, .suppressedByFrequency)
      case "rules"?: return (ref.tip, .suppressedByRules)
      default: return (ref.tip, .suppressed)
      }
    default: return nil
    }
  }

  /// Whether a mark only repeats that a tip is invalidated: once invalidated, its lane ends
  /// with that one mark (until something else happens to it, after a reset) instead of a
  /// cross at every visit.
  struct Ended {
    private var invalidated: Set<String> = []

    mutating func repeats(_ mark: Mark, of tip: String, on device: String?) -> Bool {
      let key = "\(device ?? "")\u{1F}\(tip)"
      guard mark == .invalidated else {
        invalidated.remove(key)
        return false
      }
      return !invalidated.insert(key).inserted
    }
  }

  /// What each mark means, under a timeline.
  static let legend = "legend: " + Mark.allCases.reversed().map { "\($0.symbol) \($0.label)" }.joined(separator: " · ")

  /// The timeline as text: a header, a date axis, one row per tip, and the legend (unless a
  /// second timeline follows with it).
  public func text(legend: Bool = true) -> String {
    let labelWidth = min(24, (tips.map(\.displayWidth).max() ?? 4) + 2)
    let columns = rows.values.first?.count ?? 0
    var lines: [String] = []
    let first = timeZone.civil(of: start)
    let last = timeZone.civil(of: end - .seconds(1))
    lines.append("timeline \(first.logStamp.prefix(16)) → \(last.logStamp.prefix(16)) · one column per \(columnName)")
    var axis = Array(repeating: Character(" "), count: columns + 12)
    let step = column == .hours(1) ? 6 : (column == .days(1) ? 7 : 4)
    var index = 0
    while index < columns {
      let label = axisLabel(start + TimeSpan(seconds: column.seconds * Int64(index)))
      for (offset, character) in label.enumerated() where index + offset < axis.count { axis[index + offset] = character }
      index += step
    }
    lines.append(String(repeating: " ", count: labelWidth) + String(axis).trimmingTrailingSpaces())
    var ticks = Array(repeating: Character(" "), count: columns)
    for i in stride(from: 0, to: columns, by: step) { ticks[i] = "|" }
    lines.append(String(repeating: " ", count: labelWidth) + String(ticks).trimmingTrailingSpaces())
    for tip in tips {
      let name = tip.displayWidth > labelWidth - 2 ? String(tip.prefix(labelWidth - 3)) + "…" : tip
      let row = String((rows[tip] ?? []).map(\.symbol))
      lines.append(name + String(repeating: " ", count: max(1, labelWidth - name.displayWidth)) + row + "  \(shownCounts[tip] ?? 0) shown")
    }
    if legend { lines.append(Timeline.legend) }
    return lines.joined(separator: "\n")
  }

  func axisLabel(_ instant: Instant) -> String {
    let civil = timeZone.civil(of: instant)
    if column == .hours(1) { return String(civil.short.suffix(5)) }
    return String(civil.short.prefix(6))
  }
}

extension String {
  /// The text without the spaces a padded table leaves at its end.
  public func trimmingTrailingSpaces() -> String {
    var s = self
    while s.last == " " { s.removeLast() }
    return s
  }
}
