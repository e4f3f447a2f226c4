import Simulation
import TipEngine

extension Parser {
  /// A `tip NAME` header and its indented lines.
  func parseTip(header: [Token], line: Int, block: [(Int, String)]) throws(Diagnostic) -> Statement {
    var c = cursor(header, line: line)
    let keyword = Located("tip", at: header[0].location, length: 3)
    c.index = 1
    let name = try c.name("a tip name")
    try c.finish("the tip's name (its properties go on the indented lines below)")
    var refs = [NameReference(.tip, name, defines: true)]
    var locations: [Expression: Located<String>] = [:]
    var title: String?
    var message: String?
    var image: String?
    var id: String?
    // One per `anchor` line: a tip the app displays at several places has several.
    var places: [Placement] = []
    var rules: [Expression] = []
    var options = TipOptions()
    var actions: [TipAction] = []
    var seen: [String: SourceLocation] = [:]
    var presentation: PresentationMode?
    var customStyle = false

    for (number, text) in block where !Parser.isBlank(text) {
      let tokens = try Lexer.tokenize(text, lineNumber: number)
      var c = cursor(tokens, line: number)
      let property = try c.word(oneOf: CommandTable.tipLines, what: "tip property")
      if !["rule", "action", "anchor"].contains(property.value), let earlier = seen[property.value] {
        throw Diagnostic("\(property.value) is already given on line \(earlier.line)", at: property.location, length: property.length)
      }
      seen[property.value] = property.location
      switch property.value {
      case "title": title = try c.string("the title in quotes").value
      case "message": message = try c.string("the message in quotes").value
      case "image":
        if let token = c.peek, case .name(let n) = token.kind {
          c.index += 1
          image = n
        } else {
          image = try c.string("an image name").value
        }
      case "id":
        if let token = c.peek, case .string(let s) = token.kind {
          c.index += 1
          id = s
        } else {
          id = try c.name("the tip's persisted id").value
        }
      case "anchor":
        let (screen, anchor) = try c.dotted("SCREEN.ANCHOR")
        refs.append(NameReference(.screen, screen))
        refs.append(NameReference(.anchor(screen: screen.value), anchor))
        if let twice = places.first(where: { $0.screen == screen.value && $0.anchor == anchor.value }) {
          throw Diagnostic(
            "the tip is already at \(twice) on an earlier line", at: screen.location, length: screen.length + anchor.length + 1)
        }
        var style = Placement.Style.popover
        if !c.atEnd, c.peek?.name != "via" {
          style = Placement.Style(rawValue: try c.word(oneOf: ["popover", "inline"], what: "tip style").value) ?? .popover
        }
        var api: TipKitAPI?
        if c.take(word: "via") {
          let word = try c.word(oneOf: Placement.viaAPIs.keys.sorted(), what: "display API")
          api = Placement.viaAPIs[word.value]
        }
        places.append(Placement(screen: screen.value, anchor: anchor.value, style: style, api: api))
      case "rule":
        var expressionParser = ExpressionParser(cursor: c)
        let rule = try expressionParser.parseRule()
        c = expressionParser.cursor
        refs += expressionParser.references
        locations.merge(expressionParser.locations) { a, _ in a }
        locations[rule] = locations[rule] ?? Located(rule.description, at: property.location, length: property.length)
        rules.append(rule)
        // Something left after a rule is most often a window or a count written another way.
        if let extra = c.peek {
          throw Diagnostic(
            "unexpected '\(extra.display)' after the rule", at: extra.location, length: extra.length,
            note: ExpressionParser.forms(of: rule.aggregates.first?.event ?? "EVENT"))
        }
      case "presentation":
        let mode = try c.word(oneOf: PresentationMode.allCases.map(\.rawValue), what: "presentation")
        presentation = PresentationMode(rawValue: mode.value)
      case "style":
        customStyle = try c.word(oneOf: ["custom", "default"], what: "tip style").value == "custom"
      case "action":
        if let token = c.peek, case .name(let n) = token.kind {
          c.index += 1
          actions.append(TipAction(id: n, title: try c.string("the action's title in quotes").value))
        } else {
          // An action without an id gets its index (rule 8).
          actions.append(TipAction(id: String(actions.count), title: try c.string("the action's title in quotes").value))
        }
      default:
        if let option = TipOption.named(property.value) { option.write(&options, try option.parseLine(&c)) }
      }
      try c.finish(property.value)
    }
    // The core language never required a title: without one, the name stands in (`lint` says so).
    let definedTitle = title ?? name.value
    if presentation != nil || customStyle {
      guard !places.isEmpty else {
        let line = seen["presentation"] ?? seen["style"] ?? name.location
        throw Diagnostic("`presentation` and `style` need an `anchor` line", at: line, length: 5)
      }
      for index in places.indices {
        places[index].presentation = presentation
        places[index].customStyle = customStyle
      }
    }
    var placement = places.first
    placement?.elsewhere = Array(places.dropFirst())
    let definition = TipDefinition(
      name: name.value, id: id, title: definedTitle, message: message, imageName: image, actions: actions, rules: rules, options: options)
    let lastLine = block.last.map(\.0) ?? line
    let text = ([lines[line - firstLine]] + block.map(\.1)).joined(separator: "\n")
    return Statement(
      action: .command(.defineTip(definition, placement: placement)), keyword: keyword, references: refs, expressionLocations: locations,
      text: text, lines: line...lastLine)
  }
}
