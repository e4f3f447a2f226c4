/// Uses of tips, parameters, events, screens and groups that no statement of a script
/// defines, gathered part by part as the script parses: a name misspelt in the script's last
/// line stops the run before its first line runs, as a syntax error does. A name defined
/// anywhere in the script is left to the run, which says when it is used before.
public struct UndefinedNames: Sendable {
  private var tips: Set<String> = []
  private var parameters: Set<String> = []
  private var events: Set<String> = []
  private var screens: Set<String> = []
  private var groups: Set<String> = []
  private var conditions: Set<String> = []
  /// Every name defined, in the script's order, for the diagnostic's list.
  private var definitions: [(kind: NameReference.Kind, name: String)] = []
  /// The first use of each name not defined when it was read, in script order, with its
  /// statement when an included file holds it (for the diagnostic's place).
  private var pending: [(reference: NameReference, included: Statement?)] = []

  public init() {}

  public mutating func scan(_ statements: [Statement]) {
    for statement in statements {
      for reference in statement.references {
        let name = reference.name.value
        if reference.defines {
          insert(name, kind: reference.kind)
        } else if isDefined(name, reference.kind) == false,
          !pending.contains(where: { $0.reference.kind == reference.kind && $0.reference.name.value == name })
        {
          pending.append((reference, statement.file == nil ? nil : statement))
        }
      }
    }
  }

  /// The first use of a name that neither the script nor `known` (what the session had
  /// before the script) defines, as the run would report it.
  public func firstUndefined(known: (NameReference.Kind) -> [String]) -> Diagnostic? {
    for (reference, included) in pending {
      let names = known(reference.kind) + definitions.filter { Self.kind($0.kind, answers: reference.kind) }.map(\.name)
      guard !names.contains(reference.name.value) else { continue }
      // As the run says it: without app conditions, what `set` writes is a parameter.
      let noConditions = conditions.isEmpty && known(.condition).isEmpty
      let diagnostic = Resolver.unknown(
        reference.kind == .settable && noConditions ? NameReference(.parameter, reference.name) : reference, known: names)
      return included?.locating(diagnostic) ?? diagnostic
    }
    return nil
  }

  /// The names of `kind` defined so far, when it is one of the kinds checked here.
  private func names(of kind: NameReference.Kind) -> Set<String>? {
    switch kind {
    case .tip: tips
    case .parameter: parameters
    case .event: events
    case .screen: screens
    case .group: groups
    case .condition: conditions
    default: nil
    }
  }

  /// Whether a name of `kind` is defined so far; nil for a kind not checked here.
  private func isDefined(_ name: String, _ kind: NameReference.Kind) -> Bool? {
    if kind == .settable { return parameters.contains(name) || conditions.contains(name) }
    return names(of: kind)?.contains(name)
  }

  /// Whether a definition of `defined` gives a name a reference of `used` may use: `set`
  /// writes a parameter or an app condition.
  private static func kind(_ defined: NameReference.Kind, answers used: NameReference.Kind) -> Bool {
    defined == used || used == .settable && (defined == .parameter || defined == .condition)
  }

  private mutating func insert(_ name: String, kind: NameReference.Kind) {
    if names(of: kind)?.contains(name) == false { definitions.append((kind, name)) }
    switch kind {
    case .tip: tips.insert(name)
    case .parameter: parameters.insert(name)
    case .event: events.insert(name)
    case .screen: screens.insert(name)
    case .group: groups.insert(name)
    case .condition: conditions.insert(name)
    default: break
    }
  }
}
