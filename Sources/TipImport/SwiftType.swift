/// One Swift type of the app: its declaration and extensions merged.
struct SwiftType {
  /// The declaration, with the members of its extensions merged in.
  var fragment: TypeFragment
  /// The folder that holds its declaration (its file's parent folder's name).
  var folder: String
  var isTip: Bool

  var path: [String] { fragment.path }
  var position: SwiftPosition { fragment.position }
  /// The `#if` conditions around the declaration.
  var conditions: [String] { fragment.conditions }

  var qualifiedName: String { path.joined(separator: ".") }
  /// The contract's tip name: a nested type is `Outer_Inner`.
  var underscoredName: String { path.joined(separator: "_") }

  init(fragment: TypeFragment) {
    self.fragment = fragment
    let parts = fragment.position.file.split(separator: "/")
    folder = parts.count >= 2 ? String(parts[parts.count - 2]) : "root"
    isTip = SwiftType.conformsToTip(fragment.inherited)
  }

  static func conformsToTip(_ inherited: [String]) -> Bool {
    inherited.contains { ["Tip", "TipKit.Tip", "Tips.Tip"].contains($0) }
  }

  /// Adds an extension's members.
  mutating func merge(_ other: TypeFragment) {
    if SwiftType.conformsToTip(other.inherited) { isTip = true }
    if fragment.id == nil {
      fragment.id = other.id
      fragment.idPosition = other.idPosition
    }
    fragment.title = fragment.title ?? other.title
    fragment.message = fragment.message ?? other.message
    fragment.image = fragment.image ?? other.image
    fragment.rules += other.rules
    fragment.options += other.options
    fragment.actions += other.actions
    fragment.parameters += other.parameters
    fragment.events += other.events
    fragment.constants.merge(other.constants) { a, _ in a }
    fragment.propertyTypes.merge(other.propertyTypes) { a, _ in a }
    fragment.notes += other.notes
    fragment.textChoices += other.textChoices
    fragment.textFromInstance = fragment.textFromInstance || other.textFromInstance
  }
}
