import Simulation
import TipEngine

/// The report's summary as Markdown tables, to paste into a pull request or a chat.
extension StoryReport {
  public func markdown() -> String {
    var lines = ["# \(name): what each tip does", "", span(of: story) + ".", ""]
    lines += markdownTable(story)
    if let whatIf {
      lines += ["", "## With \(whatIf.label)", "", span(of: whatIf) + ".", ""]
      lines += markdownTable(whatIf)
    }
    if let population {
      lines += ["", "## \(populationHeading(population))", ""]
      if let warning = population.rescalingWarning { lines += ["Note: \(warning).", ""] }
      let cohorts = population.cohorts.map(\.0)
      lines.append(row(["Tip", "Reach"] + cohorts + ["First display (median)", "Never sees it", "Why they never see it"]))
      lines.append(row(["---", "---:"] + cohorts.map { _ in "---:" } + ["---:", "---:", "---"]))
      for figures in population.tips {
        lines.append(
          row(
            [figures.tip, PopulationReport.percent(figures.reachByDay.last ?? 0)] + figures.reachByCohort.map(PopulationReport.percent)
              + [
                PopulationReport.duration(figures.medianFirst), PopulationReport.percent(1 - (figures.reachByDay.last ?? 0)),
                whyNever(figures),
              ]))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  func markdownTable(_ story: Story) -> [String] {
    var lines = [row(["Tip", "Title", "First shown", "Displays", "On screen", "Last shown", "At the end"])]
    lines.append(row(["---", "---", "---", "---:", "---:", "---", "---"]))
    for s in story.summaries {
      lines.append(
        row([
          s.tip, s.title, s.firstShown.map(when) ?? "never", String(s.displays), s.onScreen.description, s.lastShown.map(when) ?? "—",
          s.now.joined(separator: "; "),
        ]))
    }
    return lines
  }

  /// "Day 1 is 2026-11-02; the story ends on day 15, 2026-11-16 08:00 (times in UTC)".
  func span(of story: Story) -> String {
    let first = timeZone.civil(of: start).logStamp.prefix(10)
    return "Day 1 is \(first); the story ends on \(when(story.to)) (times in \(timeZone.identifier))"
  }

  func populationHeading(_ p: PopulationReport) -> String {
    let cohorts = p.cohorts.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
    return "\(p.users) simulated users over \(p.days) days (\(cohorts); seed \(p.seed))"
  }

  /// The reasons that hold back the users who never saw the tip, or the inputs nothing feeds.
  func whyNever(_ figures: PopulationReport.TipFigures) -> String {
    var parts = figures.neverSawBecause.map { "\($0.0) \(PopulationReport.percent($0.1))" }
    if !figures.neverFed.isEmpty { parts.append("nothing in the usage model feeds " + figures.neverFed.joined(separator: ", ")) }
    return parts.isEmpty ? "—" : parts.joined(separator: "; ")
  }

  private func row(_ cells: [String]) -> String {
    "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ") }.joined(separator: " | ")
      + " |"
  }
}
