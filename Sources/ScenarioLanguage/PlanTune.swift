/// `tune SETTING ALTERNATIVE, ALTERNATIVE, …`: a setting a plan may change, and the values it
/// may take. Each alternative is one `whatif` change, so a plan's answer pastes back as
/// `--whatif` lines.
public struct PlanTune: Hashable, Sendable, CustomStringConvertible {
  /// What the alternatives change, as written: `frequency`, `planWeekTip.rule recipeSaved.count >=`.
  public var setting: String
  public var alternatives: [WhatIfChange]
  /// Each alternative's value as written (a range's, one number each), in the same order.
  public var values: [String]

  public init(setting: String, alternatives: [WhatIfChange], values: [String]) {
    self.setting = setting
    self.alternatives = alternatives
    self.values = values
  }

  public var description: String { "\(setting) " + values.joined(separator: ", ") }
}
