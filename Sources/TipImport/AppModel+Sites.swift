import Simulation

/// Where the app displays, groups, donates, writes, invalidates and configures.
extension AppModel {
  // MARK: Displays, groups, usages

  /// The tip a display site or an invalidation names, read from its structure: a type's
  /// initializer (`FavoriteTip()`), a property holding one (`tip`, `self.model.tip`), `self`
  /// inside a tip type; through `AnyTip(…)`, casts and unwraps, and a function of the app's
  /// handed the tip (`wrap(tip: FavoriteTip())`), which returns or wraps it.
  func tipIndex(displayedBy expression: SwiftExpr, in site: Site) -> Int? {
    switch AppModel.bare(expression) {
    case .name("self"):
      guard let type = site.type, let own = resolveType(type.joined(separator: "."), from: nil, file: site.position.file) else {
        return nil
      }
      return tipByType[own]
    case .name(let name), .member(_, let name): return tipIndex(ofType: propertyType(of: name, at: site), at: site)
    case .call(let callee, let arguments):
      if callee.namesType { return tipIndex(ofType: AppModel.typeName(callee), at: site) }
      if case .member(let type?, "init") = callee, type.namesType { return tipIndex(ofType: AppModel.typeName(type), at: site) }
      // `passthrough(FavoriteTip())`: a function of the app's handed the tip, which it returns
      // (or wraps): the tip it is handed.
      guard callee.chain?.first?.first?.isLowercase == true, let first = arguments.first else { return nil }
      return tipIndex(displayedBy: first.value, in: site)
    default: return nil
    }
  }

  private func tipIndex(ofType text: String?, at site: Site) -> Int? {
    guard let text, let type = resolveType(text, from: site.type, file: site.position.file) else { return nil }
    return tipByType[type]
  }

  /// A type's name as a callee writes it (`Tips.FavoriteTip`, `Presenter` of `Presenter<T>`).
  static func typeName(_ callee: SwiftExpr) -> String? {
    if case .generic(let base, _) = callee { return typeName(base) }
    return callee.chain?.joined(separator: ".")
  }

  /// What a call calls (`TrackScreen` of `TrackScreen()`); anything else as it is.
  static func callee(of expression: SwiftExpr) -> SwiftExpr {
    if case .call(let callee, _) = expression { return callee }
    return expression
  }

  /// The type a property holds, as the code says it (`let tip = FavoriteTip()`): of the
  /// innermost type around `site` that declares it, else of the first type that does.
  func propertyType(of name: String, at site: Site) -> String? {
    propertyType(of: name, type: site.type, file: site.position.file)
  }

  func propertyType(of name: String, type: [String]?, file: String) -> String? {
    var scope = type ?? []
    while !scope.isEmpty {
      if let owner = resolveType(scope.joined(separator: "."), from: nil, file: file),
        let type = types[owner].fragment.propertyTypes[name]
      {
        return type
      }
      scope.removeLast()
    }
    return firstPropertyType[name]
  }

  /// A tip expression without what does not change which tip it is: unwraps, parentheses,
  /// casts, `AnyTip(…)`.
  static func bare(_ expression: SwiftExpr) -> SwiftExpr {
    switch expression.unwrapped {
    case .cast(let inner, _, _): bare(inner)
    case .call(.name("AnyTip"), let arguments) where arguments.count == 1: bare(arguments[0].value)
    case let other: other
    }
  }

  /// The tip type a tip expression is cast down to (`group.currentTip as? ExportTip`), if not
  /// `Tip`.
  static func cast(of expression: SwiftExpr) -> String? {
    switch expression.unwrapped {
    case .cast(_, let op, let type) where op == "as?" || op == "as!":
      ["any Tip", "Tip", "AnyTip", "(any Tip)"].contains(type) ? nil : type
    case .cast(let inner, _, _): cast(of: inner)
    case .call(.name("AnyTip"), let arguments) where arguments.count == 1: cast(of: arguments[0].value)
    default: nil
    }
  }

