import Simulation
import TipEngine

/// The page's first section: what the team should look at, in its words — tips that come
/// back until closed, who never sees a tip and why, tips the frequency starves, tips the
/// one-user story never shows.
extension StoryReport {
  func findings() -> [ReportBlock] { findings(world: world, population: population, story: story, returning: returning) }

  /// The findings of the session as it ran, or of a what-if: its world, users, story and
  /// tips that come back until closed.
  func findings(world: World, population: PopulationReport?, story: Story, returning: [String]) -> [ReportBlock] {
    var items: [String] = []
    for tip in returning {
      items.append(
        "\(quoted(tip)) comes back at every eligible visit until the user closes it: nothing limits its displays and nothing in the plan marks it done."
      )
    }
    if let population {
      for figures in population.tips {
        let clauses = figures.byCohort.compactMap { cohort -> String? in
          let never = 1 - cohort.reach
          guard never > 0.000_5, cohort.users > 0 else { return nil }
          return
            "\(PopulationReport.percent(never)) of \(cohort.cohort) users (\(StoryReport.reasons(cohort, tip: figures.tip, in: world).joined(separator: "; ")))"
        }
        guard !clauses.isEmpty else { continue }
        items.append("\(quoted(figures.tip)) is never seen in \(population.days) days by " + clauses.joined(separator: ", and by ") + ".")
      }
      items += starved(population, in: world)
    }
    for summary in story.summaries where summary.displays == 0 {
      items.append("\(quoted(summary.tip)) never shows in the one-user story: \(summary.end).")
    }
    if items.isEmpty { items.append("Nothing to flag: every tip shows, to every cohort, and each stops on its own.") }
    return [.list(items)]
  }

  /// Why a cohort's users never see a tip, each with its share of the cohort, in the tip's terms.
  func reasons(_ cohort: PopulationReport.CohortFigures, tip: String) -> [String] { StoryReport.reasons(cohort, tip: tip, in: world) }

  /// The same, for the tips and settings of `world` (what a plan's option changed).
  static func reasons(_ cohort: PopulationReport.CohortFigures, tip: String, in world: World) -> [String] {
    let definition = world.engine.catalog.tip(named: tip)
    // Most first: the main reason leads.
    return cohort.neverSawBecause.sorted { $0.1 > $1.1 }.compactMap { word, share -> String? in
      let percent = PopulationReport.percent(share)
      switch word {
      case "rules":
        guard let definition, !cohort.unmetRules.isEmpty else { return "its rules do not hold: \(percent)" }
        return cohort.unmetRules.prefix(2).map { index, share in
          "\(RuleWords.unmet(definition.rules[index], labels: RuleWords.Labels(world.engine.catalog))): \(PopulationReport.percent(share))"
        }.joined(separator: "; ")
      case "boundParameter": return nil
      case "frequency": return "other tips used up the \(world.frequency.rawValue) slot: \(percent)"
      case "group": return "another tip of its group goes first: \(percent)"
      case "invalidated": return "marked done before it showed: \(percent)"
      case "popoverBusy": return "another popover was on screen: \(percent)"
      case "dismissed": return "tapped away: \(percent)"
      case "hiddenForTesting": return "hidden by a testing override: \(percent)"
      case PopulationReport.stopped: return "had stopped using the app before it showed: \(percent)"
      case PopulationReport.noVisit:
        let screen = world.placements[tip].map { "open \($0.screen)" } ?? "reach its screen"
        return "did not \(screen) while it could show: \(percent)"
      default: return "\(word): \(percent)"
      }
    }
  }

  /// Tips that many users never see because other tips take the frequency's one slot.
  func starved(_ population: PopulationReport, in world: World) -> [String] {
    guard world.frequency != .immediate else { return [] }
    return population.tips.compactMap { figures in
      let share = figures.neverSawBecause.first { $0.0 == "frequency" }?.1 ?? 0
      guard share >= 0.05 else { return nil }
      let before = population.tips.filter { $0.tip != figures.tip && ($0.reachByDay.last ?? 0) > 0 }
        .sorted { ($0.medianFirst ?? .max, $0.tip) < ($1.medianFirst ?? .max, $1.tip) }.map { "`\($0.tip)`" }
      return
        "\(quoted(figures.tip)) is starved by the \(world.frequency.rawValue) frequency: \(PopulationReport.percent(share)) of users never see it while other tips (\(before.joined(separator: ", "))) take the one slot."
    }
  }

  /// “Keep your streak going” (`streakTip`).
  func quoted(_ tip: String) -> String {
    let title = world.engine.catalog.tip(named: tip)?.title ?? tip
    return title == tip ? "`\(tip)`" : "“\(title)” (`\(tip)`)"
  }
}
