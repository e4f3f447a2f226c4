import Audit

/// What `tipsim audit` needs beside the scenario: the Swift place of each definition and use,
/// and what each action and app condition stands for in the app's code. What the app's code
/// can do is in the scenario itself: its reactions, its actions, its conditions.
extension AppModel {
  func auditInput(scenario: String, file: String, findings: [SwiftFinding], invalid: [InvalidSwift] = []) -> AuditInput {
    var places = AuditPlaces()
    for tip in tips {
      for display in tip.displays {
        guard let closure = display.anchoredAction, let action = actions.first(where: { $0.position == closure && $0.definition != nil })
        else { continue }
        places.pointedAt[tip.name] = action.name
      }
    }
    for action in actions {
      places.actions[action.name] = AuditPlaces.Origin(
        place: action.position.fileLine, words: action.words, isUserAction: action.isUserAction)
    }
    for condition in conditions {
      places.conditions[condition.name] = AuditPlaces.Origin(place: condition.position.fileLine, words: "`\(condition.swift)`")
    }
    // What the code does that no step says, for the never-proof to count as possible.
    let said = Set((reactions.flatMap(\.steps) + actions.flatMap(\.steps)).filter { $0.command != nil }.map(\.position))
    for (site, testCode) in sites
    where !testCode && !site.inPreview && site.flag == nil && !said.contains(site.position) && !neverRun.contains(site.position) {
      switch site.kind {
      case .parameterWrite(let text, _, _), .toggle(let text):
        if let parameter = parameterIndex(named: text, in: site) {
          places.untranslated.writes[parameters[parameter].name, default: []].append(site.position.fileLine)
        }
      case .donate(let text, _, _, _):
        for event in donatedEvents(named: text, at: site) {
          places.untranslated.donations[events[event].name, default: []].append(site.position.fileLine)
        }
      case .invalidate(let expression, _, _):
        if let tip = tipIndex(displayedBy: expression, in: site) {
          places.untranslated.invalidations[tips[tip].name, default: []].append(site.position.fileLine)
        }
      default: break
      }
    }
    // An event handed to code the import does not follow may be donated there.
    for (event, escapes) in flow?.eventEscapes ?? [:] {
      places.untranslated.donations[events[event].name, default: []].append(contentsOf: escapes)
    }
    for (index, tip) in tips.enumerated() {
      if let ledger = flow?.ledgers[index] {
        if !ledger.escapes.isEmpty { places.escapes[tip.name] = ledger.escapes }
        let live = ledger.displays.filter { !deadDisplayPlaces.contains($0) }
        if tip.anchors.isEmpty, !live.isEmpty {
          places.unplacedDisplays[tip.name] = live.map { "it reaches a display at \($0.fileLine), which the import places on no screen" }
        }
      }
      places.tips[tip.name] = tip.position.fileLine
      places.displays[tip.name] = tip.displays.map(\.position.fileLine)
      if !tip.deadDisplays.isEmpty { places.deadDisplays[tip.name] = tip.deadDisplays }
      places.invalidations[tip.name] = tip.invalidations.map(\.position.fileLine)
    }
    for parameter in parameters {
      places.parameters[parameter.name] = parameter.position.fileLine
      places.writes[parameter.name] = parameter.writes.map(\.position.fileLine)
    }
    for event in events {
      if let declaration = event.declarations.first { places.events[event.name] = declaration.position.fileLine }
      places.donations[event.name] = event.donations.map(\.position.fileLine)
    }
    for group in groups { places.groups[group.name] = group.position.fileLine }
    for file in invalid { leftOut(file, into: &places) }
    let shared = findings.map(\.shared)
    let configure = sites.first { site, testCode in
      if case .configure = site.kind { !testCode && !site.inPreview } else { false }
    }
    // App-wide findings go on the `Tips.configure` call: without one, TipKit shows nothing
    // and there are none.
    places.app = configure?.0.position.fileLine ?? ""
    return AuditInput(definitions: scenario, file: file, actions: [], places: places, findings: shared, configures: configure != nil)
  }

  /// What a file left out as not valid Swift may do: display a tip it names (its
  /// `noDisplaySite` is not proved), write a parameter or donate an event it names, invalidate
  /// a tip it names.
  private func leftOut(_ file: InvalidSwift, into places: inout AuditPlaces) {
    let place = "\(file.position.fileLine), a file that is not valid Swift, left out"
    for tip in tips where tip.types.contains(where: { types[$0].path.last.map(file.names.contains) == true }) {
      places.escapes[tip.name, default: []].append("it is named at \(place), whose code the import does not read")
      places.untranslated.invalidations[tip.name, default: []].append(place)
    }
    for parameter in parameters where file.names.contains(parameter.member) {
      places.untranslated.writes[parameter.name, default: []].append(place)
    }
    for event in events where event.declarations.contains(where: { file.names.contains($0.member) }) {
      places.untranslated.donations[event.name, default: []].append(place)
    }
  }
}
