import Simulation
import TipEngine

extension Parser {
  /// A definition line: `start`, `frequency`, `policy`, `param`, `store`, `event`, `screen`, `group`, `device`. Nil for another word.
  func parseDefinition(
    _ word: String, first: Token, _ c: inout Cursor, references refs: inout [NameReference], tokens: [Token], line: Int, text: String
  ) throws(Diagnostic) -> Statement.Action? {
    let action: Statement.Action
    switch word {
    case "start":
      let instant = try c.civilInstant()
      try c.finish("the instant")
      action = .command(.setStart(.civil(instant.value)))
    case "frequency":
      let f = try c.word(oneOf: DisplayFrequency.allCases.map(\.rawValue), what: "frequency")
      try c.finish("the frequency")
      action = .command(.setFrequency(DisplayFrequency(rawValue: f.value) ?? .immediate))
    case "policy":
      let name = try c.word(oneOf: Policies.names, what: "policy")
      let value: PolicyValue
      if Policies.takesDuration(name.value) {
        value = .duration(try c.duration().value)
      } else {
        value = .word(try c.word(oneOf: Policies.choices(of: name.value), what: "value of \(name.value)").value)
      }
      try c.finish("the policy value")
      action = .command(.setPolicy(name: name.value, value: value))
    case "param":
      let name = try c.name("a parameter name")
      // `param NAME: TYPE? = nil`: an optional, or a type spelt out.
      var declared: ValueType?
      var optional = false
      if c.take(symbol: ":") {
        let type = try c.word(oneOf: ValueType.declarable.map(\.rawValue), what: "parameter type")
        declared = ValueType(rawValue: type.value)
        optional = c.take(symbol: "?")
      }
      try c.symbol("=")
      var value = try c.value(orNil: optional)
      if let declared, value.value != .null, value.value.type != declared {
        guard declared == .double, case .int(let whole) = value.value else {
          throw Diagnostic(
            "\(name.value) is declared \(declared.rawValue)\(optional ? "?" : ""), but \(value.value) is a \(value.value.type.rawValue)",
            at: value.location, length: value.length)
        }
        value.value = .double(Double(whole))
      }
      var transient = false
      var binding: StoreKey?
      var label: String?
      while !c.atEnd {
        if c.take(word: "transient") {
          transient = true
        } else if c.take(word: "label") {
          label = try c.string("the label in quotes, e.g. label \"partner linked\"").value
        } else if c.take(word: "bind") {
          let (store, key) = try c.dotted("STORE.KEY")
          refs.append(NameReference(.store, store))
          refs.append(NameReference(.storeKey(store: store.value), key))
          binding = StoreKey(store: store.value, key: key.value)
        } else {
          throw c.expected("`transient`, `bind STORE.KEY`, `label \"TEXT\"` or the end of the line")
        }
      }
      refs.insert(NameReference(.parameter, name, defines: true), at: 0)
      var parameter = ParameterDefinition(
        name: name.value, defaultValue: value.value, isTransient: transient, type: declared, isOptional: optional)
      parameter.label = label
      action = .command(.defineParameter(parameter, binding: binding))
    case "store":
      let store = try c.name("a store name")
      if c.atEnd {
        action = .command(.defineStore(store.value))
      } else {
        let key = try c.name("a key name")
        try c.symbol("=")
        let value = try c.value()
        try c.finish("the value")
        action = .command(.defineStoreKey(StoreKey(store: store.value, key: key.value), initial: value.value))
      }
    case "event":
      let name = try c.name("an event name")
      refs.append(NameReference(.event, name, defines: true))
      var fields: [String] = []
      if c.take(symbol: "(") {
        repeat {
          let field = try c.name("a field name")
          if fields.contains(field.value) {
            throw Diagnostic("field \(field.value) appears twice", at: field.location, length: field.length)
          }
          fields.append(field.value)
        } while c.take(symbol: ",")
        try c.symbol(")")
      }
      var limit = DonationLimit()
      var label: String?
      while !c.atEnd {
        if c.take(word: "label") {
          label = try c.string("the label in quotes, e.g. label \"made a meal plan\"").value
        } else if c.take(word: "limit") {
          let n = try c.integer("a donation count")
          guard n.value > 0 else { throw Diagnostic("a donation limit must be at least 1", at: n.location, length: n.length) }
          limit.maximumCount = n.value
        } else if c.take(word: "maxAge") {
          limit.maximumAge = try c.duration().value
        } else {
          throw c.expected("`limit N`, `maxAge DURATION`, `label \"TEXT\"` or the end of the line")
        }
      }
      var event = EventDefinition(id: name.value, fields: fields, limit: limit)
      event.label = label
      action = .command(.defineEvent(event))
    case "screen":
      let name = try c.name("a screen name")
      // `screen NAME adds: ANCHOR ...`: more anchors for a screen defined elsewhere (an
      // imported file).
      if c.take(word: "adds") {
        refs.append(NameReference(.screen, name))
        try c.symbol(":")
        let list = try anchorList(&c, references: &refs)
        guard !list.anchors.isEmpty else { throw c.expected("the anchors to add") }
        action = .command(.addAnchors(screen: name.value, anchors: list.anchors, hidden: list.hidden, conditions: list.conditions))
        break
      }
      refs.append(NameReference(.screen, name, defines: true))
      var host = Hosting.swiftui
      if c.take(word: "host") {
        host = Hosting(rawValue: try c.word(oneOf: Hosting.allCases.map(\.rawValue), what: "hosting").value) ?? .swiftui
      }
      var list = (anchors: [String](), hidden: [String](), conditions: [String: [ConditionTest]]())
      if c.take(symbol: ":") { list = try anchorList(&c, references: &refs) }
      try c.finish("the anchors")
      action = .command(
        .defineScreen(
          ScreenDefinition(
            name: name.value, anchors: list.anchors, host: host, hiddenAnchors: list.hidden, anchorConditions: list.conditions)))
    case "place":
      // `place TIP at SCREEN.ANCHOR [popover|inline]`: a tip defined elsewhere, on another anchor.
      let tip = try c.name("a tip name")
      refs.append(NameReference(.tip, tip))
      guard c.take(word: "at") else { throw c.expected("`at SCREEN.ANCHOR`") }
      let (screen, anchor) = try c.dotted("SCREEN.ANCHOR")
      refs += [NameReference(.screen, screen), NameReference(.anchor(screen: screen.value), anchor)]
      var style = Placement.Style.popover
      if !c.atEnd { style = Placement.Style(rawValue: try c.word(oneOf: ["popover", "inline"], what: "presentation").value) ?? .popover }
      try c.finish("the anchor")
      action = .command(.place(tip: tip.value, screen: screen.value, anchor: anchor.value, style: style))
    case "group":
      let name = try c.name("a group name")
      refs.append(NameReference(.group, name, defines: true))
      var priority = TipGroup.Priority.firstAvailable
      if !(c.peek?.isSymbol(":") ?? false) {
        let p = try c.word(oneOf: TipGroup.Priority.allCases.map(\.rawValue), what: "group priority")
        priority = TipGroup.Priority(rawValue: p.value) ?? .firstAvailable
      }
      try c.symbol(":")
      var members: [String] = []
      while !c.atEnd {
        let member = try c.name("a tip name")
        refs.append(NameReference(.tip, member))
        members.append(member.value)
      }
      guard !members.isEmpty else { throw c.expected("the group's tips") }
      action = .command(.defineGroup(TipGroup(name: name.value, priority: priority, members: members)))
    case "device":
      let name = try c.name("a device name")
      refs.append(NameReference(.device, name, defines: true))
      var os: OSVersion?
      if c.take(word: "os") { os = try version(&c, text: text).value }
      try c.finish("the device")
      action = .command(.defineDevice(name.value, os: os))
    case "when":
      action = try parseReaction(&c, references: &refs, line: line, text: text)
    case "condition":
      let name = try c.name("a condition name")
      refs.append(NameReference(.condition, name, defines: true))
      try c.symbol("=")
      let value = try c.word(oneOf: ["true", "false", "unknown"], what: "fresh-install value")
      try c.finish("the value")
      action = .command(.defineCondition(AppCondition(name: name.value, initial: value.value == "unknown" ? nil : value.value == "true")))
    case "action":
      action = try parseAppAction(&c, references: &refs, line: line)
    default: return nil
    }
    return action
  }

