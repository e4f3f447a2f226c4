import Foundation
import Simulation
import TipEngine

/// Across users: per tip and cohort, the first display as day numbers, the share reached and
/// the displays per user; who never sees each tip and why; and, under a `--whatif` change,
/// the same users' figures side by side with the differences.
extension StoryReport {
  /// The days the reach columns read: `--at-day`'s, else 30 or the run's last day when shorter.
  func reachDays(_ p: PopulationReport) -> [Int] { atDays.isEmpty ? [min(30, p.days)] : atDays }

  /// The day a comparison's reach reads: the last of `reachDays`.
  func reachDay(_ p: PopulationReport) -> Int { reachDays(p).last ?? min(30, p.days) }

  func acrossUsers(_ p: PopulationReport) -> [ReportBlock] {
    var blocks: [ReportBlock] = []
    if let warning = p.rescalingWarning { blocks.append(.paragraph("Note: \(warning).")) }
    let days = reachDays(p)
    let day = days[0]
    blocks.append(
      .paragraph(
        "Across users, day N is the N-th 24 hours from the start (\(String(p.timeZone.civil(of: p.start).logStamp.prefix(16)))), in every figure: reached by day \(day) counts the first \(day) × 24 hours."
      ))
    var rows: [[String]] = []
    for figures in p.tips {
      rows.append(
        [quoted(figures.tip), "everyone"] + days.map { PopulationReport.percent(p.reach(figures, day: $0)) } + [
          firstDays(figures.medianFirstDay, figures.p90FirstDay), StoryReport.number(figures.displaysPerUser),
        ])
      guard p.cohorts.count > 1 else { continue }
      for cohort in figures.byCohort {
        rows.append(
          ["", cohort.cohort] + days.map { PopulationReport.percent(reach(cohort, of: figures, day: $0, in: p)) } + [
            firstDays(cohort.medianFirstDay, cohort.p90FirstDay), StoryReport.number(cohort.displaysPerUser),
          ])
      }
    }
    blocks.append(
      .table(
        header: ["Tip", "Users"] + days.map { "Reached by day \($0)" } + ["First display (median · 9 in 10 by)", "Displays per user"],
        numeric: [false, false] + days.map { _ in true } + [true, true], rows: rows))
    blocks.append(.heading("How many tips a user sees in a week"))
    blocks.append(
      .table(
        header: ["Users", "Different tips in any 7 days (median · p90 · max)", "Displays in any 7 days (median · p90 · max)"],
        numeric: [false, true, true],
        rows: p.load.map { load in
          [
            load.users, load.distinctTips.map(String.init).joined(separator: " · "),
            load.displays.map(String.init).joined(separator: " · "),
          ]
        }))
    blocks.append(.heading("Who never sees a tip in \(p.days) days, and why"))
    blocks += neverSees(p, in: world)
    for figures in p.tips where !figures.neverFed.isEmpty {
      blocks.append(
        .paragraph(
          "\(quoted(figures.tip)) reaches no user: no usage line or reaction of the app's does or writes \(figures.neverFed.map { "`\($0)`" }.joined(separator: ", ")), which its rules read."
        ))
    }
    return blocks
  }

  /// Per tip and cohort, the share that never sees the tip and why, with the tips and settings
  /// of `world` (the session's, or a what-if's).
  func neverSees(_ p: PopulationReport, in world: World) -> [ReportBlock] {
    var never: [[String]] = []
    for figures in p.tips {
      for cohort in figures.byCohort where cohort.reach < 0.999_5 && cohort.users > 0 {
        never.append([
          quoted(figures.tip), cohort.cohort, PopulationReport.percent(1 - cohort.reach),
          StoryReport.reasons(cohort, tip: figures.tip, in: world).joined(separator: "\n"),
        ])
      }
    }
    guard !never.isEmpty else { return [.paragraph("Every user of every cohort sees every tip.")] }
    return [
      .table(header: ["Tip", "Cohort", "Never sees it", "Why (share of the cohort)"], numeric: [false, false, true], rows: never),
      .paragraph(
        "A user can be held back for more than one reason at the end, so the reasons can add up to more than the share that never sees the tip."
      ),
    ]
  }

