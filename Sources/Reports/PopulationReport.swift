import Renderers
import ScenarioLanguage
import Sessions
import Simulation
import TipEngine

/// What a population run tells a PM, per tip: reach by day, time to first display,
/// displays per user, and why users are held back at the end.
public struct PopulationReport: Sendable {
  public struct TipFigures: Sendable {
    public var tip: String
    /// Share of users who saw it by the end of each day (index 0 is day 1).
    public var reachByDay: [Double]
    public var medianFirst: Int64?
    public var p90First: Int64?
    public var displaysPerUser: Double
    /// Reason word → share of users held back by it at the end.
    public var heldBack: [(String, Double)]
    /// Cohort (in definition order) → its reach at the end of each day, as `reachByDay`.
    public var reachByCohortByDay: [[Double]] = []
    /// Reason word → share of all users who never saw the tip and were held back by it at the
    /// end; last, the share that nothing held back but who did not open its screen while it
    /// could show (`PopulationReport.noVisit`).
    public var neverSawBecause: [(String, Double)] = []
    /// For a tip no user saw: the events its rules read that no usage line or reaction
    /// donates, and the parameters none writes.
    public var neverFed: [String] = []

    /// Day numbers (day N is the N-th 24 hours from the start, as `target … by day N` reads it) of the median and 90th-percentile first
    /// display, among the users who saw it.
    public var medianFirstDay: Int?
    public var p90FirstDay: Int?
    /// The same figures for each cohort's users, in definition order.
    public var byCohort: [CohortFigures] = []
    /// The tip's rules as written, which `CohortFigures.unmetRules` index.
    public var rules: [String] = []

    /// Cohort (in definition order) → share of its users who saw the tip by the end.
    public var reachByCohort: [Double] { reachByCohortByDay.map { $0.last ?? 0 } }
  }

  /// One tip among one cohort's users.
  public struct CohortFigures: Sendable {
    public var cohort: String
    public var users: Int
    /// The share that saw it by the end of the run.
    public var reach: Double
    public var medianFirstDay: Int?
    public var p90FirstDay: Int?
    public var displaysPerUser: Double
    /// Reason word → share of this cohort's users who never saw the tip and were held back by
    /// it at the end; `PopulationReport.noVisit` last.
    public var neverSawBecause: [(String, Double)]
    /// Rule index → share of this cohort's users who never saw the tip and whose rule it was
    /// that did not hold at the end, most first.
    public var unmetRules: [(Int, Double)]
  }

  /// A user's load: the most different tips, and the most displays, shown to them within any
  /// 7 days; median, p90 and max over a cohort's users (or everyone's, first).
  public struct Load: Sendable {
    public var users: String
    public var distinctTips: [Int]
    public var displays: [Int]
  }

  public var users: Int
  public var days: Int
  public var seed: UInt64
  public var cohorts: [(String, Int)]
  public var tips: [TipFigures]
  /// Everyone's load, then each cohort's (with more than one cohort).
  public var load: [Load] = []
  /// Where the users started, in the scenario's time zone: day numbers count from its date.
  public var start: Instant
  public var timeZone: SimTimeZone
  /// When the cohorts' shares do not add up to 100%: their sum, and each cohort's share as
  /// given and as used (each divided by the sum, which is how users are drawn).
  public var rescaled: (total: Double, shares: [(name: String, given: Double, used: Double)])?

  static let reasonOrder = [
    "frequency", "rules", "boundParameter", "counts", "group", "invalidated", "popoverBusy", "dismissed", "hiddenForTesting",
  ]

  /// Why a user who was never held back did not see a tip.
  public static let noVisit = "no visit while it could show"
  /// Why a user who stopped using the app (a cohort's churn) and was not held back when they
  /// left did not see a tip.
  public static let stopped = "had stopped using the app"

