import TipEngine

/// One step of a scenario, as the language lowers it: a definition or an action on the world.
public indirect enum Command: Hashable, Sendable {
  // Definitions
  case setTimeZone(SimTimeZone)
  case setStart(Instant)
  case setFrequency(DisplayFrequency)
  case setPolicy(name: String, value: PolicyValue)
  case defineParameter(ParameterDefinition, binding: StoreKey?)
  case defineStore(String)
  case defineStoreKey(StoreKey, initial: Value)
  case defineEvent(EventDefinition)
  case defineScreen(ScreenDefinition)
  /// `screen NAME adds: …`: anchors added to a screen defined before (an imported file's).
  case addAnchors(screen: String, anchors: [String], hidden: [String], conditions: [String: [ConditionTest]])
  /// `place TIP at SCREEN.ANCHOR`: a tip defined before, on another anchor.
  case place(tip: String, screen: String, anchor: String, style: Placement.Style)
  case defineTip(TipDefinition, placement: Placement?)
  case defineGroup(TipGroup)
  /// A `when` reaction.
  case defineReaction(Reaction)
  /// `condition NAME = VALUE`: state of the app's own that its code tests.
  case defineCondition(AppCondition)
  /// `action NAME(INPUTS): …`: code of the app's that a scenario performs.
  case defineAction(AppAction)
  // Actions
  case launch
  case quit
  case open(String)
  case close(String)
  case set(parameter: String, Value)
  /// A write of a value computed from a parameter: `set a += 1`, `set a b`, `toggle a`.
  case update(parameter: String, ParameterUpdate)
  case write(StoreKey, Value)
  case donate(event: String, fields: [String: Value])
  /// `Event.deleteDonations()` (iOS 26).
  case deleteDonations(event: String)
  case dismiss(tip: String)
  case tapOutside(tip: String)
  case tapAction(tip: String, action: String)
  case invalidate(tip: String, InvalidationReason)
  /// Every tip not invalidated yet (an app that invalidates all its tips, say on leaving).
  case invalidateAll(InvalidationReason)
  /// The app leaves the foreground (scene phase `.background`): displays end, screens go.
  case background
  /// The app comes back: the screens that were open appear again.
  case foreground
  case advance(TimeSpan)
  case advanceTo(Instant)
  /// Jump to the next instant at which anything changes by time alone.
  case next
  /// Jump to the instant the tip could next appear (becomes available).
  case nextFor(tip: String)
  case testing(TestingChange)
  case resetDatastore
  case resetEligibility(tip: String)
  /// An anchor scrolls away or collapses (`hide`), or comes back (`show`).
  case setAnchorVisible(screen: String, anchor: String, Bool)
  /// The app's `isPresented` binding of a tip's view (iOS 26): false keeps a displayable tip
  /// off screen without dismissing it; true lets it show again.
  case setPresented(tip: String, Bool)
  /// A sheet covers a screen, or goes away.
  case setSheet(screen: String, presented: Bool)
  /// The user taps a control on a screen.
  case tapControl(screen: String, anchor: String)
  /// The device's OS version.
  case setOS(OSVersion)
  /// Every device renders as this OS version (`matrix`).
  case overrideOS(OSVersion)
  /// `device NAME [os VERSION]`
  case defineDevice(String, os: OSVersion?)
  /// `use NAME`
  case use(String)
  /// `on NAME: CMD`
  case on(String, Command)
  /// `sync icloud on|off`
  case setSync(Bool)
  /// `set CONDITION true|false`: the app's state changes.
  case setCondition(String, Bool)
  /// `if COND: CMD` in a reaction or an action: the command runs only when the tests hold.
  case onlyIf([ConditionTest], Command)
  /// `if os >= V: CMD` (or `<`) in a reaction or an action: the app's code under
  /// `#available`, which runs only on a device whose OS holds.
  case onlyOnOS(Reaction.OSCondition, Command)
  /// `perform ACTION INPUT=VALUE…`: the app runs one of its actions with these values.
  case perform(action: String, inputs: [String: Value])
  /// `donate EVENT FIELD=INPUT` in an action: the fields in `given` take the action's inputs
  /// (field → input).
  case donateGiven(event: String, fields: [String: Value], given: [String: String])

  /// What it does, whatever it runs under: the command of an `on DEVICE:` line or of an
  /// `if COND:` step, or itself.
  public var underlying: Command {
    switch self {
    case .on(_, let inner), .onlyIf(_, let inner), .onlyOnOS(_, let inner): inner.underlying
    default: self
    }
  }

  /// Whether the command defines something (as opposed to acting on the world).
  public var isDefinition: Bool {
    switch self {
    case .setTimeZone, .setStart, .setFrequency, .setPolicy, .defineParameter, .defineStore, .defineStoreKey,
      .defineEvent, .defineScreen, .defineTip, .defineGroup, .defineDevice, .defineReaction, .defineCondition, .defineAction,
      .addAnchors, .place:
      true
    default: false
    }
  }
}

