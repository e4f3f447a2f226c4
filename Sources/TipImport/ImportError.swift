/// Why the importer stopped: nothing readable, or no tip.
package struct ImportError: Error, Sendable, CustomStringConvertible {
  package var message: String
  /// The importer wrote a scenario the language refuses: its fault, not the input's.
  package var isImporterBug = false
  package init(_ message: String, isImporterBug: Bool = false) {
    self.message = message
    self.isImporterBug = isImporterBug
  }
  package var description: String { message }
}
