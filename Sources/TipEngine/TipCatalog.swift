/// Every definition the app's code makes: tips, parameters, events and groups, each in
/// definition order (the evaluation order of rule 29 ends with definition order).
public struct TipCatalog: Hashable, Sendable {
  public private(set) var tips: [TipDefinition] = []
  public private(set) var parameters: [ParameterDefinition] = []
  public private(set) var events: [EventDefinition] = []
  public private(set) var groups: [TipGroup] = []
  private var tipIndex: NameMap<Int> = [:]
  private var parameterIndex: NameMap<Int> = [:]
  private var eventIndex: NameMap<Int> = [:]
  private var groupIndex: NameMap<Int> = [:]
  /// Every (event, window) a rule reads that time can change, with the tips reading it;
  /// kept up to date by `define`, so finding the next change does not walk every rule.
  public private(set) var windows: [TimeWindow] = []
  /// Parameter name → the tips whose rules read it, by index in `tips`, in definition order.
  public private(set) var parameterReaders: NameMap<[Int]> = [:]
  /// Event id → the tips whose rules read it, by index in `tips`, in definition order.
  public private(set) var eventReaders: NameMap<[Int]> = [:]
  /// The same two by the parameter's or event's index in `parameters` or `events`: a
  /// donation or a write, whose input is looked up by index already, finds its readers
  /// without hashing the name again.
  private var parameterReadersByIndex: [[Int]] = []
  private var eventReadersByIndex: [[Int]] = []
  /// Tip (by index in `tips`) → the windows its rules read, each with the count they need
  /// when every rule of the tip reading it is a threshold on its unfiltered count.
  public private(set) var windowsByTip: [[WindowRead]] = []
  /// Tip (by index in `tips`) → its rules in the form the engine evaluates (`CompiledRule`).
  private(set) var compiledRules: [[CompiledRule]] = []
  /// The first tip of each persisted id, when it has a `MaxDisplayDuration`: the tips time
  /// alone can invalidate (rule 24), in definition order.
  public private(set) var durationLimitedTips: [String] = []
  /// The tips that belong to a group: their presentation depends on the other members.
  public private(set) var groupedTips: Set<String> = []

  public init() {}

  public func tip(named name: String) -> TipDefinition? { tipIndex[name].map { tips[$0] } }
  /// The tip's persisted id (rule 1), without copying its definition.
  public func persistedID(ofTip name: String) -> String? { tipIndex[name].map { tips[$0].id } }
  /// The tip's position in `tips`.
  public func index(ofTip name: String) -> Int? { tipIndex[name] }
  /// Whether a tip of this name is defined.
  public func hasTip(named name: String) -> Bool { tipIndex[name] != nil }
  public func parameter(named name: String) -> ParameterDefinition? { parameterIndex[name].map { parameters[$0] } }
  /// The parameter's position in `parameters`.
  public func index(ofParameter name: String) -> Int? { parameterIndex[name] }
  public func event(named id: String) -> EventDefinition? { eventIndex[id].map { events[$0] } }
  /// The event's position in `events`.
  public func index(ofEvent id: String) -> Int? { eventIndex[id] }
  /// Whether the event is defined with this field, without copying its definition.
  public func event(_ id: String, hasField field: String) -> Bool { eventIndex[id].map { event(at: $0, hasField: field) } ?? false }
  /// The same for the event at `index` in `events`.
  public func event(at index: Int, hasField field: String) -> Bool { events[index].fields.contains(field) }
  /// The tips whose rules read the parameter at `index` in `parameters` (`parameterReaders`).
  public func readers(ofParameterAt index: Int) -> [Int] { parameterReadersByIndex[index] }
  /// The tips whose rules read the event at `index` in `events` (`eventReaders`).
  public func readers(ofEventAt index: Int) -> [Int] { eventReadersByIndex[index] }
  public func group(named name: String) -> TipGroup? { groupIndex[name].map { groups[$0] } }