  /// Several what-ifs for the same users, one column each (A, B, C…) beside the plan's: reach,
  /// first display and displays per user, then who never sees each tip under each change.
  func sideBySide(_ p: PopulationReport, _ alternatives: [Alternative]) -> [ReportBlock] {
    let day = reachDay(p)
    let letters = alternatives.indices.map(PlanResult.letter)
    var blocks: [ReportBlock] = [
      .paragraph(
        "The same \(p.users) users (seed \(p.seed)) over \(p.days) days, as planned and under each change: "
          + zip(letters, alternatives).map { "\($0): \($1.label)" }.joined(separator: "; ") + ".")
    ]
    let others = alternatives.map { $0.population ?? p }
    func table(_ title: String, _ cell: (PopulationReport, PopulationReport.TipFigures, PopulationReport.CohortFigures?) -> String)
      -> ReportBlock
    {
      var rows: [[String]] = []
      for (index, figures) in p.tips.enumerated() {
        let groups: [PopulationReport.CohortFigures?] = [nil] + (p.cohorts.count > 1 ? figures.byCohort.map { $0 } : [])
        for (g, group) in groups.enumerated() {
          let name = group?.cohort ?? "everyone"
          func their(_ q: PopulationReport) -> (PopulationReport.TipFigures, PopulationReport.CohortFigures?) {
            let tip = q.tips[index]
            return (tip, g == 0 ? nil : tip.byCohort[g - 1])
          }
          rows.append(
            [g == 0 ? quoted(figures.tip) : "", name, cell(p, figures, group)]
              + others.map { q in
                let (tip, cohort) = their(q)
                return cell(q, tip, cohort)
              })
        }
      }
      return .table(
        header: ["Tip", "Users", title] + letters, numeric: [false, false] + Array(repeating: true, count: letters.count + 1), rows: rows)
    }
    blocks.append(.heading("Reached by day \(day)"))
    blocks.append(
      table("As planned") { q, tip, cohort in
        PopulationReport.percent(cohort.map { reach($0, of: tip, day: day, in: q) } ?? q.reach(tip, day: day))
      })
    blocks.append(.heading("First display (median day)"))
    blocks.append(
      table("As planned") { _, tip, cohort in
        let day = cohort == nil ? tip.medianFirstDay : cohort?.medianFirstDay
        return day.map { "day \($0)" } ?? "never"
      })
    blocks.append(.heading("Displays per user"))
    blocks.append(table("As planned") { _, tip, cohort in StoryReport.number(cohort?.displaysPerUser ?? tip.displaysPerUser) })
    for (letter, alternative) in zip(letters, alternatives) {
      guard let population = alternative.population else { continue }
      blocks.append(.heading("What to look at with \(letter) (\(alternative.label))"))
      blocks += findings(world: alternative.world, population: population, story: alternative.story, returning: alternative.returning)
      blocks.append(.heading("Who never sees a tip with \(letter) (\(alternative.label)), and why"))
      blocks += neverSees(population, in: alternative.world)
    }
    return blocks
  }

  /// The plan's figures and the change's for the same users, side by side, changed rows only.
  func comparison(_ before: PopulationReport, _ after: PopulationReport, change: String) -> [ReportBlock] {
    let day = reachDay(before)
    var rows: [[String]] = []
    var same = 0
    for (old, new) in zip(before.tips, after.tips) {
      let groups: [(String, (Int?, Double, Double), (Int?, Double, Double))] =
        [
          (
            "everyone", (old.medianFirstDay, before.reach(old, day: day), old.displaysPerUser),
            (new.medianFirstDay, after.reach(new, day: day), new.displaysPerUser)
          )
        ]
        + (before.cohorts.count > 1
          ? zip(old.byCohort, new.byCohort).map { o, n in
            (
              o.cohort, (o.medianFirstDay, reach(o, of: old, day: day, in: before), o.displaysPerUser),
              (n.medianFirstDay, reach(n, of: new, day: day, in: after), n.displaysPerUser)
            )
          } : [])
      for (index, (users, o, n)) in groups.enumerated() {
        let changed = o.0 != n.0 || abs(o.1 - n.1) >= 0.000_5 || abs(o.2 - n.2) >= 0.005
        if !changed {
          if index == 0 { same += 1 }
          continue
        }
        rows.append([
          quoted(old.tip), users, StoryReport.dayChange(o.0, n.0),
          "\(PopulationReport.percent(o.1)) → \(PopulationReport.percent(n.1)) (\(StoryReport.signed((n.1 - o.1) * 100, unit: " pts")))",
          "\(StoryReport.number(o.2)) → \(StoryReport.number(n.2)) (\(StoryReport.signed(n.2 - o.2, unit: "", digits: 2)))",
        ])
      }
    }
    var blocks: [ReportBlock] = [
      .paragraph("The same \(before.users) users (seed \(before.seed)) over \(before.days) days, as planned and with \(change).")
    ]
    if rows.isEmpty {
      blocks.append(.paragraph("No figure changes with \(change)."))
    } else {
      blocks.append(
        .table(
          header: ["Tip", "Users", "First display (median)", "Reached by day \(day)", "Displays per user"],
          numeric: [false, false, true, true, true],
          rows: rows))
      if same > 0 { blocks.append(.paragraph("\(same) tip\(same == 1 ? "" : "s") unchanged for everyone.")) }
    }
    return blocks
  }

  /// A cohort's reach by `day`, from its reach-by-day line.
  func reach(_ cohort: PopulationReport.CohortFigures, of figures: PopulationReport.TipFigures, day: Int, in p: PopulationReport) -> Double
  {
    guard let index = p.cohorts.firstIndex(where: { $0.0 == cohort.cohort }), index < figures.reachByCohortByDay.count else {
      return cohort.reach
    }
    let line = figures.reachByCohortByDay[index]
    return line.isEmpty ? 0 : line[min(day, line.count) - 1]
  }

  func firstDays(_ median: Int?, _ p90: Int?) -> String {
    guard let median, let p90 else { return "never" }
    return "day \(median) · day \(p90)"
  }

  /// "day 4 → day 9 (5 days later)", "never → day 3".
  static func dayChange(_ old: Int?, _ new: Int?) -> String {
    switch (old, new) {
    case (nil, nil): return "never"
    case (let o?, nil): return "day \(o) → never"
    case (nil, let n?): return "never → day \(n)"
    case (let o?, let n?):
      if o == n { return "day \(o)" }
      let d = abs(n - o)
      return "day \(o) → day \(n) (\(d) day\(d == 1 ? "" : "s") \(n > o ? "later" : "earlier"))"
    }
  }

  /// "+1.5 pts", "−0.25", "±0.0".
  static func signed(_ value: Double, unit: String, digits: Int = 1) -> String {
    let scale = digits == 1 ? 10.0 : 100.0
    let rounded = (value * scale).rounded() / scale
    return (rounded > 0 ? "+" : rounded < 0 ? "−" : "±") + String(format: "%.\(digits)f", abs(rounded)) + unit
  }

  /// Two decimals: 1.98.
  static func number(_ value: Double) -> String { String(format: "%.2f", value) }
}
