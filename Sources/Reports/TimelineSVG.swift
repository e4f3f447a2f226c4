import Sessions
import Simulation
import TipEngine

/// The timeline as an SVG chart that opens in any browser: a date axis, one lane per tip,
/// coloured marks and a legend. Integer coordinates only, so the file is byte-stable.
public struct TimelineSVG: Sendable {
  public var timeline: Timeline

  public init(timeline: Timeline) { self.timeline = timeline }

  static let colors: [Timeline.Mark: String] = [
    .shown: "#2e9d4f", .suppressedByFrequency: "#f0a020", .suppressedByRules: "#8a8f98", .suppressed: "#c9ccd1", .invalidated: "#d0342c",
  ]

  public func render() -> String {
    let t = timeline
    let columns = t.rows.values.first?.count ?? 0
    let cell = max(6, min(24, 900 / max(1, columns)))
    // Room for the longest tip name (12px text: about 8px a character).
    let labelWidth = 12 + 8 * (t.tips.map(\.count).max() ?? 4)
    let lane = 28
    let top = 56
    // Room after the lanes for the shown counts and for the last axis label.
    let width = max(720, labelWidth + columns * cell + 60)
    let legendTop = top + t.tips.count * lane + 36
    let height = legendTop + 30
    var out: [String] = []
    out.append(##"<?xml version="1.0" encoding="UTF-8"?>"##)
    out.append(
      ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(width)" height="\##(height)" viewBox="0 0 \##(width) \##(height)" font-family="Helvetica, Arial, sans-serif" font-size="12">"##
    )
    out.append(##"<rect width="\##(width)" height="\##(height)" fill="#ffffff"/>"##)
    let first = t.timeZone.civil(of: t.start).logStamp.prefix(16)
    let last = t.timeZone.civil(of: t.end - .seconds(1)).logStamp.prefix(16)
    out.append(##"<text x="12" y="22" font-size="14" font-weight="bold">\##(Self.escape("Tip timeline \(first) → \(last)"))</text>"##)
    out.append(
      ##"<text x="12" y="40" fill="#555555">\##(Self.escape("one column per \(t.columnName), times in \(t.timeZone.identifier)"))</text>"##)
    // Axis: a tick and a date label every few columns.
    let step = t.column == .hours(1) ? 6 : (t.column == .days(1) ? 7 : 4)
    let axisY = top + t.tips.count * lane + 4
    out.append(##"<line x1="\##(labelWidth)" y1="\##(axisY)" x2="\##(labelWidth + columns * cell)" y2="\##(axisY)" stroke="#333333"/>"##)
    for i in stride(from: 0, through: columns, by: step) {
      let x = labelWidth + i * cell
      out.append(##"<line x1="\##(x)" y1="\##(top - 4)" x2="\##(x)" y2="\##(axisY + 4)" stroke="#e2e4e8"/>"##)
      if i < columns {
        let label = t.axisLabel(t.start + TimeSpan(seconds: t.column.seconds * Int64(i)))
        out.append(##"<text x="\##(x)" y="\##(axisY + 18)" fill="#333333">\##(Self.escape(label))</text>"##)
      }
    }
    for (row, tip) in t.tips.enumerated() {
      let y = top + row * lane
      out.append(##"<text x="12" y="\##(y + lane / 2 + 4)">\##(Self.escape(tip))</text>"##)
      out.append(##"<rect x="\##(labelWidth)" y="\##(y + 4)" width="\##(columns * cell)" height="\##(lane - 8)" fill="#f5f6f8"/>"##)
      for (index, mark) in (t.rows[tip] ?? []).enumerated() where mark != .nothing {
        out.append(shape(mark, x: labelWidth + index * cell, y: y + 4, size: cell, height: lane - 8))
      }
      out.append(
        ##"<text x="\##(labelWidth + columns * cell + 6)" y="\##(y + lane / 2 + 4)" fill="#555555">\##(t.shownCounts[tip] ?? 0)</text>"##)
    }
    var x = 12
    for mark in Timeline.Mark.allCases.reversed() where mark != .nothing {
      out.append(shape(mark, x: x, y: legendTop - 10, size: 12, height: 12))
      out.append(##"<text x="\##(x + 16)" y="\##(legendTop)">\##(Self.escape(TimelineSVG.shortLabel(mark)))</text>"##)
      x += 24 + 7 * TimelineSVG.shortLabel(mark).count
    }
    out.append("</svg>")
    return out.joined(separator: "\n") + "\n"
  }

  static func shortLabel(_ mark: Timeline.Mark) -> String {
    switch mark {
    case .suppressed: "suppressed (other)"
    case .invalidated: "invalidated"
    default: mark.label
    }
  }

  private func shape(_ mark: Timeline.Mark, x: Int, y: Int, size: Int, height: Int) -> String {
    let color = TimelineSVG.colors[mark] ?? "#000000"
    switch mark {
    case .shown:
      let r = max(2, min(size, height) / 2 - 1)
      return ##"<circle cx="\##(x + size / 2)" cy="\##(y + height / 2)" r="\##(r)" fill="\##(color)"/>"##
    case .invalidated:
      let a = x + 1
      let b = x + size - 1
      return
        ##"<path d="M\##(a) \##(y + 1) L\##(b) \##(y + height - 1) M\##(b) \##(y + 1) L\##(a) \##(y + height - 1)" stroke="\##(color)" stroke-width="2"/>"##
    default:
      return ##"<rect x="\##(x + 1)" y="\##(y + 2)" width="\##(max(1, size - 2))" height="\##(max(1, height - 4))" fill="\##(color)"/>"##
    }
  }

  /// Text as XML and HTML character data or an attribute value.
  static func escape(_ text: String) -> String {
    var out = ""
    for c in text {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(c)
      }
    }
    return out
  }
}