  mutating func readDisplays() {
    let (uses, notFollowed) = displayUses()
    untranslated += notFollowed
    for use in uses {
      let site = sites[use.screenSite].site
      let screen = screenName(of: site)
      let chain = use.via.compactMap { sites[$0].site.calleeName }
      // A view built only in previews or tests shows nothing to users.
      if let reason = unreachableReason(of: site) ?? unreachableReason(of: sites[use.display].site) {
        for tip in tipsShown(by: use) { tips[tip].deadDisplays.append("\(site.position.fileLine) \(reason)") }
        deadDisplayPlaces.insert(sites[use.display].site.position)
        continue
      }
      // A display in the code of its own screen (no helper between): the flow of values knows
      // which local or property it shows; a name the text resolves to a tip that cannot reach
      // it (two locals `tip` in one view controller) is the text's mistake.
      let followed = use.via.isEmpty ? flow?.displayed[sites[use.display].site.position] ?? [] : []
      if let tip = tipIndex(displayedBy: use.tip, in: site), followed.isEmpty || followed.contains(tip) {
        place([tip], on: screen, anchor: tips[tip].name, inline: use.inline, use: use, chain: chain)
      } else if !followed.isEmpty, groupIndex(displayedBy: use.tip, in: site) == nil {
        for tip in followed { place([tip], on: screen, anchor: tips[tip].name, inline: use.inline, use: use, chain: chain) }
      } else if let group = groupIndex(displayedBy: use.tip, in: site) {
        // `TipView(group.currentTip)`: every member on one anchor, the group picks (rule 30);
        // `currentTip as? ExportTip`: that member only, when it is the group's.
        var members = groups[group].members.compactMap { name in tips.firstIndex { $0.name == name } }
        if let cast = use.cast, let type = resolveType(cast, from: site.type, file: site.position.file), let tip = tipByType[type],
          members.contains(tip)
        {
          members = [tip]
        }
        place(members, on: screen, anchor: groups[group].name, inline: use.inline, use: use, chain: chain)
      } else if let shown = flow?.displayed[sites[use.display].site.position], !shown.isEmpty {
        // What the flow of values says reaches it (`T.shared`, a value cast back from `Any?`).
        for tip in shown { place([tip], on: screen, anchor: tips[tip].name, inline: use.inline, use: use, chain: chain) }
      } else {
        untranslated.append(Note(position: site.position, text: "a display of \(use.words), which names no tip read"))
      }
    }
  }

  /// The tips a display can show, however the import names them.
  private func tipsShown(by use: DisplayUse) -> [Int] {
    let site = sites[use.screenSite].site
    if let tip = tipIndex(displayedBy: use.tip, in: site) { return [tip] }
    if let group = groupIndex(displayedBy: use.tip, in: site) {
      return groups[group].members.compactMap { name in tips.firstIndex { $0.name == name } }
    }
    return flow?.displayed[sites[use.display].site.position] ?? []
  }

  /// The group whose `currentTip` a display shows (`group.currentTip as? …` included).
  /// Two types may each keep a group in a property of one name: the display's own type's
  /// first (groups of one name are `name`, `name_2`…).
  func groupIndex(displayedBy expression: SwiftExpr, in site: Site) -> Int? {
    guard case .member(let group?, "currentTip") = AppModel.bare(expression) else { return nil }
    let property = contractName(group.lastName ?? "")
    let named = groups.indices.filter { groups[$0].property == property }
    return named.first { groups[$0].owner == site.type } ?? named.first
  }

  /// The screen a site's code is on: its view or view controller type, named as tips are
  /// (`Outer_Inner`; `Folder_Name` when two types of the name are declared); without a type,
  /// its file.
  func screenName(of site: Site) -> String { screenName(type: site.type, file: site.position.file) }

