/// The Targets box at the top of a page whose scenario has `target` lines: each target with
/// today's figure and the best option's, ✓ or ✗, what that option changes, and, when nothing
/// meets a target, why.
extension StoryReport {
  func targetsBox(_ plan: PlanResult) -> [ReportBlock] {
    let best = plan.best
    let bestHeader = best.map { $0.changes.isEmpty ? "Today's settings" : "With the best option" }
    var rows: [[String]] = []
    for (index, figure) in plan.today.figures.enumerated() {
      var row = ["`\(figure.target)`", StoryReport.mark(figure)]
      if let best, index < best.figures.count { row.append(StoryReport.mark(best.figures[index])) }
      rows.append(row)
    }
    var blocks: [ReportBlock] = [
      .table(header: ["Target", "Today"] + (bestHeader.map { [$0] } ?? []), numeric: [false, true, true], rows: rows)
    ]
    let covered =
      plan.searchedEverything
      ? "every one of the \(PlanResult.count(plan.combinations)) options the tunes allow"
      : "\(plan.searched) of the \(PlanResult.count(plan.combinations)) options the tunes allow (budget \(plan.budget)); the others were not searched"
    let options = plan.meetingCount == 1 ? "1 option meets" : "\(plan.meetingCount) options meet"
    if plan.today.meetsEveryTarget {
      blocks.append(.paragraph("Today's settings meet every target. Searched \(covered)."))
    } else if let first = plan.meeting.first {
      blocks.append(
        .paragraph(
          "The best option, \(StoryReport.changes(first)), meets every target (\(options) every target; the fewest changes come first). Searched \(covered). The what-if sections below show it."
        ))
    } else if let closest = plan.closest {
      let what = closest.changes.isEmpty ? "today's settings" : StoryReport.changes(closest)
      blocks.append(
        .paragraph(
          "No option meets every target. Searched \(covered). The closest, \(what), meets \(closest.met) of \(plan.targets.count)\(closest.changes.isEmpty ? "" : "; the what-if sections below show it")."
        ))
      for shortfall in plan.shortfalls {
        blocks.append(.paragraph("Why `\(shortfall.target)` is missed:"))
        blocks.append(.list(shortfall.lines))
      }
    }
    if let confirmation = plan.confirmation {
      let failing = confirmation.figures.filter { !$0.met }.map { "`\($0.target)` (\($0.text))" }
      blocks.append(
        .paragraph(
          "Run again with seed \(confirmation.seed) (other users), it "
            + (confirmation.meetsEveryTarget ? "meets every target." : "misses \(failing.joined(separator: ", "))."))
      )
    }
    return blocks
  }

  /// `✓ 66.3% ±9.8`.
  static func mark(_ figure: PlanResult.Figure) -> String {
    (figure.met ? "✓ " : "✗ ") + figure.shown
  }

  static func changes(_ option: PlanResult.Option) -> String { option.changes.map { "`\($0)`" }.joined(separator: ", ") }
}