  public init(population: Population, outcomes: [Population.UserOutcome]) {
    users = outcomes.count
    days = Int((population.span.seconds + 86_399) / 86_400)
    seed = population.seed
    cohorts = population.cohorts.enumerated().map { i, c in (c.name, outcomes.filter { $0.cohort == i }.count) }
    let total = population.cohorts.reduce(0) { $0 + $1.share }
    if !population.cohorts.isEmpty, total > 0, abs(total - 1) > 0.000_5 {
      rescaled = (total, population.cohorts.map { ($0.name, $0.share, $0.share / total) })
    }
    start = population.base.clock
    timeZone = population.base.timeZone
    // The day number of a first display, from its seconds after the start: day N is the N-th
    // 24 hours from the start, as reach by day N counts it.
    func day(_ seconds: Int64?) -> Int? { seconds.map { Int($0 / 86_400) + 1 } }
    let names = population.base.engine.catalog.tips.map(\.name)
    let n = Double(max(1, outcomes.count))
    let horizon = days
    // The share of `users` who saw tip `index` by the end of each day.
    func reachByDay(_ index: Int, of users: [Population.UserOutcome]) -> [Double] {
      let firsts = users.map { $0.firstDisplay[index] }.filter { $0 >= 0 }
      let n = Double(max(1, users.count))
      return (1...max(1, horizon)).map { day in Double(firsts.filter { $0 < Int64(day) * 86_400 }.count) / n }
    }
    let members = population.cohorts.indices.map { cohort in outcomes.filter { $0.cohort == cohort } }
    let fed = PopulationReport.fedInputs(of: population)
    tips = names.enumerated().map { index, tip in
      let reach = reachByDay(index, of: outcomes)
      let first = PopulationReport.firstDisplays(of: index, among: outcomes)
      let displays = Double(outcomes.reduce(0) { $0 + $1.displays[index] }) / n
      func held(_ users: [Population.UserOutcome]) -> [(String, Double)] {
        PopulationReport.reasonOrder.compactMap { word -> (String, Double)? in
          let count = users.filter { $0.reasons[index].contains(word) }.count
          return count == 0 ? nil : (word, Double(count) / n)
        }
      }
      let rules = population.base.engine.catalog.tips[index].rules
      var starved: [String] = []
      if first.median == nil {
        for input in rules.flatMap({ $0.aggregates.map(\.event) + $0.parameterNames })
        where !fed.contains(input) && !starved.contains(input) {
          starved.append(input)
        }
      }
      let byCohort = zip(population.cohorts, members).map { cohort, users in
        PopulationReport.figures(of: index, cohort: cohort.name, users: users, day: day)
      }
      return TipFigures(
        tip: tip, reachByDay: reach, medianFirst: first.median, p90First: first.p90, displaysPerUser: displays,
        heldBack: held(outcomes), reachByCohortByDay: members.map { reachByDay(index, of: $0) },
        neverSawBecause: PopulationReport.neverSawBecause(index, among: outcomes), neverFed: starved,
        medianFirstDay: day(first.median), p90FirstDay: day(first.p90), byCohort: byCohort, rules: rules.map(\.description))
    }
    load =
      [PopulationReport.load(of: outcomes, named: "everyone")]
      + (population.cohorts.count > 1 ? zip(population.cohorts, members).map { PopulationReport.load(of: $1, named: $0.name) } : [])
  }

  /// The load of `users` (`Load`), over windows of `window` seconds.
  static func load(of users: [Population.UserOutcome], named name: String, window: Int64 = 7 * 86_400) -> Load {
    func quantiles(_ distinct: Bool) -> [Int] {
      let values = users.map { Double(PlanMeasure.busiest($0, window: window, distinct: distinct)) }
      return [PlanTarget.Statistic.median, .p90, .max].map { Int(PlanMeasure.statistic($0, of: values)) }
    }
    return Load(users: name, distinctTips: quantiles(true), displays: quantiles(false))
  }