  func screenName(type path: [String]?, file: String) -> String {
    guard let path else { return contractName(AppModel.fileStem(file)) }
    let name = path.joined(separator: "_")
    guard let type = resolveType(path.joined(separator: "."), from: nil, file: file) else { return contractName(name) }
    let declarations = Set(
      (typesByName[path.last ?? ""] ?? []).filter { types[$0].underscoredName == name && !types[$0].fragment.isExtension })
    return contractName(declarations.count > 1 ? types[type].folder + "_" + name : name)
  }

  mutating func place(_ shown: [Int], on screen: String, anchor: String, inline: Bool, use: DisplayUse, chain: [String]) {
    let place = sites[use.screenSite].site.position.fileLine
    // A display under a constant the code read makes false (`if Build.isBeta`) is none.
    for condition in use.hidingConditions {
      let site = sites[use.screenSite].site
      guard case .always(false)? = decide(condition, type: site.type, at: site.position) else { continue }
      for tip in shown {
        tips[tip].deadDisplays.append("\(place) under `\(condition.written)`, which a constant of the code read makes false")
      }
      deadDisplayPlaces.insert(sites[use.display].site.position)
      return
    }
    let index: Int
    // A second display on one anchor keeps the first's conditions: a display is there when
    // either's hold, which one list of tests cannot say, and the first's are written.
    var isNewAnchor = true
    if let existing = screens.firstIndex(where: { $0.name == screen }) {
      index = existing
      if screens[index].anchors.contains(anchor) { isNewAnchor = false } else { screens[index].anchors.append(anchor) }
    } else {
      index = screens.count
      screens.append(ImportedScreen(name: screen, anchors: [anchor], position: sites[use.screenSite].site.position))
    }
    let style = AppModel.style(of: sites[use.display].site, inline: inline)
    let via =
      chain.isEmpty
      ? "" : " (through the app's \(chain.joined(separator: ", then ")); its \(style) at \(sites[use.display].site.position.fileLine))"
    if !use.hidingConditions.isEmpty || !use.deferrals.isEmpty {
      // Each condition an app condition of the anchor; a closure that runs later, one that
      // is false until it has run.
      let site = sites[use.screenSite].site
      var tests: [ConditionTest] = []
      for condition in use.hidingConditions {
        if case .tests(let more)? = decide(condition, type: site.type, at: site.position) { tests += more.filter { !tests.contains($0) } }
      }
      for deferral in use.deferrals { tests.append(condition(shownAfter: deferral, on: screen)) }
      let words = (use.hidingConditions.map { "when `\($0.written)` holds" } + use.deferrals.map(\.words)).joined(separator: " and ")
      if !tests.isEmpty {
        if isNewAnchor { screens[index].conditions[anchor] = tests }
        screens[index].comments.append("\(anchor) is shown only \(words) (\(place)): while \(tests.text)")
      }
    }
    for note in use.notes { screens[index].comments.append("\(anchor): \(note) (\(place))") }
    for tip in shown {
      tips[tip].displays.append(sites[use.display].site)
      let also = tips[tip].anchors.isEmpty ? "" : "also "
      if !tips[tip].anchors.contains(where: { $0.screen == screen && $0.anchor == anchor }) {
        tips[tip].anchors.append((screen, anchor, inline, sites[use.display].site.via))
      }
      tips[tip].comments.append("\(also)displayed by \(style) in \(screen) at \(place)\(via)")
      for need in sites[use.display].site.displayNeeds { tips[tip].comments.append("  it uses \(need)") }
      if sites[use.display].site.passesTaps { tips[tip].passesTaps = true }
    }
  }

  /// How a display site shows its tip, in the comment's words.
  static func style(of site: Site, inline: Bool) -> String {
    guard case .display(let api, _, _, _, _) = site.kind else { return inline ? "TipView (inline)" : ".popoverTip" }
    switch api {
    case "popoverTip": return ".popoverTip"
    case "TipView": return "TipView (inline)"
    default: return api + (inline ? " (inline)" : " (popover)")
    }
  }

  static func fileStem(_ path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return name.hasSuffix(".swift") ? String(name.dropLast(6)) : name
  }

