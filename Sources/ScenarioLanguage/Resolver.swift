import Simulation
import TipEngine

/// Checks a statement against what the world has defined so far — unknown names are errors
/// with "did you mean", never silently new things — type-checks rules and values, and reads
/// instants in the simulation's time zone.
public enum Resolver {
  /// Resolves `statement` against `world` (which it does not change). `inputs`: a step of an
  /// action being defined, which may read these inputs.
  public static func resolve(_ statement: Statement, in world: World, inputs: [AppAction.Input] = []) throws(Diagnostic)
    -> Statement.Action
  {
    try checkReferences(of: statement, in: world, inputs: inputs)
    if !inputs.isEmpty, case .command(let command) = statement.action {
      return .command(try step(command, statement, in: world, inputs: inputs))
    }
    func local(_ written: Instant) -> Instant { placed(written, in: world) }
    switch statement.action {
    case .command(let command):
      return .command(try rewritten(command, statement, in: world) ?? command)
    case .expect(.displaysBetween(let tip, let n, let from, let to)):
      return .expect(.displaysBetween(tip, n, from: local(from), to: local(to)))
    case .expect(.nextAt(let tip, let at)):
      return .expect(.nextAt(tip, local(at)))
    case .expect(.firstDisplayAt(let tip, let at)):
      return .expect(.firstDisplayAt(tip, local(at)))
    case .timeline(var request):
      request.from = request.from.map(local)
      request.to = request.to.map(local)
      return .timeline(request)
    default:
      return statement.action
    }
  }

  /// Resolves `command`, the action of `statement`, for a caller that holds it: nil when the
  /// command stands as written (nearly every one), else the command as resolved. Returning
  /// the command itself copied it out of the statement, and freed the copy after it ran.
  public static func resolve(_ command: Command, of statement: Statement, in world: World) throws(Diagnostic) -> Command? {
    try checkReferences(of: statement, in: world)
    return try rewritten(command, statement, in: world)
  }

  private static func checkReferences(of statement: Statement, in world: World, inputs: [AppAction.Input] = []) throws(Diagnostic) {
    // The common case first, by lookup: a use of a defined tip, parameter, event or screen,
    // rather than listing every known name for each reference. The references are read in
    // place, not copied out of the array.
    // A donation's fields follow its event: the event found is not looked up again for each.
    var lastEvent: (name: String, index: Int)?
    for index in statement.references.indices where !isKnownUse(statement.references, index, lastEvent: &lastEvent, in: world) {
      let reference = statement.references[index]
      if reference.kind == .input || reference.kind == .condition || reference.kind == .parameter,
        inputs.contains(where: { $0.name == reference.name.value })
      {
        continue
      }
      try check(reference, in: world)
    }
  }

  private static func check(_ reference: NameReference, in world: World) throws(Diagnostic) {
    // Where no app condition is defined, what `set` writes can only be a parameter.
    if reference.kind == .settable, world.conditions.isEmpty { return try check(NameReference(.parameter, reference.name), in: world) }
    // Cohorts are the session's, not the world's: the session checks them (`target … in COHORT`).
    if reference.kind == .cohort { return }
    let name = reference.name
    if reference.defines {
      if isDefined(reference.kind, name.value, in: world) {
        throw Diagnostic("\(reference.kindName) \(name.value) is already defined", at: name.location, length: name.length)
      }
      // `set NAME` must name one thing: a parameter and an app condition share no name.
      let other: NameReference.Kind? = reference.kind == .parameter ? .condition : reference.kind == .condition ? .parameter : nil
      if let other, isDefined(other, name.value, in: world) {
        throw Diagnostic(
          "\(name.value) is already defined as \(other == .condition ? "an app condition" : "a parameter")", at: name.location,
          length: name.length, note: "`set \(name.value) …` must name one of them: rename one")
      }
      return
    }
    guard !isDefined(reference.kind, name.value, in: world) else { return }
    if reference.kind == .input {
      throw Diagnostic(
        "expected a value (true, false, a number or a string), found \(name.value)", at: name.location, length: name.length,
        note: "a name stands for an input only in an `action`'s steps; write \"\(name.value)\" for a string")
    }
    throw unknown(reference, known: knownNames(of: reference.kind, in: world))
  }

