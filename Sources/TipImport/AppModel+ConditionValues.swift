/// What the code read says of the value a condition tests on a fresh install: an
/// `@AppStorage` setting, a property declared with a literal, a `UserDefaults` read, a
/// `static let` constant. Each reads the tested expression's structure.
extension AppModel {
  /// The `@AppStorage` key and initial value of a property the expression names
  /// (`onboardingDone`, `Settings.onboardingDone`).
  func storedSetting(_ expr: SwiftExpr, type: [String]?, file: String) -> (String, String?)? {
    guard let chain = expr.chain, let (owner, member) = resolveMember(chain.joined(separator: "."), from: type, file: file),
      let setting = types[owner].fragment.storage[member]
    else { return nil }
    return (setting.key, setting.initial)
  }

  /// The owner and the value of an instance's `Bool` property the expression names by itself,
  /// which it declares with a literal (`@State private var showsList = false`).
  func initialBool(_ expr: SwiftExpr, type: [String]?, file: String) -> (String, Bool)? {
    guard let chain = expr.chain, chain.count == 1, let (owner, member) = resolveMember(chain[0], from: type, file: file),
      let value = types[owner].fragment.boolInitials[member]
    else { return nil }
    return ("\(types[owner].path.joined(separator: ".")).\(member)", value)
  }

  /// The owner and name of an instance's property that it declares empty (`@State private
  /// var queue: [Item] = []`), when the expression is its `isEmpty`.
  func startsEmpty(_ expr: SwiftExpr, type: [String]?, file: String) -> String? {
    guard case .member(let base?, "isEmpty") = expr, let chain = base.chain, chain.count == 1,
      let (owner, member) = resolveMember(chain[0], from: type, file: file), types[owner].fragment.emptyInitials.contains(member)
    else { return nil }
    return "\(types[owner].path.joined(separator: ".")).\(member)"
  }

  /// The value of a `static let` Bool constant the expression names (`Build.isBeta`, `isBeta`).
  func boolConstant(_ expr: SwiftExpr, type: [String]?, file: String) -> Bool? {
    guard let chain = expr.chain, let (owner, member) = resolveMember(chain.joined(separator: "."), from: type, file: file) else {
      return nil
    }
    return types[owner].fragment.boolConstants[member]
  }

  /// The key of a `Bool` read from `UserDefaults` (`UserDefaults.standard.bool(forKey:
  /// "key")`, or from a store of the app's: `UserDefaults.shared`, `UserDefaults(suiteName:
  /// …)!`), its key a literal or a string constant of the code read.
  func defaultsKey(read expr: SwiftExpr) -> String? {
    guard case .call(.member(let store?, "bool"), let arguments) = expr, AppModel.isDefaults(store),
      let key = arguments.first(where: { $0.label == "forKey" })?.value
    else { return nil }
    switch key {
    case .literal(let quoted) where quoted.hasPrefix("\""): return String(quoted.dropFirst().dropLast())
    default: return key.chain?.last.flatMap { firstConstant[$0] }
    }
  }

  /// `UserDefaults.standard`, a store an extension declares (`UserDefaults.shared`), or a
  /// suite's, `UserDefaults(suiteName: …)!`.
  private static func isDefaults(_ store: SwiftExpr) -> Bool {
    switch store {
    case .member(.name("UserDefaults")?, _), .forced(.call(.name("UserDefaults"), _)): true
    default: false
    }
  }

  /// The key a small function of the app's reads and returns (`static func started() -> Bool
  /// { UserDefaults.standard.bool(forKey: key) }`, called as `Onboarding.started()`).
  func defaultsKey(returnedBy expr: SwiftExpr, type: [String]?, file: String) -> String? {
    guard case .call(let callee, let arguments) = expr, arguments.isEmpty, let chain = callee.chain, let name = chain.last,
      let candidates = routinesByName[name]
    else { return nil }
    let owner = chain.dropLast().joined(separator: ".")
    let ownerType = owner.isEmpty ? nil : resolveType(owner, from: type, file: file).map { types[$0].path }
    let routine = candidates.first { ownerType == nil || routines[$0].routine.type == ownerType }
    return routine.flatMap { routines[$0].routine.returns }.flatMap { defaultsKey(read: $0) }
  }
}