  /// A screen's anchors in layout order, `NAME(hidden)` for one that starts hidden at each
  /// visit, `NAME(if COND)` for one shown while app conditions hold: the anchors, those that
  /// start hidden, and the conditions of the others.
  private func anchorList(_ c: inout Cursor, references refs: inout [NameReference]) throws(Diagnostic) -> (
    anchors: [String], hidden: [String], conditions: [String: [ConditionTest]]
  ) {
    var anchors: [String] = []
    var hidden: [String] = []
    var conditions: [String: [ConditionTest]] = [:]
    while !c.atEnd {
      let anchor = try c.name("an anchor name")
      if anchors.contains(anchor.value) {
        throw Diagnostic("anchor \(anchor.value) appears twice", at: anchor.location, length: anchor.length)
      }
      anchors.append(anchor.value)
      if c.take(symbol: "(") {
        if c.take(word: "if") {
          conditions[anchor.value] = try conditionTests(&c, references: &refs)
        } else {
          guard c.take(word: "hidden") else { throw c.expected("`hidden` or `if CONDITION`") }
          hidden.append(anchor.value)
        }
        try c.symbol(")")
      }
    }
    return (anchors, hidden, conditions)
  }

  /// `COND`, `not COND`, joined by `and`: tests of app conditions (or, in an action, of its
  /// `Bool` inputs), each a reference to check.
  func conditionTests(_ c: inout Cursor, references refs: inout [NameReference]) throws(Diagnostic) -> [ConditionTest] {
    var tests: [ConditionTest] = []
    repeat {
      let negated = c.take(word: "not") || c.take(symbol: "!")
      let name = try c.name("an app condition")
      refs.append(NameReference(.condition, name))
      tests.append(ConditionTest(name.value, negated: negated))
    } while c.take(word: "and") || c.take(symbol: "&&")
    return tests
  }

