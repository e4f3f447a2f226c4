import TipEngine

/// `condition NAME = true|false|unknown`: state of the app's own that its code tests
/// (`if onboardingDone`, `if !queue.isEmpty`) and that TipSim cannot compute. Reactions,
/// action steps and anchors can depend on it; a scenario, a cohort or `whatif` sets it.
public struct AppCondition: Hashable, Sendable {
  public var name: String
  /// Its value on a fresh install; nil when the code read does not tell (unknown): it is
  /// false until set, and the audit tries it both ways.
  public var initial: Bool?

  public init(name: String, initial: Bool?) {
    self.name = name
    self.initial = initial
  }

  /// As a definition writes it: `onboardingDone = false`, `hasItems = unknown`.
  public var description: String { "\(name) = \(initial.map { $0 ? "true" : "false" } ?? "unknown")" }
}

/// One test of an app condition, or of a `Bool` input of an action: `onboardingDone`,
/// `not hasItems`. A list of them holds when each does.
public struct ConditionTest: Hashable, Sendable, CustomStringConvertible {
  public var name: String
  /// Holds when the condition is false.
  public var negated: Bool

  public init(_ name: String, negated: Bool = false) {
    self.name = name
    self.negated = negated
  }

  public func holds(whenItIs value: Bool) -> Bool { value != negated }

  public var description: String { negated ? "not \(name)" : name }
}

extension [ConditionTest] {
  /// `onboardingDone and not hasItems`.
  public var text: String { map(\.description).joined(separator: " and ") }
}

/// The app conditions defined, in definition order, and the value each has now.
public struct AppConditions: Hashable, Sendable {
  public private(set) var definitions: [AppCondition] = []
  private var values: [String: Bool] = [:]

  public init() {}

  public var isEmpty: Bool { definitions.isEmpty }

  public func definition(named name: String) -> AppCondition? { definitions.first { $0.name == name } }

  /// Its value now; nil for a name that is not a condition.
  public func value(of name: String) -> Bool? { values[name] }

  /// Whether every test holds; a test of an undefined name does not.
  public func hold(_ tests: [ConditionTest]) -> Bool {
    tests.allSatisfy { test in values[test.name].map(test.holds(whenItIs:)) ?? false }
  }

  mutating func define(_ condition: AppCondition) {
    if let index = definitions.firstIndex(where: { $0.name == condition.name }) {
      definitions[index] = condition
    } else {
      definitions.append(condition)
    }
    values[condition.name] = condition.initial ?? false
  }

  /// Sets a defined condition; returns its value before.
  mutating func set(_ name: String, to value: Bool) -> Bool? {
    guard let old = values[name] else { return nil }
    values[name] = value
    return old
  }
}