  /// Whether the world has defined `name` as a `kind`: by lookup where the world keeps an
  /// index, since listing every name for each definition made defining an app quadratic.
  private static func isDefined(_ kind: NameReference.Kind, _ name: String, in world: World) -> Bool {
    let catalog = world.engine.catalog
    return switch kind {
    case .tip: catalog.hasTip(named: name)
    case .screen: world.screenNumber(named: name) != nil
    case .parameter: catalog.index(ofParameter: name) != nil
    case .event: catalog.index(ofEvent: name) != nil
    case .condition: world.conditions.value(of: name) != nil
    case .settable: catalog.index(ofParameter: name) != nil || world.conditions.value(of: name) != nil
    case .appAction: world.action(named: name) != nil
    default: knownNames(of: kind, in: world).contains(name)
    }
  }

  /// The names of `kind` the world has defined, in definition order.
  public static func knownNames(of kind: NameReference.Kind, in world: World) -> [String] {
    let catalog = world.engine.catalog
    return switch kind {
    case .tip: catalog.tips.map(\.name)
    case .screen: world.screens.map(\.name)
    case .parameter: catalog.parameters.map(\.name)
    case .event: catalog.events.map(\.id)
    case .store: world.stores.map(\.name)
    case .group: catalog.groups.map(\.name)
    case .device: world.hasDevices ? world.devices : []
    case .cohort, .input: []
    case .condition: world.conditions.definitions.map(\.name)
    case .settable: catalog.parameters.map(\.name) + world.conditions.definitions.map(\.name)
    case .appAction: world.actions.map(\.name)
    case .anchor(let screen): world.screen(named: screen)?.anchors ?? []
    case .field(let event): catalog.event(named: event)?.fields ?? []
    case .storeKey(let store): world.store(named: store)?.keys ?? []
    case .action(let tip): catalog.tip(named: tip)?.actions.map(\.id) ?? []
    }
  }

  /// "unknown tip 'x'", with the closest known name or the names known.
  public static func unknown(_ reference: NameReference, known: [String]) -> Diagnostic {
    let name = reference.name
    let note: String
    if let close = suggestion(for: name.value, among: known) {
      note = "did you mean '\(close)'?"
    } else if known.isEmpty {
      note =
        "no \(reference.kindNamePlural) are defined yet"
        + (reference.kind == .parameter ? " (a rule reads parameters and events; define them first)" : "")
    } else {
      note = "defined: " + known.prefix(12).joined(separator: ", ") + (known.count > 12 ? ", …" : "")
    }
    return Diagnostic("unknown \(reference.kindName) '\(name.value)'", at: name.location, length: name.length, note: note)
  }

  /// Whether `references[index]` is a use (not a definition) of something defined; false
  /// sends it to `check`, which says what is wrong. An event found is kept for the donation's
  /// fields that follow it.
  private static func isKnownUse(
    _ references: [NameReference], _ index: Int, lastEvent: inout (name: String, index: Int)?, in world: World
  ) -> Bool {
    guard !references[index].defines else { return false }
    let name = references[index].name.value
    switch references[index].kind {
    case .event:
      guard let found = world.engine.catalog.index(ofEvent: name) else { return false }
      lastEvent = (name, found)
      return true
    // Copying the catalog to read the event's fields cost a donation a retain and a release
    // of each of its arrays.
    case .field(let event):
      if let lastEvent, lastEvent.name == event { return world.engine.catalog.event(at: lastEvent.index, hasField: name) }
      return world.engine.catalog.event(event, hasField: name)
    case let kind: return isDefined(kind, name, in: world)
    }
  }

  /// An instant as the parser wrote it (`Instant.civil`, `Instant.day`), placed in the world's
  /// time zone and, for `day N`, after its start.
  static func placed(_ written: Instant, in world: World) -> Instant {
    if let (day, seconds) = written.writtenDay { return world.instant(day: day, at: seconds) }
    return world.timeZone.instant(of: SimTimeZone.utc.civil(of: written))
  }