  /// After `if`: `os >= 18`, `onboardingDone`, `os < 18 and not hasItems`.
  func osAndConditionTests(_ c: inout Cursor, references refs: inout [NameReference], text: String) throws(Diagnostic)
    -> (Reaction.OSCondition?, [ConditionTest])
  {
    guard c.peek?.isName("os") == true, c.tokens.count > c.index + 1,
      c.tokens[c.index + 1].isSymbol(">=") || c.tokens[c.index + 1].isSymbol("<")
    else { return (nil, try conditionTests(&c, references: &refs)) }
    c.index += 1
    let below = c.take(symbol: "<")
    guard below || c.take(symbol: ">=") else { throw c.expected("`>=` or `<`") }
    let os = Reaction.OSCondition(version: try version(&c, text: text).value, below: below)
    guard c.take(word: "and") || c.take(symbol: "&&") else { return (os, []) }
    return (os, try conditionTests(&c, references: &refs))
  }

  /// `when TIP invalidated [REASON]: CMD; CMD`, `when TIP shown: …`, `when app background: …`,
  /// `when app launch: …`, `when app launching: …`, `when screen SCREEN opens|closes: …`, each
  /// optionally `if os >= VERSION` or `if os < VERSION`: what the app's own code does then.
  /// The commands are actions.
  func parseReaction(_ c: inout Cursor, references refs: inout [NameReference], line: Int, text: String) throws(Diagnostic)
    -> Statement.Action
  {
    let trigger: Reaction.Trigger
    if c.take(word: "app") {
      let phase = try c.word(oneOf: ["background", "launch", "launching"], what: "app event")
      trigger = phase.value == "background" ? .appBackground : phase.value == "launch" ? .appLaunch : .appLaunching
    } else if c.peek?.isName("screen") == true, c.tokens.count > c.index + 2,
      c.tokens[c.index + 2].name.map({ ["opens", "closes"].contains($0) }) == true
    {
      c.index += 1
      let screen = try c.name("a screen name")
      refs.append(NameReference(.screen, screen))
      let happening = try c.word(oneOf: ["opens", "closes"], what: "what happens to the screen")
      trigger = happening.value == "opens" ? .screenOpened(screen.value) : .screenClosed(screen.value)
    } else {
      let tip = try c.name("a tip name, or `app`")
      refs.append(NameReference(.tip, tip))
      let happening = try c.word(oneOf: ["invalidated", "shown"], what: "what happens to the tip")
      if happening.value == "shown" {
        trigger = .shown(tip: tip.value)
      } else if let token = c.peek, token.name != nil, !token.isName("if") {
        // `if` starts the reaction's condition: no invalidation reason is named `if`.
        let reason = try c.word(oneOf: InvalidationReason.allCases.map(\.rawValue), what: "invalidation reason")
        trigger = .invalidated(tip: tip.value, reason: InvalidationReason(rawValue: reason.value))
      } else {
        trigger = .invalidated(tip: tip.value, reason: nil)
      }
    }
    var os: Reaction.OSCondition?
    var tests: [ConditionTest] = []
    if c.take(word: "if") { (os, tests) = try osAndConditionTests(&c, references: &refs, text: text) }
    try c.symbol(":")
    let body = try parseCommands(&c, line: line, conditional: true) { word, first in
      if word == "reset", trigger != .appLaunching {
        return Diagnostic(
          "`reset` runs before TipKit is configured", at: first.location, length: first.length,
          note: "only `when app launching:` can reset the datastore (rule 34)")
      }
      return Parser.reactionCommands.contains(word)
        ? nil
        : Diagnostic(
          "`\(word)` cannot be a reaction", at: first.location, length: first.length,
          note: "a reaction runs the app's own code: \(Parser.reactionCommands.joined(separator: ", "))")
    }
    return .reaction(trigger, os: os, conditions: tests, body: body)
  }

