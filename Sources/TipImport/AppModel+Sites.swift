/// Where the app displays, groups, donates, writes, invalidates and configures.
extension AppModel {
  // MARK: Displays, groups, usages

  /// The tip a display site or an invalidation names: `FavoriteTip()`, a property holding
  /// one, `self` inside a tip type.
  func tipIndex(displayedBy text: String, in site: Site) -> Int? {
    var expression = text
    if expression.hasPrefix("self.") { expression.removeFirst(5) }
    if expression == "self", let type = site.type, let own = resolveType(type.joined(separator: "."), from: nil, file: site.position.file) {
      return tipByType[own]
    }
    var typeText: String?
    if let open = expression.firstIndex(of: "("), expression.first?.isUppercase == true || expression.hasPrefix(".") == false {
      let callee = String(expression[..<open])
      if callee.split(separator: ".").last?.first?.isUppercase == true { typeText = callee }
    }
    if typeText == nil {
      let name = expression.split(separator: ".").last.map(String.init) ?? expression
      var scope = site.type ?? []
      while typeText == nil && !scope.isEmpty {
        if let owner = resolveType(scope.joined(separator: "."), from: nil, file: site.position.file) {
          typeText = types[owner].fragment.propertyTypes[name]
        }
        scope.removeLast()
      }
      if typeText == nil { typeText = firstPropertyType[name] }
    }
    guard let typeText, let type = resolveType(typeText, from: site.type, file: site.position.file) else { return nil }
    return tipByType[type]
  }

  mutating func readDisplays() {
    for (site, testCode) in sites where !testCode && !site.inPreview {
      guard case .display(let inline, let text) = site.kind else { continue }
      let screen = contractName(site.type.map { $0.joined(separator: "_") } ?? AppModel.fileStem(site.position.file))
      if let tip = tipIndex(displayedBy: text, in: site) {
        place([tip], on: screen, anchor: tips[tip].name, inline: inline, site: site)
      } else if let group = groupIndex(displayedBy: text) {
        // `TipView(group.currentTip)`: every member on one anchor, the group picks (rule 30).
        let members = groups[group].members.compactMap { name in tips.firstIndex { $0.name == name } }
        place(members, on: screen, anchor: groups[group].name, inline: inline, site: site)
      } else {
        untranslated.append(Note(position: site.position, text: "a display of \(text), which names no tip read"))
      }
    }
  }

  /// The group whose `currentTip` a display shows (`group.currentTip as? …` included).
  func groupIndex(displayedBy text: String) -> Int? {
    guard let range = text.range(of: ".currentTip") else { return nil }
    let owner = text[..<range.lowerBound].split(separator: ".").last.map(String.init) ?? ""
    return groups.firstIndex { $0.name == contractName(owner) }
  }

  mutating func place(_ shown: [Int], on screen: String, anchor: String, inline: Bool, site: Site) {
    if let existing = screens.firstIndex(where: { $0.name == screen }) {
      if !screens[existing].anchors.contains(anchor) { screens[existing].anchors.append(anchor) }
    } else {
      screens.append(ImportedScreen(name: screen, anchors: [anchor], position: site.position))
    }
    let style = inline ? "TipView (inline)" : ".popoverTip"
    for tip in shown {
      tips[tip].displays.append(site)
      if tips[tip].anchor == nil {
        tips[tip].anchor = (screen, anchor, inline)
        tips[tip].comments.append("displayed by \(style) in \(screen) at \(site.position.fileLine)")
      } else {
        tips[tip].comments.append("also displayed by \(style) in \(screen) at \(site.position.fileLine)")
      }
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
        name: contractName(name ?? "group\(groups.count + 1)"), ordered: ordered, members: [], position: site.position)
      group.comments.append("TipGroup at \(site.position.fileLine)")
      for note in notes { group.comments.append("\(note.text) (\(note.position.fileLine))") }
      for member in members {
        if let type = resolveType(member, from: site.type, file: site.position.file),
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
      case .donate(let text, _):
        if let (type, member) = resolveMember(text, from: site.type, file: site.position.file),
          let event = eventIndex(type: type, member: member)
        {
          events[event].donations.append(site)
        }
      case .parameterWrite(let text, _):
        let target = text.replacingOccurrences(of: "$", with: "")
        if let (type, member) = resolveMember(target, from: site.type, file: site.position.file),
          let parameter = parameterIndex(type: type, member: member)
        {
          parameters[parameter].writes.append(site)
        }
      case .invalidate(let text, _):
        if let tip = tipIndex(displayedBy: text, in: site) { tips[tip].invalidations.append(site) }
      default: break
      }
    }
  }

  /// The configure call of the app its users run: not in tests or previews, and not the
  /// `DEBUG` branch when a release call exists; the first of those in file order.
  mutating func readConfiguration() {
    let calls = sites.filter { if case .configure = $0.site.kind { true } else { false } }
    let release = calls.filter { !$0.testCode && !$0.site.inPreview && !$0.site.inDebug }
    let app = calls.filter { !$0.testCode && !$0.site.inPreview }
    configure = (release.first ?? app.first)?.site
    otherConfigures = calls.map(\.site).filter { $0.position != configure?.position }
  }
}
