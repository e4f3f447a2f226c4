/// The app's tips, parameters, events, groups and screens, resolved across every file read and
/// named by the import contract.
struct AppModel {
  var files: [FileFacts]
  /// The platform whose code was read.
  var target: BuildTarget
  var types: [SwiftType] = []
  var parameters: [ImportedParameter] = []
  var events: [ImportedEvent] = []
  var tips: [ImportedTip] = []
  var groups: [ImportedGroup] = []
  var screens: [ImportedScreen] = []
  /// The `Tips.configure` call the app's users run, and the others.
  var configure: Site?
  var otherConfigures: [Site] = []
  /// Uses of members by name under conditions, from every file (`FileFacts.memberUses`).
  var memberUses: [MemberUse] = []
  /// Every site outside declarations, with the file it is in.
  var sites: [(site: Site, testCode: Bool)] = []
  /// Every routine of every file, each with its sites (indices into `sites`) in order.
  var routines: [AppRoutine] = []
  /// The routine (index into `routines`) of each site, when it is in one.
  var siteRoutines: [Int?] = []
  var routinesByName: [String: [Int]] = [:]
  /// Routines by their type's path and name (`HomeView.setUp`): a call on `self` is found
  /// without going through every routine of its name (a large app has one `setUp` a screen).
  var routinesByOwner: [String: [Int]] = [:]
  /// The app's own code that runs by itself, as reactions (`AppModel+Reactions`).
  var reactions: [ImportedReaction] = []
  /// The app's code that something the sources do not show calls, as actions (`AppModel+Actions`).
  var actions: [ImportedAction] = []
  /// What the app's code tests that the import cannot decide (`AppModel+Conditions`).
  var conditions: [ImportedCondition] = []
  /// Conditions the code tests that gate nothing a tip reads: not written, only counted.
  var unusedConditions = 0
  /// The routines that run at launch or as a screen appears or disappears, and which
  /// routines touch tips (nil: not asked yet): found by the reactions, read by the actions.
  var roots: Set<Int> = []
  var touches: [Bool?] = []
  /// Conditions on display sites: the anchor starts hidden (`AppModel+Helpers`).
  var hiddenAnchors: Set<String> = []
  /// Declarations and sites that were not translated, each with why: the summary lists them.
  var untranslated: [Note] = []
  /// Types named only in previews and tests, with where (`AppModel+Ledger`).
  var previewOnlyTypes: [String: SwiftPosition] = [:]
  /// The names the app's code (not previews or tests) refers to, types' aside.
  var usedNames: Set<String> = []
  /// Where every tip's instances go (`ValueFlow`), once the tips are read.
  var flow: ValueFlow?
  /// Display sites the app's users never reach (under a constant that is false, in a view
  /// built only in previews): the ledger does not count them as displays.
  var deadDisplayPlaces: Set<SwiftPosition> = []
  /// Sites in code that never runs (the action handler of a tip that declares no action):
  /// accounted for, neither steps nor untranslated.
  var neverRun: Set<SwiftPosition> = []

  // Lookups by key, built as the model is: an app of a thousand files must not be read by
  // scanning every type for every name.
  var typesByPath: [[String]: [Int]] = [:]
  var typesByName: [String: [Int]] = [:]
  var firstConstant: [String: String] = [:]
  var firstPropertyType: [String: String] = [:]
  var parameterByMember: [String: Int] = [:]
  var eventByMember: [String: Int] = [:]
  var eventNames: Set<String> = []
  var tipByType: [Int: Int] = [:]

  init(files: [FileFacts], target: BuildTarget = BuildTarget()) {
    self.files = files
    self.target = target
    mergeTypes()
    for file in files {
      memberUses += file.isTestCode ? [] : file.memberUses
      let base = routines.count
      for var routine in file.routines {
        routine.parent = routine.parent.map { base + $0 }
        routines.append(AppRoutine(routine: routine, file: file.path, testCode: file.isTestCode))
      }
      for site in file.sites {
        let routine = site.routine.map { base + $0 }
        if let routine { routines[routine].sites.append(sites.count) }
        siteRoutines.append(routine)
        sites.append((site, file.isTestCode))
      }
    }
    for (index, routine) in routines.enumerated() {
      guard let name = routine.routine.name else { continue }
      routinesByName[name, default: []].append(index)
      routinesByOwner[AppModel.ownerKey(routine.routine.type, name), default: []].append(index)
    }
    previewOnlyTypes = AppModel.previewOnly(files)
    for file in files where !file.isTestCode { usedNames.formUnion(file.mentions.members) }
    readParameters()
    readEvents()
    readTips()
    readGroups()
    flow = ValueFlow(model: self)
    readDisplays()
    readUsages()
    readConfiguration()
    readReactions()
    readActions()
    keepRelevantConditions()
    noteEffectsNotRun()
  }

