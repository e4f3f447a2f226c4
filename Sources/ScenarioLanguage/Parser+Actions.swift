import Simulation
import TipEngine

extension Parser {
  /// What the app or the user does (other than the lines a long script repeats, which `parseLine` reads first). Nil for another word.
  func parseAction(
    _ word: String, first: Token, _ c: inout Cursor, references refs: inout [NameReference], tokens: [Token], line: Int, text: String
  ) throws(Diagnostic) -> Statement.Action? {
    let action: Statement.Action
    switch word {
    case "launch", "quit", "log":
      try c.finish(word)
      action = word == "launch" ? .command(.launch) : word == "quit" ? .command(.quit) : .log
    case "perform":
      let name = try c.name("an action name")
      refs.append(NameReference(.appAction, name))
      var inputs: [String: Value] = [:]
      while !c.atEnd {
        let input = try c.name("INPUT=VALUE")
        try c.symbol("=")
        inputs[input.value] = try c.value(orNil: true).value
      }
      action = .command(.perform(action: name.value, inputs: inputs))
    case "delete-donations":
      let event = try c.name("an event name")
      refs.append(NameReference(.event, event))
      try c.finish("the event")
      action = .command(.deleteDonations(event: event.value))
    case "toggle":
      let name = try c.name("a parameter name")
      refs.append(NameReference(.parameter, name))
      try c.finish("the parameter")
      action = .command(.update(parameter: name.value, ParameterUpdate(source: name.value, negates: true)))
    case "background", "foreground":
      try c.finish(word)
      action = .command(word == "background" ? .background : .foreground)
    case "write":
      let (store, key) = try c.dotted("STORE.KEY")
      refs.append(NameReference(.store, store))
      refs.append(NameReference(.storeKey(store: store.value), key))
      let value = try c.value()
      try c.finish("the value")
      action = .command(.write(StoreKey(store: store.value, key: key.value), value.value))
    case "dismiss", "tapoutside":
      let tip = try c.name("a tip name")
      refs.append(NameReference(.tip, tip))
      try c.finish("the tip")
      action = .command(word == "dismiss" ? .dismiss(tip: tip.value) : .tapOutside(tip: tip.value))
    case "tap" where c.tokens.count > 2 && c.tokens[2].isSymbol("."):
      let (screen, anchor) = try c.dotted("SCREEN.ANCHOR")
      refs += [NameReference(.screen, screen), NameReference(.anchor(screen: screen.value), anchor)]
      try c.finish("the control")
      action = .command(.tapControl(screen: screen.value, anchor: anchor.value))
    case "hide", "show":
      let (screen, anchor) = try c.dotted("SCREEN.ANCHOR")
      refs += [NameReference(.screen, screen), NameReference(.anchor(screen: screen.value), anchor)]
      try c.finish("the anchor")
      action = .command(.setAnchorVisible(screen: screen.value, anchor: anchor.value, word == "show"))
    case "isPresented":
      let tip = try c.name("a tip name")
      refs.append(NameReference(.tip, tip))
      let value = try c.word(oneOf: ["true", "false"], what: "the binding's value")
      try c.finish("the value")
      action = .command(.setPresented(tip: tip.value, value.value == "true"))
    case "use":
      let name = try c.name("a device name")
      refs.append(NameReference(.device, name))
      try c.finish("the device")
      action = .command(.use(name.value))
    case "on":
      let name = try c.name("a device name")
      refs.append(NameReference(.device, name))
      try c.symbol(":")
      let rest = Array(c.tokens[c.index...])
      guard let first = rest.first, let last = rest.last else { throw c.expected("a command to run on \(name.value)") }
      let inner = try parseLine(rest, line: line, text: source(of: line, from: first, to: last))
      guard case .command(let command) = inner.action else {
        throw Diagnostic(
          "`on DEVICE:` runs an action; `use \(name.value)` first to observe or check it", at: first.location, length: first.length)
      }
      refs += inner.references
      c.index = c.tokens.count
      action = .command(.on(name.value, command))
    case "sync":
      guard c.take(word: "icloud") else { throw c.expected("`icloud`") }
      let state = try c.word(oneOf: ["on", "off"], what: "sync state")
      try c.finish("on or off")
      action = .command(.setSync(state.value == "on"))
    case "present":
      let screen = try c.name("a screen name")
      refs.append(NameReference(.screen, screen))
      guard c.take(word: "sheet") else { throw c.expected("`sheet`") }
      try c.finish("`sheet`")
      action = .command(.setSheet(screen: screen.value, presented: true))
    case "dismiss-sheet":
      let screen = try c.name("a screen name")
      refs.append(NameReference(.screen, screen))
      try c.finish("the screen")
      action = .command(.setSheet(screen: screen.value, presented: false))
    case "tap":
      let tip = try c.name("a tip name")
      let actionName: Located<String>
      if let token = c.peek, case .integer(let i) = token.kind {
        c.index += 1
        actionName = Located(String(i), at: token.location, length: token.length)
      } else {
        actionName = try c.name("an action id")
      }
      try c.finish("the action")
      refs += [NameReference(.tip, tip), NameReference(.action(tip: tip.value), actionName)]
      action = .command(.tapAction(tip: tip.value, action: actionName.value))
    case "invalidate" where c.take(word: "all"):
      let reason = try c.word(oneOf: InvalidationReason.allCases.map(\.rawValue), what: "invalidation reason")
      try c.finish("the reason")
      action = .command(.invalidateAll(InvalidationReason(rawValue: reason.value) ?? .actionPerformed))
    case "invalidate":
      let tip = try c.name("a tip name")
      refs.append(NameReference(.tip, tip))
      let reason = try c.word(oneOf: InvalidationReason.allCases.map(\.rawValue), what: "invalidation reason")
      try c.finish("the reason")
      action = .command(.invalidate(tip: tip.value, InvalidationReason(rawValue: reason.value) ?? .actionPerformed))
    case "testing":
      let mode = try c.word(oneOf: ["showAll", "hideAll", "show", "hide", "off"], what: "testing override")
      var tips: [String] = []
      while !c.atEnd {
        let tip = try c.name("a tip name")
        refs.append(NameReference(.tip, tip))
        tips.append(tip.value)
      }
      switch mode.value {
      case "show", "hide":
        guard !tips.isEmpty else { throw c.expected("the tips to \(mode.value)") }
        action = .command(.testing(mode.value == "show" ? .show(tips) : .hide(tips)))
      default:
        if let extra = refs.first {
          throw Diagnostic("`testing \(mode.value)` takes no tips", at: extra.name.location, length: extra.name.length)
        }
        action = .command(.testing(mode.value == "showAll" ? .showAll : mode.value == "hideAll" ? .hideAll : .off))
      }
    case "reset":
      if c.take(word: "eligibility") {
        let tip = try c.name("a tip name")
        refs.append(NameReference(.tip, tip))
        try c.finish("the tip")
        action = .command(.resetEligibility(tip: tip.value))
      } else {
        _ = c.take(word: "datastore")
        try c.finish("`reset`")
        action = .command(.resetDatastore)
      }
    default: return nil
    }
    return action
  }
}