  mutating func readGroups() {
    for (site, testCode) in sites where !testCode && !site.inPreview {
      guard case .group(let name, let ordered, let members, let notes) = site.kind else { continue }
      var group = ImportedGroup(
        name: contractName(name ?? "group\(groups.count + 1)"), ordered: ordered, members: [], position: site.position, owner: site.type)
      group.comments.append("TipGroup at \(site.position.fileLine)")
      for note in notes { group.comments.append("\(note.text) (\(note.position.fileLine))") }
      for member in members {
        // A type (`ExportTip()`), or a property that holds a tip (`first`).
        let typeText = member.first?.isLowercase == true ? propertyType(of: member, at: site) : member
        if let typeText, let type = resolveType(typeText, from: site.type, file: site.position.file),
          let tip = tipByType[type]
        {
          group.members.append(tips[tip].name)
        } else {
          group.comments.append("member \(member) is not a tip read")
        }
      }
      if groups.contains(where: { $0.name == group.name }) { group.name += "_\(groups.count + 1)" }
      guard !group.members.isEmpty else {
        untranslated.append(Note(position: site.position, text: "a TipGroup with no tip read"))
        continue
      }
      groups.append(group)
    }
  }

  mutating func readUsages() {
    for (site, testCode) in sites where !testCode {
      switch site.kind {
      case .donate(let text, _, _, _):
        for event in donatedEvents(named: text, at: site) { events[event].donations.append(site) }
      case .parameterWrite(let text, _, _), .toggle(let text):
        if let parameter = parameterIndex(named: text, in: site) { parameters[parameter].writes.append(site) }
      case .invalidate(let expression, _, _):
        if let tip = tipIndex(displayedBy: expression, in: site) { tips[tip].invalidations.append(site) }
      default: break
      }
    }
  }

  /// The event a donation's base names (`Self.opened`, `AppEvents.opened`).
  func eventIndex(named text: String, in site: Site) -> Int? {
    guard let (type, member) = resolveMember(text, from: site.type, file: site.position.file) else { return nil }
    return eventIndex(type: type, member: member)
  }

  /// The events a donation can donate: the one its base names, else those the flow of values
  /// brings there (`func track(_ event: Tips.Event) { event.sendDonation() }`).
  func donatedEvents(named text: String, at site: Site) -> [Int] {
    if let event = eventIndex(named: text, in: site) { return [event] }
    return flow?.donated[site.position] ?? []
  }

  /// The parameter a write's target names (`Self.count`, `$count`, `Tip.count`).
  func parameterIndex(named text: String, in site: Site) -> Int? {
    let target = text.replacingOccurrences(of: "$", with: "")
    guard let (type, member) = resolveMember(target, from: site.type, file: site.position.file) else { return nil }
    return parameterIndex(type: type, member: member)
  }

  /// The configure call of the app its users run: not in tests or previews, and not under a
  /// flag (`#if DEBUG`) when a release call exists; the first of those in file order.
  mutating func readConfiguration() {
    let calls = sites.filter { if case .configure = $0.site.kind { true } else { false } }
    let release = calls.filter { !$0.testCode && !$0.site.inPreview && !$0.site.inDebug }
    let app = calls.filter { !$0.testCode && !$0.site.inPreview }
    configure = (release.first ?? app.first)?.site
    otherConfigures = calls.map(\.site).filter { $0.position != configure?.position }
  }
}

extension Site {
  /// What a call site calls, as a comment names it: `hint()`, `HintModifier`.
  var calleeName: String? {
    switch kind {
    case .call(let name, _, _): name + "()"
    case .instantiate(let type, _): type
    default: nil
    }
  }

  /// The routine a site is in, as a comment names it.
  var functionTitle: String {
    let owner = type.map { $0.joined(separator: ".") + "." } ?? ""
    return owner + (function.map { $0 == "init" ? "init" : $0 + "()" } ?? "body")
  }
}