  /// The command as resolved, nil when it stands as written.
  private static func rewritten(_ command: Command, _ statement: Statement, in world: World) throws(Diagnostic) -> Command? {
    let here = statement.keyword
    func fail(_ message: String, at place: Located<String>? = nil, note: String? = nil) -> Diagnostic {
      let place = place ?? here
      return Diagnostic(message, at: place.location, length: place.length, note: note)
    }
    func reference(_ kind: NameReference.Kind) -> Located<String>? { statement.references.first { $0.kind == kind }?.name }
    switch command {
    case .setStart(let written):
      return .setStart(placed(written, in: world))
    case .advanceTo(let written):
      return .advanceTo(placed(written, in: world))
    case .defineParameter(let parameter, let binding):
      if let binding, let initial = world.store(named: binding.store)?.values[binding.key],
        !initial.type.isComparable(with: parameter.type, by: .equal)
      {
        throw fail(
          "\(binding) holds a \(initial.type.rawValue), but \(parameter.name) is a \(parameter.type.rawValue)",
          at: reference(.storeKey(store: binding.store)))
      }
      return nil
    case .defineTip(let tip, _):
      try checkRules(of: tip, in: statement) { world.engine.catalog.parameter(named: $0) }
      return nil
    case .set(let name, let value) where world.conditions.value(of: name) != nil:
      guard case .bool(let holds) = value else {
        throw fail("\(name) is an app condition: set it true or false", at: reference(.settable))
      }
      return .setCondition(name, holds)
    case .update(let name, _) where world.conditions.value(of: name) != nil:
      throw fail("\(name) is an app condition: set it true or false", at: reference(.settable))
    case .set(let name, let value):
      // The type alone: a copy of the definition retained and released its names and value.
      guard let index = world.engine.catalog.index(ofParameter: name), case let type = world.engine.catalog.parameters[index].type,
        value.type != type
      else { return nil }
      if value == .null {
        guard world.engine.catalog.parameters[index].isOptional else {
          let place = reference(.settable) ?? here
          throw Diagnostic(
            "\(name) is a \(type.rawValue), not optional: it cannot be nil", at: place.location, length: place.length,
            note: "declare it optional: `param \(name): \(type.rawValue)? = nil`")
        }
        return nil
      }
      return .set(parameter: name, try convert(value, to: type, for: name, at: reference(.settable) ?? here))
    case .update(let name, let update):
      try checkUpdate(update, of: name, in: world, at: reference(.settable) ?? reference(.parameter) ?? here)
      return nil
    case .onlyIf(let tests, let inner):
      return try rewritten(inner, statement, in: world).map { .onlyIf(tests, $0) }
    case .onlyOnOS(let os, let inner):
      return try rewritten(inner, statement, in: world).map { .onlyOnOS(os, $0) }
    case .perform(let name, let given):
      guard let action = world.action(named: name) else { return nil }
      var inputs: [String: Value] = [:]
      for input in action.inputs {
        guard let value = given[input.name] else { continue }
        inputs[input.name] = try convert(value, to: input.type, for: "\(name)'s \(input.name)", at: here)
      }
      let missing = action.inputs.map(\.name).filter { given[$0] == nil }
      let extra = given.keys.filter { action.input(named: $0) == nil }.sorted()
      guard missing.isEmpty, extra.isEmpty else {
        throw fail(
          missing.isEmpty ? "\(name) takes no input \(extra.joined(separator: ", "))" : "\(name) needs \(missing.joined(separator: ", "))",
          note: "perform \(action.signature): give each input as INPUT=VALUE")
      }
      return inputs == given ? nil : .perform(action: name, inputs: inputs)
    case .write(let key, let value):
      for (parameter, bound) in world.bindings.sorted(by: { $0.key < $1.key }) where bound == key {
        guard let type = world.engine.catalog.parameter(named: parameter)?.type else { continue }
        return .write(
          key, try convert(value, to: type, for: "\(key) (bound to \(parameter))", at: reference(.storeKey(store: key.store)) ?? here))
      }
      return nil
    default:
      return nil
    }
  }

