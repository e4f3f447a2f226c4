import Audit

/// What `tipsim audit` needs beside the scenario: what the app's code can do when its user
/// acts, and the Swift place of each definition and use.
extension AppModel {
  func auditInput(scenario: String, file: String, findings: [SwiftFinding]) -> AuditInput {
    // Code the reactions run already runs by itself: launching, a screen appearing.
    let inReactions = Set(reactions.flatMap(\.steps).map(\.position))
    var actions: [AuditAction] = []
    for (index, (site, testCode)) in sites.enumerated() where !testCode && !site.inPreview && !inReactions.contains(site.position) {
      switch site.kind {
      case .donate, .parameterWrite, .toggle, .invalidate: break
      default: continue
      }
      guard let command = step(for: index, launching: false, conditions: [], asAction: true)?.command,
        !actions.contains(where: { $0.command == command })
      else { continue }
      actions.append(AuditAction(command: command, place: site.position.fileLine))
    }
    var places = AuditPlaces()
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
    return AuditInput(definitions: scenario, file: file, actions: actions, places: places, findings: shared, configures: configures)
  }
}