  /// Adds or replaces a tip.
  public mutating func define(_ tip: TipDefinition) {
    if let i = tipIndex[tip.name] {
      tips[i] = tip
      indexWindows()
      indexReaders()
      return
    }
    tipIndex[tip.name] = tips.count
    tips.append(tip)
    indexAppendedTip()
    assert(self == reindexed, "catalog: a new tip indexed otherwise than a rebuild would")
  }

  /// Indexes the tip just appended, and it alone: every index lists tips in definition order,
  /// so a new last tip only adds to their ends (the windows it reads, its readers' lists, its
  /// compiled rules), and nothing the others' entries depend on changes: defining n tips
  /// takes n steps, not n².
  private mutating func indexAppendedTip() {
    let index = tips.count - 1
    let tip = tips[index]
    addWindows(ofTipAt: index)
    addReaders(ofTipAt: index)
    indexReadersByIndex()
    compiledRules.append(tip.rules.map { CompiledRule($0, in: self) })
    windowsByTip.append(
      windows.indices.filter { windows[$0].tips.contains(tip.name) }.map { window in
        WindowRead(window: window, threshold: threshold(ofTipAt: index, reading: windows[window]))
      })
    if tip.options.maxDisplayDuration != nil, !tips[..<index].contains(where: { $0.id == tip.id }) { durationLimitedTips.append(tip.name) }
  }

  /// The catalog with every index built again from its definitions (debug builds compare).
  private var reindexed: TipCatalog {
    var catalog = self
    catalog.indexWindows()
    catalog.indexReaders()
    return catalog
  }

  /// Rebuilds the catalog's arrays, so that a copy handed to another thread shares none of
  /// its reference counts with this one (population: retaining one array from two cores
  /// made each retain wait for the other core).
  public mutating func unshare() {
    tips = tips.map { tip in
      var copy = tip
      copy.rules = tip.rules.map { $0 }
      return copy
    }
    parameters = parameters.map { $0 }
    events = events.map { $0 }
    groups = groups.map { $0 }
    tipIndex = tipIndex.mapValues { $0 }
    parameterIndex = parameterIndex.mapValues { $0 }
    eventIndex = eventIndex.mapValues { $0 }
    groupIndex = groupIndex.mapValues { $0 }
    groupedTips = Set(groupedTips.map { $0 })
    indexWindows()
    indexReaders()
  }

  private mutating func indexReaders() {
    parameterReaders = [:]
    eventReaders = [:]
    for index in tips.indices { addReaders(ofTipAt: index) }
    indexReadersByIndex()
    compileRules()
    var byTip = [[WindowRead]](repeating: [], count: tips.count)
    for (index, window) in windows.enumerated() {
      for tip in window.tips {
        guard let position = tipIndex[tip] else { continue }
        byTip[position].append(WindowRead(window: index, threshold: threshold(ofTipAt: position, reading: window)))
      }
    }
    windowsByTip = byTip
    var seenIDs: Set<String> = []
    durationLimitedTips = tips.filter { seenIDs.insert($0.id).inserted && $0.options.maxDisplayDuration != nil }.map(\.name)
  }

  /// The count of `window`'s donations every rule of the tip at `index` reading it needs to
  /// hold, when each is a threshold on the unfiltered count (`count(within:) >= n`, `> n`);
  /// nil when any reads the window otherwise (its value, or a filtered count, can change
  /// what the tip's reasons show at any exit).
  private func threshold(ofTipAt index: Int, reading window: TimeWindow) -> Int? {
    var needed = Int.min
    for (position, rule) in tips[index].rules.enumerated()
    where rule.aggregates.contains(where: { $0.event == window.event && $0.within == window.within }) {
      guard let count = compiledRules[index][position].countNeeded else { return nil }
      needed = max(needed, count)
    }
    return needed == Int.min ? nil : needed
  }

  /// Compiles every rule again: a tip's rules, an event's limit or a parameter's index changed.
  private mutating func compileRules() {
    compiledRules = tips.map { tip in tip.rules.map { CompiledRule($0, in: self) } }
  }

  private mutating func indexWindows() {
    windows = []
    for index in tips.indices { addWindows(ofTipAt: index) }
  }