/// A policy's new value: a word (`perScreenOpen`) or a duration (`31d`).
public enum PolicyValue: Hashable, Sendable {
  case word(String)
  case duration(TimeSpan)
}

/// One of the `testing` commands (spec rule 33): they accumulate like TipKit's four calls.
public enum TestingChange: Hashable, Sendable {
  case showAll
  case hideAll
  case show([String])
  case hide([String])
  case off
}

extension Command {
  /// The tests it runs under (`if COND:`), outermost first.
  public var guards: [ConditionTest] {
    switch self {
    case .onlyIf(let tests, let inner): tests + inner.guards
    case .on(_, let inner), .onlyOnOS(_, let inner): inner.guards
    default: []
    }
  }

  /// The OS tests it runs under (`if os >= V:`), outermost first.
  public var osTests: [Reaction.OSCondition] {
    switch self {
    case .onlyOnOS(let test, let inner): [test] + inner.osTests
    case .onlyIf(_, let inner), .on(_, let inner): inner.osTests
    default: []
    }
  }

  /// Whether its OS tests hold on a device of this OS.
  public func runs(on os: OSVersion) -> Bool { osTests.allSatisfy { $0.holds(on: os) } }

  /// Whether it runs under a test of the condition (or input) of this name.
  public func tests(_ name: String) -> Bool {
    switch self {
    case .onlyIf(let tests, let inner): tests.contains { $0.name == name } || inner.tests(name)
    case .on(_, let inner), .onlyOnOS(_, let inner): inner.tests(name)
    default: false
    }
  }

  /// An action's step with its inputs' values put in: `set P INPUT` writes the value,
  /// `donate E F=INPUT` donates it, `if INPUT:` keeps the step only when the value is true.
  /// Nil when a test of an input does not hold. A step that reads no input stands as it is.
  public func given(_ inputs: [String: Value]) throws(SimulationError) -> Command? {
    switch self {
    case .update(let name, let update) where inputs[update.source] != nil:
      guard let value = inputs[update.source] else { return self }
      return .set(parameter: name, try update.value(from: value, as: value.type, to: name))
    case .donateGiven(let event, var fields, let given):
      for (field, input) in given { fields[field] = inputs[input] ?? .null }
      return .donate(event: event, fields: fields)
    case .onlyIf(let tests, let inner):
      var left: [ConditionTest] = []
      for test in tests {
        if let value = inputs[test.name] {
          guard test.holds(whenItIs: value == .bool(true)) else { return nil }
        } else {
          left.append(test)
        }
      }
      guard let inner = try inner.given(inputs) else { return nil }
      return left.isEmpty ? inner : .onlyIf(left, inner)
    case .onlyOnOS(let os, let inner):
      return try inner.given(inputs).map { .onlyOnOS(os, $0) }
    default:
      return self
    }
  }
}