extension Parser {
  /// `set NAME VALUE`, and a value computed from a parameter: `set NAME += N` / `-= N`,
  /// `set NAME OTHER [+ N | - N]`, `set NAME not OTHER`, each optionally capped with
  /// `atMost N` and `atLeast N`.
  func parseSet(_ c: inout Cursor, references refs: inout [NameReference]) throws(Diagnostic) -> Command {
    let name = try c.name("a parameter or an app condition")
    refs.append(NameReference(.settable, name))
    var update: ParameterUpdate
    if c.take(symbol: "+=") || c.peek?.isSymbol("-=") == true {
      let subtracts = c.take(symbol: "-=")
      update = ParameterUpdate(source: name.value, offset: try number(&c, negated: subtracts))
    } else if c.take(word: "not") {
      let source = try c.name("a Bool parameter")
      refs.append(NameReference(.parameter, source))
      update = ParameterUpdate(source: source.value, negates: true)
    } else if let token = c.peek, case .name(let word) = token.kind, !["true", "false", "nil"].contains(word) {
      let source = try c.name("a parameter name or a value")
      refs.append(NameReference(.parameter, source))
      update = ParameterUpdate(source: source.value)
      if c.take(symbol: "+") {
        update.offset = try number(&c, negated: false)
      } else if c.take(symbol: "-") {
        update.offset = try number(&c, negated: true)
      } else if let token = c.peek, case .integer(let i) = token.kind, i < 0 {
        update.offset = try number(&c, negated: false)
      }
    } else {
      let value = try c.value(orNil: true)
      try c.finish("the value")
      return .set(parameter: name.value, value.value)
    }
    while !c.atEnd {
      if c.take(word: "atMost") {
        update.atMost = try number(&c, negated: false)
      } else if c.take(word: "atLeast") {
        update.atLeast = try number(&c, negated: false)
      } else {
        throw c.expected("`atMost N`, `atLeast N` or the end of the line")
      }
    }
    return .update(parameter: name.value, update)
  }

  /// An integer or a decimal, its sign flipped when `negated`.
  private func number(_ c: inout Cursor, negated: Bool) throws(Diagnostic) -> Value {
    guard let token = c.peek else { throw c.expected("a number") }
    c.index += 1
    switch token.kind {
    case .integer(let i): return .int(negated ? -i : i)
    case .decimal(let d): return .double(negated ? -d : d)
    default:
      c.index -= 1
      throw c.expected("a number")
    }
  }
}
