import Simulation
import TipEngine

extension Parser {
  /// A `cohort NAME SHARE%` header and its usage lines: an action — `open SCREEN`, `donate EVENT
  /// [FIELD=VALUE ...]`, `set PARAM|CONDITION VALUE`, `write STORE.KEY VALUE`, `perform ACTION
  /// [INPUT=VALUE ...]`, `relaunch` — then its schedule (`schedule(of:_:)`); or `churn PERCENT%
  /// per day`, `condition NAME true|false` (the cohort's from the start).
  func parseCohort(header: [Token], line: Int, block: [(Int, String)]) throws(Diagnostic) -> Statement {
    var c = cursor(header, line: line)
    let keyword = Located("cohort", at: header[0].location, length: 6)
    c.index = 1
    let name = try c.name("a cohort name")
    let share = try percent(&c)
    try c.finish("the cohort's share")
    var cohort = Cohort(name: name.value, share: share / 100)
    var refs: [NameReference] = []
    for (lineNumber, text) in block where !Parser.isBlank(text) {
      var c = cursor(try Lexer.tokenize(text, lineNumber: lineNumber), line: lineNumber)
      let verb = try c.word(oneOf: ["open", "donate", "set", "write", "perform", "relaunch", "churn", "condition"], what: "usage")
      switch verb.value {
      case "churn":
        let p = try percent(&c)
        let periodStart = c.peek
        guard try per(&c) == 1 else { throw c.error("churn is a daily probability: write `churn P% per day`", at: periodStart) }
        try c.finish("the churn rate")
        cohort.churnPerDay = min(1, p / 100)
        continue
      case "condition":
        let condition = try c.name("an app condition")
        refs.append(NameReference(.condition, condition))
        let value = try c.word(oneOf: ["true", "false"], what: "the cohort's value")
        try c.finish("the value")
        cohort.conditions[condition.value] = value.value == "true"
        continue
      default: break
      }
      let action = try usageAction(verb, &c, references: &refs)
      var usage = try schedule(of: action, &c)
      if c.take(symbol: ":") {
        guard case .open = action else { throw c.error("only an `open` line has actions during its visits", at: c.tokens[c.index - 1]) }
        usage.during = try visits(&c, references: &refs)
      }
      cohort.usage.append(usage)
    }
    refs.insert(NameReference(.cohort, name, defines: true), at: 0)
    let text = ([lines[line - firstLine]] + block.map(\.1)).joined(separator: "\n")
    return Statement(
      action: .cohort(cohort), keyword: keyword, references: refs, expressionLocations: [:], text: text,
      lines: line...(block.last?.0 ?? line))
  }

  /// A usage line's action after its verb: `open SCREEN`, `donate EVENT [FIELD=VALUE …]`, `set
  /// NAME VALUE`, `perform ACTION [INPUT=VALUE …]`, `write STORE.KEY VALUE`, `relaunch`.
  private func usageAction(_ verb: Located<String>, _ c: inout Cursor, references refs: inout [NameReference]) throws(Diagnostic)
    -> Usage.Action
  {
    let action: Usage.Action
    switch verb.value {
    case "open":
      let screen = try c.name("a screen name")
      refs.append(NameReference(.screen, screen))
      action = .open(screen.value, for: .minutes(1))
    case "donate":
      let event = try c.name("an event name")
      refs.append(NameReference(.event, event))
      var fields: [String: Value] = [:]
      while c.tokens.count > c.index + 1, c.tokens[c.index + 1].isSymbol("=") {
        let field = try c.name("FIELD=VALUE")
        refs.append(NameReference(.field(event: event.value), field))
        try c.symbol("=")
        fields[field.value] = try c.value().value
      }
      action = .donate(event.value, fields: fields)
    case "set":
      let parameter = try c.name("a parameter or an app condition")
      refs.append(NameReference(.settable, parameter))
      action = .set(parameter.value, try c.value().value)
    case "perform":
      let name = try c.name("an action name")
      refs.append(NameReference(.appAction, name))
      var inputs: [String: Value] = [:]
      while c.tokens.count > c.index + 1, c.tokens[c.index + 1].isSymbol("=") {
        let input = try c.name("INPUT=VALUE")
        try c.symbol("=")
        inputs[input.value] = try c.value(orNil: true).value
      }
      action = .perform(name.value, inputs: inputs)
    case "write":
      let (store, key) = try c.dotted("STORE.KEY")
      refs += [NameReference(.store, store), NameReference(.storeKey(store: store.value), key)]
      action = .write(StoreKey(store: store.value, key: key.value), try c.value().value)
    default:
      action = .relaunch
    }
    return action
  }

