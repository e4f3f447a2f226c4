import Audit

/// What `tipsim audit` needs beside the scenario: the Swift place of each definition and use,
/// and what each action and app condition stands for in the app's code. What the app's code
/// can do is in the scenario itself: its reactions, its actions, its conditions.
extension AppModel {
  func auditInput(scenario: String, file: String, findings: [SwiftFinding]) -> AuditInput {
    var places = AuditPlaces()
    for action in actions {
      places.actions[action.name] = AuditPlaces.Origin(
        place: action.position.fileLine, words: action.words, isUserAction: action.isUserAction)
    }
    for condition in conditions {
      places.conditions[condition.name] = AuditPlaces.Origin(place: condition.position.fileLine, words: "`\(condition.swift)`")
    }
    for tip in tips {
      places.tips[tip.name] = tip.position.fileLine
      places.displays[tip.name] = tip.displays.map(\.position.fileLine)
      places.invalidations[tip.name] = tip.invalidations.map(\.position.fileLine)
    }
    for parameter in parameters {
      places.parameters[parameter.name] = parameter.position.fileLine
      places.writes[parameter.name] = parameter.writes.map(\.position.fileLine)
    }
    for event in events {
      if let declaration = event.declarations.first { places.events[event.name] = declaration.position.fileLine }
    }
    for group in groups { places.groups[group.name] = group.position.fileLine }
    let shared = findings.map(\.shared)
    let configures = sites.contains { site, testCode in
      if case .configure = site.kind { !testCode && !site.inPreview } else { false }
    }
    return AuditInput(definitions: scenario, file: file, actions: [], places: places, findings: shared, configures: configures)
  }
}
