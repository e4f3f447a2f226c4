import Simulation
import TipEngine

extension StoryReport {
  /// One lane per tip: a display is a bar as long as it stayed on screen, a suppression a
  /// dot, an invalidation a cross; each carries its words for the tooltip and the panel.
  func chart(_ story: Story, axis: ChartAxis) -> String {
    let top = 8
    // A title wider than the label column wraps; its lane grows to hold its lines.
    let room = max(8, (axis.left - 16) / 7)
    let titles = story.summaries.map { StoryReport.wrap($0.title, width: room) }
    let lanes = titles.map { max(38, 24 + 14 * $0.count) }
    let axisY = top + lanes.reduce(0, +) + 4
    let height = axisY + 26
    var out = [
      #"<svg viewBox="0 0 \#(axis.width) \#(height)" role="img" aria-label="\#(e("timeline: " + story.label))">"#
    ]
    // A label every day up to two weeks, else at the start of every week (or every few weeks).
    let step = axis.days <= 14 ? 1 : 7 * max(1, (axis.days + 97) / 98)
    let firstDay = day(of: axis.from)
    for offset in 0...axis.days {
      let x = axis.x(axis.from + .days(Int64(offset)))
      let number = firstDay + offset
      let weekStart = (number - 1) % 7 == 0
      guard axis.days <= 62 || weekStart else { continue }
      out.append(
        #"<line class="grid\#(weekStart ? " week" : "")" x1="\#(x)" y1="\#(top)" x2="\#(x)" y2="\#(axisY + (weekStart ? 5 : 0))"/>"#)
      let labelled = step == 1 || ((number - 1) % step == 0)
      let label = "day \(number)"
      // Only a label that fits before the chart's right edge (11px text: about 6px a character).
      if offset < axis.days && labelled && x + 3 + 6 * label.count <= axis.width {
        out.append(#"<text class="small" x="\#(x + 3)" y="\#(axisY + 16)">\#(label)</text>"#)
      }
    }
    var y = top
    for (row, summary) in story.summaries.enumerated() {
      let lane = lanes[row]
      for (index, line) in titles[row].enumerated() {
        out.append(#"<text x="8" y="\#(y + 16 + 14 * index)">\#(e(line))</text>"#)
      }
      out.append(#"<text class="small" x="8" y="\#(y + 16 + 14 * titles[row].count)">\#(e(summary.tip))</text>"#)
      out.append(#"<rect class="lane" x="\#(axis.left)" y="\#(y + 3)" width="\#(axis.plotWidth)" height="\#(lane - 6)"/>"#)
      var previous: (x: Int, mark: Timeline.Mark, words: [String])?
      for mark in story.marks where mark.tip == summary.tip {
        let x = axis.x(mark.at)
        // A repeat of the same suppression at the same point adds nothing a reader can see.
        if let previous, previous.x == x, previous.mark == mark.kind, previous.words == mark.words, mark.kind != .shown { continue }
        previous = (x, mark.kind, mark.words)
        out.append(#"<g class="m" tabindex="0" data-r="\#(e(reason(of: mark)))"><title>\#(e(reason(of: mark)))</title>"#)
        out.append(shape(of: mark, x: x, y: y + (lane - 38) / 2, end: axis.x(mark.until ?? story.to)))
        out.append("</g>")
      }
      y += lane
    }
    out.append("</svg>")
    return out.joined(separator: "\n")
  }

  /// `text` in lines of at most `width` characters, broken between words (a word longer than
  /// a line is cut).
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      var word = String(word)
      while word.count > width {
        if !line.isEmpty {
          lines.append(line)
          line = ""
        }
        lines.append(String(word.prefix(width)))
        word = String(word.dropFirst(width))
      }
      if line.isEmpty {
        line = word
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = word
      }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }

  private func shape(of mark: TipMark, x: Int, y: Int, end: Int) -> String {
    let css = StoryReport.cssClass(mark.kind)
    switch mark.kind {
    case .shown:
      return #"<rect class="shown" x="\#(x)" y="\#(y + 7)" width="\#(max(5, end - x))" height="12" rx="2"/>"#
    case .invalidated:
      return
        #"<path class="invalidated" stroke-width="2.5" d="M\#(x - 5) \#(y + 22)L\#(x + 5) \#(y + 32)M\#(x + 5) \#(y + 22)L\#(x - 5) \#(y + 32)"/>"#
    default:
      return #"<circle class="\#(css)" cx="\#(x)" cy="\#(y + 27)" r="4"/>"#
    }
  }

  /// What a mark's tooltip and the reason panel say: when, what, and the log's words.
  public func reason(of mark: TipMark) -> String {
    let device = mark.device.map { " on \($0)" } ?? ""
    return "\(when(mark.at))\(device) · \(mark.tip) \(mark.verb)\n" + mark.words.map(StoryReport.plain).joined(separator: "\n")
  }

  /// A tip's reach by day, one line per cohort and a bolder one for everyone.
  func reachChart(_ figures: PopulationReport.TipFigures, cohorts: [String]) -> String {
    let (width, left, top, bottom) = (340, 40, 28, 150)
    let lines = figures.reachByCohortByDay.enumerated().map {
      ($0.element, StoryReport.palette[$0.offset % StoryReport.palette.count], cohorts[$0.offset])
    }
    // The legend's entries, row by row, each row as wide as the chart.
    var legend: [(x: Int, row: Int, color: String, name: String)] = []
    var (x, row) = (left, 0)
    for (_, color, cohort) in lines + [([], "", "everyone")] {
      let entryWidth = 30 + 7 * cohort.count
      if x + entryWidth > width && x > left { (x, row) = (left, row + 1) }
      legend.append((x, row, color, cohort))
      x += entryWidth
    }
    let height = bottom + 40 + 16 * row
    let days = max(1, figures.reachByDay.count)
    func point(_ day: Int, _ share: Double) -> String {
      let x = left + Int((Double(day) / Double(max(1, days - 1)) * Double(width - left - 12)).rounded())
      return "\(x),\(bottom - Int((share * Double(bottom - top)).rounded()))"
    }
    let title = story.summaries.first { $0.tip == figures.tip }?.title ?? figures.tip
    var out = [
      #"<svg viewBox="0 0 \#(width) \#(height)" role="img" aria-label="\#(e("reach by day: " + title))">"#,
      #"<text x="0" y="14"><tspan font-weight="bold">\#(e(title))</tspan> · reach by day</text>"#,
    ]
    for share in [0.0, 0.5, 1.0] {
      // The 0% line sits a little below the data, so that a line of 0% reach shows above it.
      let y = bottom - Int((share * Double(bottom - top)).rounded()) + (share == 0 ? 4 : 0)
      out.append(#"<line class="grid" x1="\#(left)" y1="\#(y)" x2="\#(width - 12)" y2="\#(y)"/>"#)
      out.append(#"<text class="small" x="0" y="\#(y + 4)">\#(Int(share * 100))%</text>"#)
    }
    // A tick each week (each four weeks past twelve), labelled where it clears the end labels.
    let week = 7 * ((days + 83) / 84)
    for day in stride(from: week, to: days, by: week) {
      let x = Int(point(day - 1, 0).split(separator: ",")[0]) ?? left
      out.append(#"<line class="grid" x1="\#(x)" y1="\#(top)" x2="\#(x)" y2="\#(bottom + 4)"/>"#)
      if x - left > 40 && width - 12 - x > 44 {
        out.append(#"<text class="small" x="\#(x)" y="\#(bottom + 18)" text-anchor="middle">\#(day)</text>"#)
      }
    }
    out.append(#"<text class="small" x="\#(left)" y="\#(bottom + 18)">day 1</text>"#)
    out.append(#"<text class="small" x="\#(width - 12)" y="\#(bottom + 18)" text-anchor="end">day \#(days)</text>"#)
    for (reach, color, cohort) in lines {
      let points = reach.enumerated().map { point($0.offset, $0.element) }.joined(separator: " ")
      out.append(#"<polyline class="line" stroke="\#(color)" points="\#(points)"><title>\#(e(cohort))</title></polyline>"#)
    }
    let overall = figures.reachByDay.enumerated().map { point($0.offset, $0.element) }.joined(separator: " ")
    out.append(#"<polyline class="line overall" points="\#(overall)"><title>everyone</title></polyline>"#)
    for entry in legend {
      let y = bottom + 32 + 16 * entry.row
      let swatch = entry.color.isEmpty ? #"class="overall""# : #"stroke="\#(entry.color)""#
      out.append(#"<line \#(swatch) stroke-width="3" x1="\#(entry.x)" y1="\#(y - 4)" x2="\#(entry.x + 14)" y2="\#(y - 4)"/>"#)
      out.append(#"<text class="small" x="\#(entry.x + 18)" y="\#(y)">\#(e(entry.name))</text>"#)
    }
    out.append("</svg>")
    return out.joined(separator: "\n")
  }

  static let palette = ["#2f6fde", "#d9822b", "#8e44ad", "#16a085", "#c0392b", "#7f8c8d"]
}

extension StoryReport {
  /// The log's words without rule numbers and policy names, which stay in `why`: "(rule 6)"
  /// goes, "(MaxDisplayCount, rule 21)" keeps its TipKit name, "(policy cooldownStart, rule
  /// 28)" goes.
  static func plain(_ words: String) -> String {
    var text = words
    for (pattern, replacement) in StoryReport.ruleReferences {
      text = text.replacing(pattern, with: replacement)
    }
    return text
  }

  nonisolated(unsafe) private static let ruleReferences: [(Regex<AnyRegexOutput>, String)] = [
    (try! Regex(#" \((?:policy \w+, |observed, )?rules? \d+(?: \[P\])?(?:, \d+)*\)"#), ""),
    (try! Regex(#"[,;] rules? \d+(?: \[P\])?(?:, \d+)*\)"#), ")"),
  ]
}
