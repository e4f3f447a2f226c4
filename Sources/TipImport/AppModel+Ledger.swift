/// The ledger of every use of a tip (`ValueFlow`) and what it needs: which types the app's
/// users can reach.
extension AppModel {
  /// Types named only in previews and test code, each with where: a view built only there
  /// shows nothing to users. A type named in the app's code, or in one of its strings (a
  /// storyboard id, `NSClassFromString`), or nowhere at all (built by something the code read
  /// does not show), is reachable.
  static func previewOnly(_ files: [FileFacts]) -> [String: SwiftPosition] {
    var mentions = TypeMentions()
    for file in files {
      var own = file.mentions
      if file.isTestCode {
        own.inPreview.merge(own.inApp) { first, _ in first }
        own.inApp = [:]
      }
      mentions.merge(own)
    }
    return mentions.inPreview.filter { mentions.inApp[$0.key] == nil && !mentions.strings.contains($0.key) }
  }

  /// Whether code in a type of this path runs for the app's users: none of the types around
  /// it is built only in previews.
  func isReachable(type path: [String]?) -> Bool { previewOnlyType(in: path) == nil }

  /// The outermost type of the path that is built only in previews, with where.
  func previewOnlyType(in path: [String]?) -> (name: String, place: SwiftPosition)? {
    for name in path ?? [] { if let place = previewOnlyTypes[name] { return (name, place) } }
    return nil
  }

  /// Why a display site's code never runs for users, when it does not: "in HomeView, which is
  /// built only in a preview at File.swift:48".
  func unreachableReason(of site: Site) -> String? {
    if let type = previewOnlyType(in: site.type) {
      return "in \(type.name), which is built only in a preview or test at \(type.place.fileLine)"
    }
    return unusedExtensionMember(of: site)
  }

  /// "in hint(), declared in an extension of View at File.swift:12, which no code read uses":
  /// a member only the app's code can run (`Site.extensionMember`), of a type the code read
  /// does not declare and extends with no conformance, whose name no code refers to.
  private func unusedExtensionMember(of site: Site) -> String? {
    guard let place = site.extensionMember, let name = site.member, !usedNames.contains(name), let path = site.type,
      let type = resolveType(path.joined(separator: "."), from: nil, file: place.file),
      types[type].fragment.isExtension,
      // No extension read makes the type conform to anything whose requirement the member may be.
      !files.contains(where: { $0.types.contains { $0.path == path && !$0.inherited.isEmpty } })
    else { return nil }
    return "in \(name), declared in an extension of \(path.joined(separator: ".")) at \(place.fileLine), which no code read uses"
  }
}