  /// A step of an action being defined, which may read its inputs: `set P INPUT` needs an
  /// input of P's type, `if INPUT:` a `Bool` one.
  private static func step(_ command: Command, _ statement: Statement, in world: World, inputs: [AppAction.Input]) throws(Diagnostic)
    -> Command
  {
    func input(_ name: String) -> AppAction.Input? { inputs.first { $0.name == name } }
    func fail(_ message: String, _ name: String) -> Diagnostic {
      let place = statement.references.first { $0.name.value == name }?.name ?? statement.keyword
      return Diagnostic(message, at: place.location, length: place.length)
    }
    switch command {
    case .onlyIf(let tests, let inner):
      for test in tests {
        if let given = input(test.name), given.type != .bool { throw fail("`if \(test.name):` needs a Bool input", test.name) }
      }
      return .onlyIf(tests, try step(inner, statement, in: world, inputs: inputs))
    case .onlyOnOS(let os, let inner):
      return .onlyOnOS(os, try step(inner, statement, in: world, inputs: inputs))
    case .update(let name, let update) where input(update.source) != nil:
      guard let given = input(update.source) else { return command }
      if world.conditions.value(of: name) != nil {
        guard given.type == .bool, update == ParameterUpdate(source: update.source) else {
          throw fail("\(name) is an app condition: set it from a Bool input", update.source)
        }
        return command
      }
      guard let parameter = world.engine.catalog.parameter(named: name) else { return command }
      let numeric = update.offset != nil || update.atMost != nil || update.atLeast != nil
      if update.negates
        ? given.type != .bool || parameter.type != .bool : numeric ? !(given.type.isNumeric && parameter.type.isNumeric) : false
      {
        throw fail(
          "`set \(name) \(update)` does not fit \(name) (\(parameter.declaredType)) and the input \(update.source) (\(given.type.rawValue))",
          update.source)
      }
      if !update.negates && !numeric && given.type != parameter.type {
        throw fail(
          "\(name) is a \(parameter.declaredType), and so must the input \(update.source) be (it is declared \(given.type.rawValue))",
          update.source)
      }
      return command
    default:
      return try rewritten(command, statement, in: world) ?? command
    }
  }

  /// `set a b + 1 atMost 9`, `toggle a`: the parameters' types must allow it.
  private static func checkUpdate(_ update: ParameterUpdate, of name: String, in world: World, at place: Located<String>) throws(Diagnostic)
  {
    let catalog = world.engine.catalog
    guard let target = catalog.parameter(named: name), let source = catalog.parameter(named: update.source) else { return }
    func fail(_ message: String) -> Diagnostic { Diagnostic(message, at: place.location, length: place.length) }
    if update.negates {
      guard target.type == .bool && source.type == .bool else { throw fail("`not` and `toggle` need Bool parameters") }
    } else if update.offset != nil || update.atMost != nil || update.atLeast != nil {
      guard target.type.isNumeric && source.type.isNumeric else { throw fail("adding or capping needs Int or Double parameters") }
      if target.type == .int, [update.offset, update.atMost, update.atLeast].contains(where: { $0?.type == .double }) {
        throw fail("\(name) is an Int: add and cap it with whole numbers")
      }
    } else if !(source.type == target.type || source.type == .int && target.type == .double) {
      throw fail("\(name) is a \(target.declaredType); \(update.source) is a \(source.declaredType)")
    }
    if source.isOptional && !target.isOptional {
      throw fail("\(update.source) may be nil, and \(name) is not optional")
    }
  }

