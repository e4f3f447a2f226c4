import TipEngine

/// How often simulated users do things: cohorts, each a share of the population with its own
/// usage lines (issue 7's population simulation).
public struct Cohort: Hashable, Sendable {
  public var name: String
  /// Share of the population, 0…1.
  public var share: Double
  public var usage: [Usage]
  /// Daily probability that a user stops using the app.
  public var churnPerDay: Double
  /// `condition NAME true|false`: app conditions its users have from the start.
  public var conditions: [String: Bool]

  public init(name: String, share: Double, usage: [Usage] = [], churnPerDay: Double = 0, conditions: [String: Bool] = [:]) {
    self.name = name
    self.share = share
    self.usage = usage
    self.churnPerDay = churnPerDay
    self.conditions = conditions
  }
}

/// One usage line: an action, how often per day, how the instants are spread, and on which
/// days of the week and at what time of day.
public struct Usage: Hashable, Sendable {
  public enum Action: Hashable, Sendable {
    /// Open a screen, and close it after `for`.
    case open(String, for: TimeSpan)
    case donate(String, fields: [String: Value])
    /// A parameter or an app condition.
    case set(String, Value)
    case write(StoreKey, Value)
    /// One of the app's actions, with its inputs.
    case perform(String, inputs: [String: Value])
    /// Quit and launch again.
    case relaunch
  }

  /// What a user does during a visit (`open planner …: perform makePlan 50%`): halfway through
  /// each visit, with its probability, drawn for each visit.
  public struct Visit: Hashable, Sendable {
    public var action: Action
    public var probability: Double

    public init(action: Action, probability: Double) {
      self.action = action
      self.probability = probability
    }
  }

  public var action: Action
  /// For an `open` line: what happens during each visit.
  public var during: [Visit] = []
  /// Mean occurrences per day it happens on (a week's rate divided by those days).
  public var perDay: Double
  public var distribution: Distribution
  /// The days of the week it happens on, in the scenario's time zone.
  public var days: Weekdays
  /// Seconds after local midnight: every occurrence of a day at that time; nil for any time.
  public var timeOfDay: Int?

  public init(action: Action, perDay: Double, distribution: Distribution, days: Weekdays = .every, timeOfDay: Int? = nil) {
    self.action = action
    self.perDay = perDay
    self.distribution = distribution
    self.days = days
    self.timeOfDay = timeOfDay
  }
}

/// How a usage line's instants are spread over time.
public enum Distribution: String, Hashable, Sendable, CaseIterable {
  /// Evenly spaced, from a random phase.
  case fixed
  /// A Poisson process: independent, exponentially spaced.
  case poisson
  /// Poisson, with each user's rate scaled by a Pareto-distributed factor (α = 1.5, mean 1,
  /// capped at 20): a few users do it far more than most.
  case heavytail
}
