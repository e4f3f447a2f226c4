import Simulation
import TipEngine

extension StoryReport {
  /// One lane per tip: a display is a bar as long as it stayed on screen, a suppression a
  /// dot, an invalidation a cross; each carries its words for the tooltip and the panel.
  func chart(_ story: Story, axis: ChartAxis) -> String {
    let lane = 38
    let top = 8
    let axisY = top + story.summaries.count * lane + 4
    let height = axisY + 26
    var out = [
      #"<svg viewBox="0 0 \#(axis.width) \#(height)" role="img" aria-label="\#(e("timeline: " + story.label))">"#
    ]
    let step = max(1, (axis.days + 13) / 14)
    for day in stride(from: 0, through: axis.days, by: axis.days <= 62 ? 1 : step) {
      let x = axis.x(axis.from + .days(Int64(day)))
      out.append(#"<line class="grid" x1="\#(x)" y1="\#(top)" x2="\#(x)" y2="\#(axisY)"/>"#)
      if day < axis.days && day % step == 0 {
        let number = self.day(of: axis.from + .days(Int64(day)))
        out.append(#"<text class="small" x="\#(x + 3)" y="\#(axisY + 16)">day \#(number)</text>"#)
      }
    }
    for (row, summary) in story.summaries.enumerated() {
      let y = top + row * lane
      let room = (axis.left - 16) / 7
      let title = summary.title.count > room ? summary.title.prefix(room - 1) + "…" : summary.title
      out.append(#"<text x="8" y="\#(y + 16)">\#(e(String(title)))</text>"#)
      out.append(#"<text class="small" x="8" y="\#(y + 30)">\#(e(summary.tip))</text>"#)
      out.append(#"<rect class="lane" x="\#(axis.left)" y="\#(y + 3)" width="\#(axis.plotWidth)" height="\#(lane - 6)"/>"#)
      var previous: (x: Int, mark: Timeline.Mark, words: [String])?
      for mark in story.marks where mark.tip == summary.tip {
        let x = axis.x(mark.at)
        // A repeat of the same suppression at the same point adds nothing a reader can see.
        if let previous, previous.x == x, previous.mark == mark.kind, previous.words == mark.words, mark.kind != .shown { continue }
        previous = (x, mark.kind, mark.words)
        out.append(#"<g class="m" tabindex="0" data-r="\#(e(reason(of: mark)))"><title>\#(e(reason(of: mark)))</title>"#)
        out.append(shape(of: mark, x: x, y: y, end: axis.x(mark.until ?? story.to)))
        out.append("</g>")
      }
    }
    out.append("</svg>")
    return out.joined(separator: "\n")
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
    return "\(when(mark.at))\(device) · \(mark.tip) \(mark.verb)\n" + mark.words.joined(separator: "\n")
  }

  /// A tip's reach by day, one line per cohort and a bolder one for everyone.
  func reachChart(_ figures: PopulationReport.TipFigures, cohorts: [String]) -> String {
    let (width, height, left, top, bottom) = (340, 190, 40, 28, 150)
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
      let y = bottom - Int((share * Double(bottom - top)).rounded())
      out.append(#"<line class="grid" x1="\#(left)" y1="\#(y)" x2="\#(width - 12)" y2="\#(y)"/>"#)
      out.append(#"<text class="small" x="0" y="\#(y + 4)">\#(Int(share * 100))%</text>"#)
    }
    out.append(#"<text class="small" x="\#(left)" y="\#(bottom + 16)">day 1</text>"#)
    out.append(#"<text class="small" x="\#(width - 52)" y="\#(bottom + 16)">day \#(days)</text>"#)
    let lines = figures.reachByCohortByDay.enumerated().map {
      ($0.element, StoryReport.palette[$0.offset % StoryReport.palette.count], cohorts[$0.offset])
    }
    for (reach, color, cohort) in lines {
      let points = reach.enumerated().map { point($0.offset, $0.element) }.joined(separator: " ")
      out.append(#"<polyline class="line" stroke="\#(color)" points="\#(points)"><title>\#(e(cohort))</title></polyline>"#)
    }
    let overall = figures.reachByDay.enumerated().map { point($0.offset, $0.element) }.joined(separator: " ")
    out.append(#"<polyline class="line overall" points="\#(overall)"><title>everyone</title></polyline>"#)
    var x = left
    for (_, color, cohort) in lines + [([], "", "everyone")] {
      let swatch = color.isEmpty ? #"class="overall""# : #"stroke="\#(color)""#
      out.append(#"<line \#(swatch) stroke-width="3" x1="\#(x)" y1="\#(height - 8)" x2="\#(x + 14)" y2="\#(height - 8)"/>"#)
      out.append(#"<text class="small" x="\#(x + 18)" y="\#(height - 4)">\#(e(cohort))</text>"#)
      x += 30 + 7 * cohort.count
    }
    out.append("</svg>")
    return out.joined(separator: "\n")
  }

  static let palette = ["#2f6fde", "#d9822b", "#8e44ad", "#16a085", "#c0392b", "#7f8c8d"]
}