  /// `action NAME[(INPUT: TYPE, …)]: CMD; CMD`: the app's code that a scenario performs. Its
  /// steps' uses of an input are references of kind `input`, resolved when it is defined.
  func parseAppAction(_ c: inout Cursor, references refs: inout [NameReference], line: Int) throws(Diagnostic) -> Statement.Action {
    let name = try c.name("an action name")
    refs.append(NameReference(.appAction, name, defines: true))
    var inputs: [AppAction.Input] = []
    if c.take(symbol: "(") {
      repeat {
        let input = try c.name("an input name")
        if inputs.contains(where: { $0.name == input.value }) {
          throw Diagnostic("input \(input.value) appears twice", at: input.location, length: input.length)
        }
        try c.symbol(":")
        let type = try c.word(oneOf: ValueType.declarable.map(\.rawValue), what: "input type")
        inputs.append(AppAction.Input(name: input.value, type: ValueType(rawValue: type.value) ?? .bool))
      } while c.take(symbol: ",")
      try c.symbol(")")
    }
    try c.symbol(":")
    var body = try parseCommands(&c, line: line, conditional: true) { word, first in
      Parser.reactionCommands.contains(word) && word != "reset"
        ? nil
        : Diagnostic(
          "`\(word)` cannot be a step of an action", at: first.location, length: first.length,
          note: "an action runs the app's own code: \(Parser.reactionCommands.filter { $0 != "reset" }.joined(separator: ", "))")
    }
    let names = Set(inputs.map(\.name))
    for statement in body.indices {
      for reference in body[statement].references.indices where names.contains(body[statement].references[reference].name.value) {
        switch body[statement].references[reference].kind {
        case .parameter, .condition: body[statement].references[reference].kind = .input
        default: break
        }
      }
    }
    return .appAction(name: name.value, inputs: inputs, body: body)
  }

  /// What app code can do in a reaction.
  static let reactionCommands = [
    "set", "toggle", "write", "donate", "delete-donations", "invalidate", "open", "close", "dismiss", "tapoutside", "tap", "hide", "show",
    "present",
    "dismiss-sheet", "reset", "testing",
  ]
}