  /// Tip `index` among one cohort's `users`; `day` turns seconds after the start into a day number.
  static func figures(of index: Int, cohort: String, users: [Population.UserOutcome], day: (Int64?) -> Int?) -> CohortFigures {
    let n = Double(max(1, users.count))
    let first = firstDisplays(of: index, among: users)
    let never = users.filter { $0.firstDisplay[index] < 0 }
    var rules: [Int: Int] = [:]
    for user in never where user.reasons[index].contains("rules") {
      for rule in Set(index < user.unmetRules.count ? user.unmetRules[index] : []) { rules[rule, default: 0] += 1 }
    }
    return CohortFigures(
      cohort: cohort, users: users.count, reach: Double(users.count - never.count) / n, medianFirstDay: day(first.median),
      p90FirstDay: day(first.p90), displaysPerUser: Double(users.reduce(0) { $0 + $1.displays[index] }) / n,
      neverSawBecause: neverSawBecause(index, among: users),
      unmetRules: rules.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }.map { ($0.key, Double($0.value) / n) })
  }

  /// Seconds from the start to the median and the 90th-percentile first display of tip
  /// `index` among the `users` who saw it.
  static func firstDisplays(of index: Int, among users: [Population.UserOutcome]) -> (median: Int64?, p90: Int64?) {
    let firsts = users.map { $0.firstDisplay[index] }.filter { $0 >= 0 }.sorted()
    func quantile(_ q: Double) -> Int64? {
      firsts.isEmpty ? nil : firsts[min(firsts.count - 1, Int((Double(firsts.count - 1) * q).rounded(.down)))]
    }
    return (quantile(0.5), quantile(0.9))
  }

  /// Reason word → the share of `users` who never saw tip `index` and were held back by it at
  /// the end (or when they stopped using the app), in `reasonOrder`; last, those nothing held
  /// back: who had stopped using the app (`stopped`), else who did not visit (`noVisit`).
  static func neverSawBecause(_ index: Int, among users: [Population.UserOutcome]) -> [(String, Double)] {
    let n = Double(max(1, users.count))
    let never = users.filter { $0.firstDisplay[index] < 0 }
    var because = reasonOrder.compactMap { word -> (String, Double)? in
      let count = never.filter { $0.reasons[index].contains(word) }.count
      return count == 0 ? nil : (word, Double(count) / n)
    }
    let unheld = never.filter { $0.reasons[index].isEmpty }
    let gone = unheld.filter(\.stoppedEarly).count
    if gone > 0 { because.append((stopped, Double(gone) / n)) }
    if unheld.count > gone { because.append((noVisit, Double(unheld.count - gone) / n)) }
    return because
  }

  /// The events and parameters the users (usage lines, the actions they perform) and the
  /// app's own code (reactions) can feed the rules.
  static func fedInputs(of population: Population) -> Set<String> {
    let base = population.base
    var fed: Set<String> = []
    func bound(to key: StoreKey) -> [String] { base.bindings.keys.filter { base.bindings[$0] == key } }
    func feed(_ commands: [Command]) {
      for command in commands {
        switch command.underlying {
        case .donate(let event, _), .donateGiven(let event, _, _): fed.insert(event)
        case .set(let parameter, _), .update(let parameter, _): fed.insert(parameter)
        case .write(let key, _): fed.formUnion(bound(to: key))
        default: break
        }
      }
    }
    for action in population.cohorts.flatMap(\.usage).flatMap({ [$0.action] + $0.during.map(\.action) }) {
      switch action {
      case .donate(let event, _): fed.insert(event)
      case .set(let parameter, _): fed.insert(parameter)
      case .write(let key, _): fed.formUnion(bound(to: key))
      case .perform(let name, _): feed(base.action(named: name)?.commands ?? [])
      case .open, .relaunch: break
      }
    }
    feed(base.reactions.flatMap(\.commands))
    return fed
  }

  static func percent(_ x: Double) -> String {
    let tenths = Int((x * 1000).rounded())
    return "\(tenths / 10).\(tenths % 10)%"
  }

  static func duration(_ seconds: Int64?) -> String {
    guard let seconds else { return "—" }
    if seconds < 3600 { return "\(seconds / 60)m" }
    if seconds < 86_400 { return "\(seconds / 3600)h\(seconds % 3600 / 60 == 0 ? "" : "\(seconds % 3600 / 60)m")" }
    let tenths = Int((Double(seconds) / 8640).rounded())
    return "\(tenths / 10).\(tenths % 10)d"
  }

  /// The reach at the end of `day` (1-based), clamped to the run.
  func reach(_ figures: TipFigures, day: Int) -> Double { figures.reachByDay[min(day, figures.reachByDay.count) - 1] }

  /// The table, with reach read at `atDays` (none: days 1, 7, 30 and the last).
  public func text(atDays: [Int] = []) -> String {
    let cohortText = cohorts.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
    var lines = ["population: \(users) users × \(days) days, seed \(seed)" + (cohorts.isEmpty ? "" : " · cohorts: \(cohortText)")]
    if let warning = rescalingWarning { lines.append("warning: " + warning) }
    let marks = atDays.isEmpty ? [1, 7, 30].filter { $0 < days } + [days] : atDays
    let nameWidth = max(3, tips.map(\.tip.displayWidth).max() ?? 3) + 2
    var header = "tip".padding(toLength: nameWidth)
    for day in marks { header += "reach d\(day)".padding(toLength: 11) }
    header += "median 1st".padding(toLength: 12) + "p90 1st".padding(toLength: 10) + "displays/user"
    lines.append(header)
    for figures in tips {
      var row = figures.tip.padding(toLength: nameWidth)
      for day in marks { row += PopulationReport.percent(reach(figures, day: day)).padding(toLength: 11) }
      row +=
        PopulationReport.duration(figures.medianFirst).padding(toLength: 12)
        + PopulationReport.duration(figures.p90First).padding(toLength: 10)
      let hundredths = Int((figures.displaysPerUser * 100).rounded())
      row += "\(hundredths / 100).\(String(format: "%02d", hundredths % 100))"
      lines.append(row)
    }
    if cohorts.count > 1 {
      lines.append("reach by day \(days), per cohort:")
      lines.append(
        ("  " + "tip".padding(toLength: nameWidth) + cohorts.map { $0.0.padding(toLength: max(9, $0.0.displayWidth + 2)) }.joined())
          .trimmingTrailingSpaces())
      for figures in tips {
        var row = "  " + figures.tip.padding(toLength: nameWidth)
        for (cohort, share) in zip(cohorts, figures.reachByCohort) {
          row += PopulationReport.percent(share).padding(toLength: max(9, cohort.0.displayWidth + 2))
        }
        lines.append(row.trimmingTrailingSpaces())
      }
    }
    lines.append("held back at the end, or when the user stopped using the app (share of all users):")
    for figures in tips {
      let reasons = figures.heldBack.map { "\($0.0) \(PopulationReport.percent($0.1))" }.joined(separator: ", ")
      lines.append("  " + figures.tip.padding(toLength: nameWidth) + (reasons.isEmpty ? "nothing" : reasons))
    }
    for figures in tips where !figures.neverFed.isEmpty {
      lines.append(
        "\(figures.tip) reached no user: no usage line or reaction of the app's donates or writes \(figures.neverFed.joined(separator: ", ")), which its rules read"
      )
    }
    return lines.joined(separator: "\n")
  }

  /// "cohort shares add up to 90%, not 100%: each was divided by 90% (light 60% → 66.7%, …)".
  public var rescalingWarning: String? {
    guard let rescaled else { return nil }
    let shares = rescaled.shares.map { "\($0.name) \(PopulationReport.percent($0.given)) → \(PopulationReport.percent($0.used))" }
    return "cohort shares add up to \(PopulationReport.percent(rescaled.total)), not 100%: each was divided by that sum ("
      + shares.joined(separator: ", ") + ")"
  }

  public func json() -> String {
    var o = JSONObject()
    o["users"] = .int(users)
    o["days"] = .int(days)
    o["seed"] = .int(Int(truncatingIfNeeded: seed))
    o["cohorts"] = .array(
      cohorts.enumerated().map { index, cohort in
        var c = JSONObject()
        c["name"] = .string(cohort.0)
        c["users"] = .int(cohort.1)
        if let rescaled {
          c["givenShare"] = .double((rescaled.shares[index].given * 10_000).rounded() / 10_000)
          c["share"] = .double((rescaled.shares[index].used * 10_000).rounded() / 10_000)
        }
        return .object(c)
      })
    if let rescaled { o["sharesAddUpTo"] = .double((rescaled.total * 10_000).rounded() / 10_000) }
    o["tips"] = .array(
      tips.map { t in
        var j = JSONObject()
        j["tip"] = .string(t.tip)
        j["reachByDay"] = .array(t.reachByDay.map { .double(($0 * 10_000).rounded() / 10_000) })
        j["medianFirstSeconds"] = t.medianFirst.map { .int(Int($0)) } ?? .null
        j["p90FirstSeconds"] = t.p90First.map { .int(Int($0)) } ?? .null
        j["displaysPerUser"] = .double((t.displaysPerUser * 10_000).rounded() / 10_000)
        var held = JSONObject()
        for (word, share) in t.heldBack { held[word] = .double((share * 10_000).rounded() / 10_000) }
        j["heldBack"] = .object(held)
        var byCohort = JSONObject()
        for (cohort, share) in zip(cohorts, t.reachByCohort) { byCohort[cohort.0] = .double((share * 10_000).rounded() / 10_000) }
        j["reachByCohort"] = .object(byCohort)
        j["neverFed"] = .array(t.neverFed.map { .string($0) })
        j["medianFirstDay"] = t.medianFirstDay.map { .int($0) } ?? .null
        j["p90FirstDay"] = t.p90FirstDay.map { .int($0) } ?? .null
        j["neverSawBecause"] = .object(PopulationReport.shares(t.neverSawBecause))
        j["byCohort"] = .array(
          t.byCohort.map { c in
            var o = JSONObject()
            o["cohort"] = .string(c.cohort)
            o["users"] = .int(c.users)
            o["reach"] = .double(PopulationReport.rounded(c.reach))
            o["medianFirstDay"] = c.medianFirstDay.map { .int($0) } ?? .null
            o["p90FirstDay"] = c.p90FirstDay.map { .int($0) } ?? .null
            o["displaysPerUser"] = .double(PopulationReport.rounded(c.displaysPerUser))
            o["neverSawBecause"] = .object(PopulationReport.shares(c.neverSawBecause))
            o["unmetRules"] = .array(
              c.unmetRules.map { index, share in
                var r = JSONObject()
                r["rule"] = .string(t.rules[index])
                r["share"] = .double(PopulationReport.rounded(share))
                return .object(r)
              })
            return .object(o)
          })
        return .object(j)
      })
    o["load"] = .array(
      load.map { load in
        var l = JSONObject()
        l["users"] = .string(load.users)
        l["distinctTipsIn7Days"] = .array(load.distinctTips.map { .int($0) })
        l["displaysIn7Days"] = .array(load.displays.map { .int($0) })
        return .object(l)
      })
    return JSONValue.object(o).serialized
  }

  /// A share to four places, as the JSON gives every share.
  static func rounded(_ share: Double) -> Double { (share * 10_000).rounded() / 10_000 }

  static func shares(_ pairs: [(String, Double)]) -> JSONObject {
    var o = JSONObject()
    for (word, share) in pairs { o[word == noVisit ? "noVisit" : word == stopped ? "stoppedUsingTheApp" : word] = .double(rounded(share)) }
    return o
  }

  /// Reach over time as an SVG line chart, one line per tip.
  public func svg() -> String {
    let colors = ["#2e7dd7", "#2e9d4f", "#f0a020", "#d0342c", "#8e44ad", "#16a085", "#7f8c8d", "#c0392b"]
    let left = 64
    let top = 48
    let width = 720
    let height = 320
    let plotW = width - left - 200
    let plotH = height - top - 48
    var out = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
    out.append(
      ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(width)" height="\##(height)" viewBox="0 0 \##(width) \##(height)" font-family="Helvetica, Arial, sans-serif" font-size="12">"##
    )
    out.append(##"<rect width="\##(width)" height="\##(height)" fill="#ffffff"/>"##)
    out.append(##"<text x="12" y="22" font-size="14" font-weight="bold">Reach over time: \##(users) users, seed \##(seed)</text>"##)
    for tick in stride(from: 0, through: 100, by: 25) {
      let y = top + plotH - plotH * tick / 100
      out.append(##"<line x1="\##(left)" y1="\##(y)" x2="\##(left + plotW)" y2="\##(y)" stroke="#e2e4e8"/>"##)
      out.append(##"<text x="\##(left - 36)" y="\##(y + 4)" fill="#555555">\##(tick)%</text>"##)
    }
    // A tick each week (each four weeks, or more, past twelve).
    let step = days < 7 ? 1 : 7 * ((days + 83) / 84)
    for day in stride(from: 0, through: days, by: step) {
      let x = left + plotW * day / max(1, days)
      out.append(##"<line x1="\##(x)" y1="\##(top)" x2="\##(x)" y2="\##(top + plotH)" stroke="#f0f1f3"/>"##)
      out.append(##"<text x="\##(x - 8)" y="\##(top + plotH + 18)" fill="#555555">d\##(day)</text>"##)
    }
    out.append(##"<text x="\##(left + plotW / 2 - 20)" y="\##(top + plotH + 36)" fill="#333333">days</text>"##)
    for (index, figures) in tips.enumerated() {
      let color = colors[index % colors.count]
      var points = ["\(left),\(top + plotH)"]
      for (day, share) in figures.reachByDay.enumerated() {
        let x = left + plotW * (day + 1) / max(1, days)
        let y = top + plotH - Int((Double(plotH) * share).rounded())
        points.append("\(x),\(y)")
      }
      out.append(##"<polyline points="\##(points.joined(separator: " "))" fill="none" stroke="\##(color)" stroke-width="2"/>"##)
      let ly = top + 8 + index * 18
      out.append(##"<rect x="\##(left + plotW + 16)" y="\##(ly - 9)" width="12" height="12" fill="\##(color)"/>"##)
      let end = PopulationReport.percent(figures.reachByDay.last ?? 0)
      out.append(##"<text x="\##(left + plotW + 34)" y="\##(ly + 1)">\##(figures.tip) (\##(end))</text>"##)
    }
    out.append("</svg>")
    return out.joined(separator: "\n") + "\n"
  }
}
