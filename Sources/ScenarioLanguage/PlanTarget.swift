import Simulation
import TipEngine

/// `target TIP|load MEASURE [STAT] OP BOUND [per DURATION] [by day N] [in COHORT]`: a figure
/// of the population that a plan must meet. docs/Planning.md defines each measure.
public struct PlanTarget: Hashable, Sendable, CustomStringConvertible {
  public enum Subject: Hashable, Sendable {
    case tip(String)
    /// Every tip of a user together: `load distinctTips p95 <= 3 per 7d`.
    case load
  }

  public enum Measure: String, Hashable, Sendable, CaseIterable {
    /// The share of users who saw the tip by the day.
    case reach
    /// The day of a user's first display (never: after every day).
    case firstDisplay
    /// Displays per user by the day; for `load`, in the user's busiest window.
    case displays
    /// `load` only: different tips shown to a user in the user's busiest window.
    case distinctTips
  }

  /// What summarises the users' values: their mean, or a quantile (`median` is p50).
  public enum Statistic: String, Hashable, Sendable, CaseIterable {
    case mean, median, p90, p95, max

    /// The quantile it reads; nil for the mean.
    public var quantile: Double? {
      switch self {
      case .mean: nil
      case .median: 0.5
      case .p90: 0.9
      case .p95: 0.95
      case .max: 1
      }
    }
  }

  public var subject: Subject
  public var measure: Measure
  public var statistic: Statistic?
  public var op: ComparisonOperator
  /// A share (0.8 for 80%), a day number, or a count.
  public var bound: Double
  /// `per 7d`: the window `load` reads.
  public var window: TimeSpan?
  /// `by day N`: the first N × 24 hours from the start; nil: the whole run.
  public var byDay: Int?
  /// `in COHORT`; nil: all users.
  public var cohort: String?

  public init(
    subject: Subject, measure: Measure, statistic: Statistic? = nil, op: ComparisonOperator, bound: Double, window: TimeSpan? = nil,
    byDay: Int? = nil, cohort: String? = nil
  ) {
    self.subject = subject
    self.measure = measure
    self.statistic = statistic
    self.op = op
    self.bound = bound
    self.window = window
    self.byDay = byDay
    self.cohort = cohort
  }

  /// Whether `value` meets the target (a first display that never came is `.infinity`).
  public func isMet(by value: Double) -> Bool { op.apply(value, bound) }

  /// The bound as written: `80%`, `day 10`, `3`.
  public var boundText: String {
    switch measure {
    case .reach: PlanTarget.number(bound * 100) + "%"
    case .firstDisplay: "day " + PlanTarget.number(bound)
    case .displays, .distinctTips: PlanTarget.number(bound)
    }
  }

  /// The figure it reads, without the bound: `shoppingListTip reach by day 14 in light`.
  public var figure: String { words(withBound: false) }

  /// The line as the language writes it, without `target`.
  public var description: String { words(withBound: true) }

  private func words(withBound: Bool) -> String {
    var words: [String]
    switch subject {
    case .tip(let tip): words = [tip, measure.rawValue]
    case .load: words = ["load", measure.rawValue]
    }
    if let statistic { words.append(statistic.rawValue) }
    if withBound { words += [op.rawValue, boundText] }
    // `per 7d` as written, not `per 1w`.
    if let window { words.append("per " + (window.seconds % 86_400 == 0 ? "\(window.seconds / 86_400)d" : "\(window)")) }
    if let byDay { words.append("by day \(byDay)") }
    if let cohort { words.append("in \(cohort)") }
    return words.joined(separator: " ")
  }

  /// `80`, `2.5`: no trailing `.0`.
  static func number(_ x: Double) -> String {
    x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
  }
}
