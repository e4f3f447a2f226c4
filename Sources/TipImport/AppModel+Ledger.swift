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
    previewOnlyType(in: site.type).map { "in \($0.name), which is built only in a preview or test at \($0.place.fileLine)" }
  }
}
