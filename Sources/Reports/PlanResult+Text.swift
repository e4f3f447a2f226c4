import Foundation
import Renderers

/// `plan` on the terminal: the run, what was searched, today, the options that meet every
/// target or the closest and why not, and how to paste the answer back.
extension PlanResult {
  public func text() -> String {
    var lines = ["plan: \(users) users × \(days) days, seed \(seed) · \(targets.count) target\(targets.count == 1 ? "" : "s")"]
    lines.append(coverageText())
    lines.append("today\(today.meetsEveryTarget ? ": meets every target" : ": meets \(today.met) of \(targets.count) targets")")
    lines += figureLines(today.figures, before: nil)
    if !meeting.isEmpty {
      lines.append("")
      let more =
        meetingCount > meeting.count
        ? " (\(meetingCount) meet them; listed: \(meeting.count) that need\(meeting.count == 1 ? "s" : "") every change \(meeting.count == 1 ? "it makes" : "they make"))"
        : ""
      lines.append("options that meet every target, fewest changes first\(more):")
      for (index, option) in meeting.enumerated() {
        lines.append("\(PlanResult.letter(index)). \(option.changes.joined(separator: "; "))")
        lines += figureLines(option.figures, before: today.figures).map { "  " + $0 }
      }
    } else if let closest {
      lines.append("")
      lines.append(
        searchedEverything
          ? "no option meets every target"
          : "no option searched meets every target; \(PlanResult.count(combinations - Double(searched))) were not searched (--budget \(budget))"
      )
      let what = closest.changes.isEmpty ? "today's settings" : closest.changes.joined(separator: "; ")
      lines.append("closest: \(what) (meets \(closest.met) of \(targets.count))")
      lines += figureLines(closest.figures, before: closest.changes.isEmpty ? nil : today.figures)
      for shortfall in shortfalls {
        lines.append("  why \(shortfall.target) is missed:")
        lines += shortfall.lines.map { "    " + $0 }
      }
    }
    if let confirmation {
      let failing = confirmation.figures.filter { !$0.met }.map { "\($0.target) (\($0.text))" }
      lines.append(
        "on seed \(confirmation.seed) (other users): "
          + (confirmation.meetsEveryTarget ? "meets every target" : "misses " + failing.joined(separator: ", ")))
    }
    if let best = meeting.first {
      lines.append("to see option A: --whatif \"\(best.changes.joined(separator: "; "))\" (tipsim report or population)")
    }
    return lines.joined(separator: "\n")
  }

  func coverageText() -> String {
    let same =
      simulated < searched ? " (\(simulated) simulated; the others set a tune to today's value and are one of those)" : ""
    return coverageWords() + same
  }

  private func coverageWords() -> String {
    if searchedEverything { return "searched every combination of the tunes: \(PlanResult.count(combinations))" }
    let parts = levels.map { level -> String in
      let what = level.changes == 0 ? "today" : "\(level.changes) change\(level.changes == 1 ? "" : "s")"
      return Double(level.searched) >= level.total
        ? "\(what): all \(PlanResult.count(level.total))" : "\(what): \(level.searched) of \(PlanResult.count(level.total))"
    }
    let widest = levels.map(\.changes).max() ?? 0
    let rest = tunes.count > widest ? "; none with more than \(widest) change\(widest == 1 ? "" : "s")" : ""
    return "searched \(searched) of \(PlanResult.count(combinations)) combinations (budget \(budget)): " + parts.joined(separator: ", ")
      + rest
  }

  /// One JSON object, keys sorted: the same on every run.
  public func json() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }

  /// One line per target: ✓ or ✗, the figure with its margin, and today's beside it.
  func figureLines(_ figures: [Figure], before: [Figure]?) -> [String] {
    let width = figures.map(\.target.displayWidth).max() ?? 0
    return figures.enumerated().map { index, figure in
      var line = "  \(figure.met ? "✓" : "✗") " + figure.target.padding(toLength: width) + "  " + figure.shown
      if let before, index < before.count { line += " (today \(before[index].text))" }
      return line
    }
  }

  /// A, B, …, Z, then AA.
  static func letter(_ index: Int) -> String {
    index < 26 ? String(UnicodeScalar(UInt8(65 + index))) : letter(index / 26 - 1) + letter(index % 26)
  }

  /// `1,200`, `1.2e6`.
  public static func count(_ x: Double) -> String {
    guard x < 1e9 else { return String(format: "%.1e", x) }
    let n = Int(x.rounded())
    let digits = String(n)
    var out = ""
    for (i, c) in digits.enumerated() {
      if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(c)
    }
    return out
  }
}