  /// `ACTION [P%]; ACTION [P%] …` after an `open` line's colon: what a user does during each
  /// visit, each with its chance (100% when left out).
  private func visits(_ c: inout Cursor, references refs: inout [NameReference]) throws(Diagnostic) -> [Usage.Visit] {
    var visits: [Usage.Visit] = []
    repeat {
      let verb = try c.word(oneOf: ["donate", "set", "write", "perform"], what: "action during a visit")
      let action = try usageAction(verb, &c, references: &refs)
      var probability = 1.0
      if let token = c.peek, token.isNumber { probability = try percent(&c) / 100 }
      visits.append(Usage.Visit(action: action, probability: probability))
    } while c.take(symbol: ";")
    try c.finish("the visit's actions")
    return visits
  }

  /// `[RATE per day|week] [on DAYS] [DIST] [at HH:MM] [for DURATION]`, the clauses after the
  /// rate in any order: 1 per day and `fixed` when left out; a weekly rate is spread over the
  /// days it happens on; `for` only after `open`.
  private func schedule(of action: Usage.Action, _ c: inout Cursor) throws(Diagnostic) -> Usage {
    var rate = (count: 1.0, perWeek: false)
    if let token = c.peek, token.isNumber {
      rate.count = try number(&c, "a rate, e.g. 2 per day")
      rate.perWeek = try per(&c) != 1
      // A person's rate: past one a second it is a typo, and it would fill memory.
      guard rate.count <= (rate.perWeek ? 7 : 1) * 86_400 else {
        throw c.error("a usage line happens at most once a second: 86400 per day, 604800 per week", at: token)
      }
    }
    var usage = Usage(action: action, perDay: 1, distribution: .fixed)
    var seen: Set<String> = []
    while let token = c.peek, !token.isSymbol(":") {
      let clause = token.name ?? ""
      let isDistribution = Distribution(rawValue: clause) != nil
      guard ["on", "at", "for"].contains(clause) || isDistribution else {
        throw c.error(
          "unexpected '\(token.display)' in the usage line: after the rate come `on DAYS`, fixed|poisson|heavytail, `at HH:MM`, `for DURATION`",
          at: token)
      }
      let key = isDistribution ? "distribution" : clause
      guard seen.insert(key).inserted else {
        throw c.error("the usage line already has its \(isDistribution ? "distribution" : "`\(clause)`")", at: token)
      }
      c.index += 1
      switch clause {
      case "on": usage.days = try weekdays(&c)
      case "at":
        let at = c.peek
        guard let seconds = try c.timeOfDay() else { throw c.error("expected a time of day such as 08:00 after `at`", at: at) }
        if let next = c.peek, let word = next.name?.lowercased(), word == "am" || word == "pm" {
          throw c.error(TimeOfDayText.twelveHour(hour: seconds / 3600, minute: seconds / 60 % 60, word), at: next)
        }
        usage.timeOfDay = seconds
      case "for":
        guard case .open(let screen, _) = action else { throw c.error("only `open` takes `for DURATION`", at: token) }
        usage.action = .open(screen, for: try c.duration().value)
      default: usage.distribution = Distribution(rawValue: clause) ?? .fixed
      }
    }
    usage.perDay = rate.perWeek ? rate.count / Double(usage.days.count) : rate.count
    return usage
  }

  /// `weekends`, `weekdays`, or days separated by commas: `sat,sun`, `mon, wed, friday`.
  private func weekdays(_ c: inout Cursor) throws(Diagnostic) -> Weekdays {
    if c.take(word: "weekends") { return .weekends }
    if c.take(word: "weekdays") { return .weekdays }
    var days: Weekdays = []
    repeat {
      let what = "a day of the week (mon … sun), weekends or weekdays"
      guard let token = c.peek, let word = token.name?.lowercased(), word.count >= 3 else { throw c.expected(what) }
      let full = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
      guard let day = full.firstIndex(where: { $0.hasPrefix(word) }) else {
        let plural = ["weekend", "weekday"].contains(word) ? ": did you mean `\(word)s`?" : ""
        throw c.error("'\(token.display)' is not \(what)\(plural)", at: token)
      }
      days.insert(Weekdays(day: day))
      c.index += 1
    } while c.take(symbol: ",")
    return days
  }

  private func number(_ c: inout Cursor, _ what: String) throws(Diagnostic) -> Double {
    guard let token = c.peek else { throw c.expected(what) }
    switch token.kind {
    case .integer(let i):
      c.index += 1
      return Double(i)
    case .decimal(let d):
      c.index += 1
      return d
    default: throw c.expected(what)
    }
  }

  private func percent(_ c: inout Cursor) throws(Diagnostic) -> Double {
    let start = c.peek
    let value = try number(&c, "a percentage such as 60%")
    try c.symbol("%")
    guard (0...100).contains(value) else { throw c.error("a percentage is between 0% and 100%", at: start) }
    return value
  }

  /// `per day` or `per week`: the factor to a daily rate.
  private func per(_ c: inout Cursor) throws(Diagnostic) -> Double {
    guard c.take(word: "per") else { throw c.expected("`per day` or `per week`") }
    return try c.word(oneOf: ["day", "week"], what: "period").value == "day" ? 1 : 1.0 / 7
  }
}
