import Simulation
import TipEngine

/// The report's summary as Markdown tables, to paste into a pull request or a chat.
extension StoryReport {
  public func markdown() -> String {
    var lines = ["# \(title)", "", span(of: story) + ". Simulated by TipSim, not measured on a device.", ""]
    func add(_ heading: String, _ blocks: [ReportBlock]) { lines += ["## \(heading)", ""] + blocks.flatMap(\.markdown) }
    if let plan { add("Targets", targetsBox(plan)) }
    add("What to look at first", findings())
    add("Inputs", inputs())
    lines += ["## What each tip does", ""] + markdownTable(story) + [""]
    for (index, alternative) in alternatives.enumerated() {
      let name = alternativeName(index)
      lines += ["## With \(name)", "", span(of: alternative.story) + ".", ""] + markdownTable(alternative.story) + [""]
    }
    if let population {
      add(populationHeading(population), acrossUsers(population))
      if alternatives.count > 1 {
        add("The same users under each change", sideBySide(population, alternatives))
      } else if let whatIfPopulation, let whatIf {
        add("The same users with \(whatIf.label)", comparison(population, whatIfPopulation, change: whatIf.label))
      }
    }
    while lines.last == "" { lines.removeLast() }
    return lines.joined(separator: "\n") + "\n"
  }

  func markdownTable(_ story: Story) -> [String] {
    var lines = [row(["Tip", "Title", "First shown", "Displays", "On screen", "Last shown", "At the end"])]
    lines.append(row(["---", "---", "---", "---:", "---:", "---", "---"]))
    for s in story.summaries {
      lines.append(
        row([
          s.tip, s.title, s.firstShown.map(when) ?? "never", String(s.displays), s.onScreen.description, s.lastShown.map(when) ?? "—",
          s.end,
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

  private func row(_ cells: [String]) -> String {
    "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ") }.joined(separator: " | ")
      + " |"
  }
}