  // MARK: Types

  mutating func mergeTypes() {
    let fragments = files.flatMap(\.types)
    for fragment in fragments where !fragment.isExtension {
      typesByPath[fragment.path, default: []].append(types.count)
      types.append(SwiftType(fragment: fragment))
    }
    for fragment in fragments where fragment.isExtension {
      let matches = typesByPath[fragment.path] ?? []
      let folder = SwiftType(fragment: fragment).folder
      if let best = matches.first(where: { types[$0].position.file == fragment.position.file })
        ?? matches.first(where: { types[$0].folder == folder }) ?? matches.first
      {
        types[best].merge(fragment)
      } else {
        // The type is declared outside what was read (or is TipKit's own): its extension
        // stands for it.
        typesByPath[fragment.path, default: []].append(types.count)
        types.append(SwiftType(fragment: fragment))
      }
    }
    for (index, type) in types.enumerated() {
      if let last = type.path.last { typesByName[last, default: []].append(index) }
      firstConstant.merge(type.fragment.constants) { first, _ in first }
      firstPropertyType.merge(type.fragment.propertyTypes) { first, _ in first }
    }
  }

  static func memberKey(_ type: Int, _ member: String) -> String { "\(type).\(member)" }

  static func ownerKey(_ type: [String]?, _ name: String) -> String { (type ?? []).joined(separator: ".") + "#" + name }

  /// The type `text` names from inside `context` (a type's path): `Self`, a nested name, a
  /// qualified name, looked up from the innermost scope out; a tie goes to the same folder.
  func resolveType(_ text: String, from context: [String]?, file: String? = nil) -> Int? {
    var name = text
    if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
    if name.hasPrefix("TipKit.") { name.removeFirst(7) }
    let components = name.split(separator: ".").map(String.init)
    guard let last = components.last else { return nil }
    if components == ["Self"] || components == ["self"] {
      return context.flatMap { path in best(typesByPath[path] ?? [], file: file) }
    }
    // Every type read is named by its last name: most names (SwiftUI's, Foundation's) are none.
    guard let named = typesByName[last] else { return nil }
    var scope = context ?? []
    while true {
      let wanted = scope + components
      if let found = typesByPath[wanted], !found.isEmpty { return best(found, file: file) }
      if scope.isEmpty { break }
      scope.removeLast()
    }
    return best(named.filter { Array(types[$0].path.suffix(components.count)) == components }, file: file)
  }

  func best(_ candidates: [Int], file: String?) -> Int? {
    guard let file else { return candidates.first }
    if let same = candidates.first(where: { types[$0].position.file == file }) { return same }
    let folder = file.split(separator: "/").dropLast().last.map(String.init)
    return candidates.first { types[$0].folder == folder } ?? candidates.first
  }

  /// `Self.member`, `Type.member`, `member` (from inside `context`): the type and the member.
  func resolveMember(_ text: String, from context: [String]?, file: String?) -> (type: Int, member: String)? {
    var parts = text.split(separator: ".").map(String.init)
    guard let member = parts.popLast() else { return nil }
    if parts.isEmpty {
      // A bare member: the innermost enclosing type that has it.
      var scope = context ?? []
      while !scope.isEmpty {
        if let type = resolveType(scope.joined(separator: "."), from: nil, file: file) { return (type, member) }
        scope.removeLast()
      }
      return nil
    }
    guard let type = resolveType(parts.joined(separator: "."), from: context, file: file) else { return nil }
    return (type, member)
  }

}

/// A routine of the app, with the file it is in and its sites.
struct AppRoutine {
  var routine: Routine
  var file: String
  var testCode: Bool
  var sites: [Int] = []

  /// A readable name: `BirdsApp.init`, `HomeView.onAppear`, `setUpTips()`.
  var title: String {
    let owner = routine.type.map { $0.joined(separator: ".") + "." } ?? ""
    switch routine.kind {
    case .function(let name): return owner + name + "()"
    case .initializer: return owner + "init"
    case .appear(let modifier), .disappear(let modifier): return owner + modifier
    }
  }
}
