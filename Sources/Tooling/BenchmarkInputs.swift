import Runner
import ScenarioLanguage
import Simulation
import TipEngine

/// Deterministic inputs for `tipsim bench`: generated scenarios of a given size, the same on
/// every machine (a fixed linear congruential sequence, no system randomness).
public enum BenchmarkInputs {
  /// A scenario of about `lines` lines: 50 tips on 10 screens with windowed event rules, then
  /// a mix of open, close, donate, set and advance.
  public static func replayScenario(lines target: Int) -> String {
    var out: [String] = ["start 2026-11-01T09:00", "frequency daily"]
    for p in 0..<10 { out.append("param flag\(p) = false") }
    for e in 0..<10 { out.append("event event\(e)(kind)") }
    for s in 0..<10 { out.append("screen screen\(s): " + (0..<5).map { "a\($0)" }.joined(separator: " ")) }
    for t in 0..<50 {
      out.append("tip tip\(t)")
      out.append("  title \"Tip \(t)\"")
      out.append("  anchor screen\(t % 10).a\(t / 10)\(t % 3 == 0 ? " inline" : "")")
      out.append("  rule event\(t % 10).count(within: \(1 + t % 7)d) >= \(1 + t % 3)")
      if t % 4 == 0 { out.append("  rule flag\(t % 10) == true") }
      out.append("  maxDisplayCount \(2 + t % 5)")
    }
    out.append("launch")
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ n: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(n))
    }
    var open: Set<Int> = []
    while out.count < target {
      switch next(10) {
      case 0, 1:
        let s = next(10)
        if open.insert(s).inserted {
          out.append("open screen\(s)")
        } else {
          out.append("close screen\(s)")
          open.remove(s)
        }
      case 2, 3, 4, 5:
        out.append("donate event\(next(10)) kind=\(next(3))")
      case 6:
        out.append("set flag\(next(10)) \(next(2) == 0 ? "true" : "false")")
      default:
        out.append("advance \(1 + next(90))m")
      }
    }
    return out.joined(separator: "\n") + "\n"
  }

  /// A scenario that leaves screens open for `years` simulated years in one `advance`.
  public static func longAdvance(years: Int) -> String {
    """
    frequency monthly
    event opened
    screen home: a b c
    tip t1
      title "T1"
      anchor home.a
      rule opened.count(within: 7d) >= 1
    tip t2
      title "T2"
      anchor home.b inline
      maxDisplayDuration 10m
    tip t3
      title "T3"
      anchor home.c inline
    launch
    open home
    repeat 100 every 1h: donate opened
    advance \(365 * years)d

    """
  }

  /// Backyard Birds' tips and a two-cohort usage model, for the population measurement.
  public static let populationScenario = """
    start 2026-11-01T09:00
    frequency daily
    param isLoggedIn = true
    event viewedBackyard(backyardID)
    screen backyards: list addButton
    screen detail: header favoriteButton
    tip addBackyard
      title "Add a backyard"
      anchor backyards.addButton
      maxDisplayCount 2
    tip favoriteBackyard
      title "Save as a Favorite"
      anchor detail.favoriteButton
      rule isLoggedIn == true
      rule viewedBackyard.largestSubset(by: backyardID, within: 5d) >= 3
      maxDisplayCount 5
    cohort light 60%
      open backyards 1 per day poisson for 2m
      open detail 0.5 per day poisson for 1m
      donate viewedBackyard backyardID=2 0.5 per day poisson
      churn 2% per day
    cohort heavy 40%
      open backyards 3 per day fixed for 3m
      open detail 2 per day heavytail for 2m
      donate viewedBackyard backyardID=2 2 per day heavytail
      relaunch 1 per day fixed

    """

  /// A plan's scenario: five tips, three cohorts, four targets, and `tunes` (the plan's
  /// options). The population line is the benchmark's own.
  public static func planScenario(users: Int, tunes: [String]) -> String {
    """
    start 2026-11-02T08:00
    frequency daily
    event recipeSaved
    event planMade
    param hasPartner = false
    screen recipes: saveButton timer
    screen planner: weekButton listButton shareButton
    tip saveRecipeTip
      title "Save recipes you like"
      anchor recipes.saveButton
      maxDisplayCount 1
    tip planWeekTip
      title "Plan your week"
      anchor planner.weekButton
      rule recipeSaved.count >= 3
    tip shoppingListTip
      title "Your shopping list builds itself"
      anchor planner.listButton inline
      rule planMade.count >= 1
    tip timerTip
      title "Start a timer from any step"
      anchor recipes.timer inline
      rule recipeSaved.count >= 1
      maxDisplayCount 2
    tip sharePlanTip
      title "Share the plan"
      anchor planner.shareButton
      rule planMade.count >= 1
      rule hasPartner == false
    group onboarding ordered: saveRecipeTip planWeekTip
    cohort light 50%
      open recipes 1 per day on weekdays at 19:00 for 10m
      donate recipeSaved 0.3 per day on weekdays at 19:05
      open planner 2 per week at 19:15 for 3m
      donate planMade 0.1 per day poisson
      churn 1% per day
    cohort batch 30%
      open recipes on weekends at 10:00 for 30m
      donate recipeSaved 2 per day on weekends at 10:10
      open planner on sun at 11:00 for 10m
      donate planMade 1 per week on sun at 11:05
    cohort power 20%
      open recipes 2 per day fixed for 10m
      donate recipeSaved 1 per day poisson
      open planner 1 per day at 18:00 for 5m
      donate planMade 0.5 per day poisson
      set hasPartner true 0.05 per day poisson
    population \(users) for 28d seed 1
    target shoppingListTip reach >= 80% by day 14 in light
    target planWeekTip firstDisplay median <= day 7
    target load distinctTips p95 <= 3 per 7d
    target sharePlanTip displays mean <= 4 by day 28

    """ + tunes.map { "tune " + $0 }.joined(separator: "\n") + "\n"
  }
}
