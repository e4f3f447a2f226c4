import ScenarioLanguage

/// A target's figure read off a population's users: the one definition of each measure
/// (docs/Planning.md). Day N is the first N × 24 hours from the start, in every figure.
struct PlanMeasure: Sendable {
  let target: PlanTarget
  /// The tip's index in the catalog, for a tip's target.
  let tip: Int?
  /// The cohort's index, when the target names one.
  let cohort: Int?
  /// Displays at or after this many seconds from the start do not count.
  let horizon: Int64

  /// Nil, with the reason, when the target names a tip or cohort the population lacks.
  init(_ target: PlanTarget, tips: [String], cohorts: [String], spanSeconds: Int64) throws(PlanError) {
    self.target = target
    if case .tip(let name) = target.subject {
      guard let index = tips.firstIndex(of: name) else { throw PlanError("target \(target): unknown tip \(name)") }
      tip = index
    } else {
      tip = nil
    }
    if let name = target.cohort {
      guard let index = cohorts.firstIndex(of: name) else { throw PlanError("target \(target): unknown cohort \(name)") }
      cohort = index
    } else {
      cohort = nil
    }
    horizon = target.byDay.map { Int64($0) * 86_400 } ?? spanSeconds + 1
  }

  /// The users the target counts: its cohort's, or everyone.
  func users(_ outcomes: [Population.UserOutcome]) -> [Population.UserOutcome] {
    guard let cohort else { return outcomes }
    return outcomes.filter { $0.cohort == cohort }
  }

  /// A figure, and how many users it was read over (for its margin).
  struct Reading: Sendable {
    var value: Double
    var users: Int
  }

  func reading(_ outcomes: [Population.UserOutcome]) -> Reading {
    let users = users(outcomes)
    return Reading(value: value(users), users: users.count)
  }

  /// The figure among `users`: a share for reach, a day number (`.infinity` for never) for a
  /// first display, a count for the others.
  func value(_ users: [Population.UserOutcome]) -> Double {
    guard !users.isEmpty else { return target.measure == .firstDisplay ? .infinity : 0 }
    switch target.measure {
    case .reach:
      let tip = tip ?? 0
      let reached = users.filter { $0.firstDisplay[tip] >= 0 && $0.firstDisplay[tip] < horizon }.count
      return Double(reached) / Double(users.count)
    case .firstDisplay:
      let tip = tip ?? 0
      return PlanMeasure.statistic(
        target.statistic ?? .median, of: users.map { $0.firstDisplay[tip] < 0 ? .infinity : Double($0.firstDisplay[tip] / 86_400 + 1) })
    case .displays where tip != nil:
      let tip = tip ?? 0
      return PlanMeasure.statistic(target.statistic ?? .mean, of: users.map { Double($0.displayTimes[tip].count { $0 < horizon }) })
    case .displays, .distinctTips:
      let window = target.window?.seconds ?? 7 * 86_400
      let distinct = target.measure == .distinctTips
      return PlanMeasure.statistic(
        target.statistic ?? .mean, of: users.map { Double(PlanMeasure.busiest($0, window: window, distinct: distinct, before: horizon)) })
    }
  }

  /// The most displays (or different tips) a user saw within any `window` seconds, counting
  /// displays before `horizon` seconds from the start.
  static func busiest(_ user: Population.UserOutcome, window: Int64, distinct: Bool, before horizon: Int64 = .max) -> Int {
    var shown: [(at: Int64, tip: Int)] = []
    for (tip, times) in user.displayTimes.enumerated() {
      for at in times where at < horizon { shown.append((at, tip)) }
    }
    shown.sort { $0.at < $1.at || ($0.at == $1.at && $0.tip < $1.tip) }
    var most = 0
    for (i, first) in shown.enumerated() {
      let inWindow = shown[i...].prefix { $0.at < first.at + window }
      most = max(most, distinct ? Set(inWindow.map(\.tip)).count : inWindow.count)
    }
    return most
  }

  /// Half the width of the 95% interval of a reach among its users (Wilson's, which does not
  /// shrink to nothing at 0% or 100% as the normal one does); nil for other measures.
  func margin(_ reading: Reading) -> Double? {
    guard target.measure == .reach, reading.users > 0 else { return nil }
    let (p, n, z) = (reading.value, Double(reading.users), 1.96)
    return z / (1 + z * z / n) * (p * (1 - p) / n + z * z / (4 * n * n)).squareRoot()
  }

  /// The mean, or the quantile at index ⌊(n − 1) q⌋ of the sorted values (as the population's
  /// median first display reads it).
  static func statistic(_ statistic: PlanTarget.Statistic, of values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    guard let q = statistic.quantile else { return values.reduce(0, +) / Double(values.count) }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * q).rounded(.down)))]
  }
}
