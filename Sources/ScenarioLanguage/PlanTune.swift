/// `tune SETTING ALTERNATIVE, ALTERNATIVE, …`: a setting a plan may change, and the values it
/// may take. Each alternative is one `whatif` change, so a plan's answer pastes back as
/// `--whatif` lines.
public struct PlanTune: Hashable, Sendable, CustomStringConvertible {
  /// What the alternatives change, as written: `frequency`, `planWeekTip.rule recipeSaved.count >=`.
  public var setting: String
  public var alternatives: [WhatIfChange]

  public init(setting: String, alternatives: [WhatIfChange]) {
    self.setting = setting
    self.alternatives = alternatives
  }

  public var description: String { "\(setting) " + alternatives.map { $0.value(after: setting) }.joined(separator: ", ") }
}

extension WhatIfChange {
  /// The part of the change after its setting: `weekly` of `frequency weekly`.
  func value(after setting: String) -> String {
    let text = description
    guard text.hasPrefix(setting) else { return text }
    return String(text.dropFirst(setting.count).drop { $0 == " " })
  }
}
