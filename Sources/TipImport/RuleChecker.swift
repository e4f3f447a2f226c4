import ScenarioLanguage
import TipEngine

/// Checks a translated rule as the language will, against the imported parameters and events:
/// its names and its types. A parameter whose type the Swift did not say stands in with a
/// type (a Bool, a `String?`) that a rule may not fit; such a rule stays a comment rather than
/// a line that stops the scenario. (Defining the import in a world to check it cost more than
/// the rest of a large import: BENCHMARKS.md.)
struct RuleChecker {
  private var parameters: [String: ParameterDefinition] = [:]
  private var fields: [String: Set<String>] = [:]

  init(parameters imported: [ImportedParameter], events: [ImportedEvent]) {
    // The definitions as the language reads them.
    let text = imported.map(\.definition).joined(separator: "\n")
    for statement in (try? Parser(source: text).parse()) ?? [] {
      if case .command(.defineParameter(let parameter, _)) = statement.action { parameters[parameter.name] = parameter }
    }
    for event in events { fields[event.name] = Set(event.fields) }
  }

  /// The rule as the language reads it in a tip, or why the language refuses it.
  func check(_ rule: String) -> Result<RuleExpression, Refusal> {
    do {
      guard let statement = try Parser(source: "tip _importCheck\n  rule \(rule)\n").parse().first,
        case .command(.defineTip(let tip, _)) = statement.action, let expression = tip.rules.first
      else { return .failure(Refusal(message: "it does not parse")) }
      for reference in statement.references {
        let name = reference.name.value
        switch reference.kind {
        case .parameter where parameters[name] == nil: return .failure(Refusal(message: "no parameter \(name)"))
        case .event where fields[name] == nil: return .failure(Refusal(message: "no event \(name)"))
        case .field(let event) where fields[event]?.contains(name) != true:
          return .failure(Refusal(message: "event \(event) has no field \(name)"))
        default: continue
        }
      }
      try Resolver.checkRules(of: tip, in: statement) { parameters[$0] }
      return .success(expression)
    } catch {
      return .failure(Refusal(message: error.message))
    }
  }

  /// `check` of each rule, on every core, in order.
  func checkEach(_ rules: [String]) -> [Result<RuleExpression, Refusal>] {
    onEveryCore(rules.count) { check(rules[$0]) }
  }

  struct Refusal: Error {
    var message: String
  }
}
