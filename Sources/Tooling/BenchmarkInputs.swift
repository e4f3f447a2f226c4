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
}
