/// A place in a Swift source file, as `file:line:column`.
public struct SwiftPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var file: String
  public var line: Int
  public var column: Int

  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  public var description: String { "\(file):\(line):\(column)" }
  /// `file:line`, the form the imported scenario's comments use.
  public var fileLine: String { "\(file):\(line)" }

  public static func < (a: SwiftPosition, b: SwiftPosition) -> Bool {
    (a.file, a.line, a.column) < (b.file, b.line, b.column)
  }
}