  /// Adds the tip at `index` to the windows its rules read that time can change (a window
  /// new to the catalog goes last), as the last tip reading each.
  private mutating func addWindows(ofTipAt index: Int) {
    let tip = tips[index]
    for aggregate in tip.rules.flatMap(\.aggregates) {
      guard let eventIndex = self.index(ofEvent: aggregate.event), aggregate.within != nil || events[eventIndex].limit.maximumAge != nil
      else { continue }
      if let i = windows.firstIndex(where: { $0.event == aggregate.event && $0.within == aggregate.within }) {
        if !windows[i].tips.contains(tip.name) { windows[i].tips.append(tip.name) }
      } else {
        windows.append(TimeWindow(event: aggregate.event, eventIndex: eventIndex, within: aggregate.within, tips: [tip.name]))
      }
    }
  }

  /// Adds the tip at `index` to the readers of the parameters and events its rules read, as
  /// the last reader of each.
  private mutating func addReaders(ofTipAt index: Int) {
    for name in tips[index].rules.flatMap(\.parameterNames) where parameterReaders[name]?.last != index {
      parameterReaders[name, default: []].append(index)
    }
    for aggregate in tips[index].rules.flatMap(\.aggregates) where eventReaders[aggregate.event]?.last != index {
      eventReaders[aggregate.event, default: []].append(index)
    }
  }

  /// Rebuilds the readers by index from the readers by name (a rule may name a parameter
  /// before it is defined, so both change when one is).
  private mutating func indexReadersByIndex() {
    parameterReadersByIndex = parameters.map { parameterReaders[$0.name] ?? [] }
    eventReadersByIndex = events.map { eventReaders[$0.id] ?? [] }
  }

  public mutating func define(_ parameter: ParameterDefinition) {
    if let i = parameterIndex[parameter.name] {
      parameters[i] = parameter
    } else {
      parameterIndex[parameter.name] = parameters.count
      parameters.append(parameter)
      // A rule may have named it before it was defined.
      compileRules()
      indexReadersByIndex()
    }
  }

  public mutating func define(_ event: EventDefinition) {
    if let i = eventIndex[event.id] {
      events[i] = event
    } else {
      eventIndex[event.id] = events.count
      events.append(event)
    }
    indexWindows()
    indexReaders()
  }

  public mutating func define(_ group: TipGroup) {
    if let i = groupIndex[group.name] {
      groups[i] = group
    } else {
      groupIndex[group.name] = groups.count
      groups.append(group)
    }
    groupedTips = Set(groups.flatMap(\.members))
  }

  /// The groups a tip belongs to.
  public func groups(containing tipName: String) -> [TipGroup] {
    groups.filter { $0.members.contains(tipName) }
  }

  /// The tips that share a persisted id with the tip at `index` (rule 1), itself included,
  /// by index in `tips`, and whether any of them has a `MaxDisplayDuration`; no definition
  /// is copied.
  public func indices(sharingIDWith index: Int) -> (indices: [Int], anyDurationLimit: Bool) {
    let id = tips[index].id
    var indices: [Int] = []
    var anyDurationLimit = false
    for other in tips.indices where tips[other].id == id {
      indices.append(other)
      if tips[other].options.maxDisplayDuration != nil { anyDurationLimit = true }
    }
    return (indices, anyDurationLimit)
  }
}

/// A window over an event's donations that rules read (`within:`, or the donation limit's
/// `maximumAge`), and the tips whose rules read it.
public struct TimeWindow: Hashable, Sendable {
  public var event: String
  /// The event's index in the catalog's `events` (the catalog indexes windows again when an
  /// event is defined): finding a tip's next change reads the event's limit there, in place.
  public var eventIndex: Int
  public var within: TimeSpan?
  public var tips: [String]
}

/// A window a tip's rules read (its index in the catalog's `windows`), and the count of its
/// donations they need when every one of them is a threshold on the unfiltered count: while
/// at least that many are seen, every such rule holds and no value of theirs shows among the
/// tip's reasons, so only the departure that leaves one too few changes them.
public struct WindowRead: Hashable, Sendable {
  public var window: Int
  public var threshold: Int?
}