  /// Type-checks the rules of the tip `statement` defines: each must be true or false, and
  /// compare only what can be compared, with the parameters `parameter` finds.
  public static func checkRules(of tip: TipDefinition, in statement: Statement, parameter: @escaping (String) -> ParameterDefinition?)
    throws(Diagnostic)
  {
    let types = RuleTypes(parameter: parameter, locations: statement.expressionLocations, fallback: statement.keyword)
    for rule in tip.rules {
      let type = try types.type(of: rule)
      guard type == .bool else {
        let place = statement.expressionLocations[rule] ?? statement.keyword
        throw Diagnostic(
          "a rule must be true or false, but this is a \(type.rawValue)", at: place.location, length: place.length,
          note: "compare it, e.g. `\(rule) > 0`")
      }
    }
  }

  /// A value of the type a parameter declares; integers widen to decimals.
  private static func convert(_ value: Value, to type: ValueType, for name: String, at place: Located<String>) throws(Diagnostic) -> Value {
    if value.type == type { return value }
    if case .int(let i) = value, type == .double { return .double(Double(i)) }
    throw Diagnostic("\(name) is a \(type.rawValue); \(value) is a \(value.type.rawValue)", at: place.location, length: place.length)
  }
}

/// The types of a rule's sub-expressions (spec rule 13's four types).
private struct RuleTypes {
  let parameter: (String) -> ParameterDefinition?
  let locations: [Expression: Located<String>]
  let fallback: Located<String>

  func error(_ message: String, _ expression: Expression) -> Diagnostic {
    let place = locations[expression] ?? fallback
    return Diagnostic(message, at: place.location, length: place.length)
  }

  /// Recursive over the rule's nesting: the messages are built in the helpers below, out of
  /// the frame each level adds (a debug build's stack use, BENCHMARKS.md).
  func type(of expression: Expression) throws(Diagnostic) -> ValueType {
    switch expression {
    case .literal(let v): return v.type
    case .parameter(let name): return parameter(name)?.type ?? .bool
    case .aggregate: return .int
    case .comparison(let l, let op, let r): return try comparisonType(l, op, r, expression)
    case .and(let l, let r), .or(let l, let r): return try bothBool(l, r)
    case .not(let e): return try bool(e, "`not` needs true or false")
    }
  }

  private func comparisonType(_ l: Expression, _ op: ComparisonOperator, _ r: Expression, _ expression: Expression) throws(Diagnostic)
    -> ValueType
  {
    if l == .literal(.null) || r == .literal(.null) {
      try checkNil(l, op, r, expression)
      return .bool
    }
    let left = try type(of: l)
    let right = try type(of: r)
    guard left.isComparable(with: right, by: op) else { throw incomparable(left, right, op, expression) }
    return .bool
  }

  private func bothBool(_ l: Expression, _ r: Expression) throws(Diagnostic) -> ValueType {
    _ = try bool(l, "`and`/`or` need true or false on both sides")
    return try bool(r, "`and`/`or` need true or false on both sides")
  }

  /// `.bool`, or an error when `side` is of another type.
  private func bool(_ side: Expression, _ what: StaticString) throws(Diagnostic) -> ValueType {
    let t = try type(of: side)
    guard t == .bool else { throw notBool("\(what)", side, t) }
    return .bool
  }

  /// `p == nil`: only an optional parameter can be nil, and nil is only equal or not.
  private func checkNil(_ l: Expression, _ op: ComparisonOperator, _ r: Expression, _ expression: Expression) throws(Diagnostic) {
    let other = l == .literal(.null) ? r : l
    guard op == .equal || op == .notEqual else { throw error("nil is compared with == or != only, not \(op.rawValue)", expression) }
    guard case .parameter(let name) = other, parameter(name)?.isOptional == true else {
      throw error("only an optional parameter (`param NAME: TYPE? = nil`) can be nil; \(other) cannot", expression)
    }
  }

  private func incomparable(_ left: ValueType, _ right: ValueType, _ op: ComparisonOperator, _ expression: Expression) -> Diagnostic {
    error("cannot compare \(left.rawValue) with \(right.rawValue) using \(op.rawValue)", expression)
  }

  private func notBool(_ what: String, _ side: Expression, _ type: ValueType) -> Diagnostic {
    error("\(what), but \(side) is a \(type.rawValue)", side)
  }
}
