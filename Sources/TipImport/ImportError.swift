/// Why the importer stopped: nothing readable, or no tip.
public struct ImportError: Error, Sendable, CustomStringConvertible {
  public var message: String
  /// The importer wrote a scenario the language refuses: its fault, not the input's.
  public var isImporterBug = false
  public init(_ message: String, isImporterBug: Bool = false) {
    self.message = message
    self.isImporterBug = isImporterBug
  }
  public var description: String { message }
}
