import TipEngine

extension World {
  /// The app sets a parameter, writes an external store, donates an event.
  mutating func input(_ command: Command, inputIndex: Int?, log: inout Log) throws(SimulationError) {
    switch command {
    case .set(let name, let value):
      guard let parameterIndex = inputIndex else { throw .unknown(.parameter, name) }
      if !setByReaction.isEmpty { setByReaction[name] = nil }
      switch engine.setParameter(at: parameterIndex, to: value, at: clock) {
      case .ignoredNotConfigured:
        log.add(.warning(.setBeforeLaunch(parameter: name, value: value)))
      case .unchanged: break
      case .changed(let old): log.add(.parameterChanged(name: name, from: old, to: value, via: nil))
      }
    case .write(let key, let value):
      guard let index = stores.firstIndex(where: { $0.name == key.store }) else { throw .unknown(.store, key.store) }
      if !stores[index].keys.contains(key.key) { stores[index].keys.append(key.key) }
      stores[index].values[key.key] = value
      log.add(.storeWritten(key, value))
      if isRunning { syncBoundParameters(bindings.filter { $0.value == key }.keys.sorted(), log: &log) }
    case .donate(let event, let fields):
      guard let eventIndex = inputIndex else { throw .unknown(.event, event) }
      if !donatedByReaction.isEmpty { donatedByReaction[event] = nil }
      if let kept = engine.donate(eventAt: eventIndex, fields: fields, at: clock) {
        log.add(.donated(event: event, fields: loggedFields(fields, ofEventAt: eventIndex), kept: kept))
        if fields.count < engine.catalog.events[eventIndex].fields.count {
          for (field, tips) in fieldsRulesRead(ofEventAt: eventIndex, missingFrom: fields) {
            log.add(.warning(.donationMissingField(event: event, field: field, tips: tips)))
          }
        }
      } else {
        log.add(.warning(.donateBeforeLaunch(event: event)))
      }
    case .deleteDonations(let event):
      guard let eventIndex = engine.catalog.index(ofEvent: event) else { throw .unknown(.event, event) }
      // An iOS 26 API: on an older OS the app cannot call it (rule 44).
      guard engine.configuration.tipKit.offers(.deleteDonations) else {
        log.add(.warning(.apiUnavailable(.deleteDonations, os: effectiveOS, users: [event])))
        break
      }
      if !donatedByReaction.isEmpty { donatedByReaction[event] = nil }
      guard let deleted = engine.deleteDonations(ofEventAt: eventIndex) else {
        log.add(.warning(.donateBeforeLaunch(event: event)))
        break
      }
      log.add(.donationsDeleted(event: event, count: deleted))
    default: preconditionFailure("not handled here: \(command)")
    }
  }

  /// The value `update` writes to parameter `name` now, from its source's current value.
  func updatedValue(of name: String, by update: ParameterUpdate) throws(SimulationError) -> Value {
    guard let target = engine.catalog.parameter(named: name) else { throw .unknown(.parameter, name) }
    guard let current = engine.parameterValue(update.source)?.value else { throw .unknown(.parameter, update.source) }
    return try update.value(from: current, as: target.type, to: name)
  }

  /// The fields that rules group or filter this event's donations by, and that `fields`
  /// lacks, each with the tips whose rules read it, in definition order.
  func fieldsRulesRead(ofEventAt index: Int, missingFrom fields: [String: Value]) -> [(field: String, tips: [String])] {
    let event = engine.catalog.events[index].id
    var found: [(field: String, tips: [String])] = []
    for reader in engine.catalog.readers(ofEventAt: index) {
      let tip = engine.catalog.tips[reader]
      for aggregate in tip.rules.flatMap(\.aggregates) where aggregate.event == event {
        var read = aggregate.filter?.fieldNames ?? []
        switch aggregate.kind {
        case .largestSubset(let field), .smallestSubset(let field): read.append(field)
        case .count: break
        }
        for field in read where fields[field] == nil {
          if let at = found.firstIndex(where: { $0.field == field }) {
            if !found[at].tips.contains(tip.name) { found[at].tips.append(tip.name) }
          } else {
            found.append((field, [tip.name]))
          }
        }
      }
    }
    return found
  }

  /// A donation's fields as its log record lists them: those the event defines, in the
  /// definition's order. A donation of one field (the usual case) needs no copy of the
  /// definition.
  func loggedFields(_ fields: [String: Value], ofEventAt event: Int) -> [FieldValue] {
    if fields.count == 1, let (field, value) = fields.first {
      return engine.catalog.events[event].fields.contains(field) ? [FieldValue(field: field, value: value)] : []
    }
    guard !fields.isEmpty else { return [] }
    return engine.catalog.events[event].fields.compactMap { field in
      fields[field].map { FieldValue(field: field, value: $0) }
    }
  }
}
