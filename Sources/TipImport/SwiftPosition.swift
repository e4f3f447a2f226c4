/// A place in a Swift source file, as `file:line:column`.
package struct SwiftPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
  package var file: String
  package var line: Int
  package var column: Int

  package init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  package var description: String { "\(file):\(line):\(column)" }
  /// `file:line`, the form the imported scenario's comments use.
  package var fileLine: String { "\(file):\(line)" }

  package static func < (a: SwiftPosition, b: SwiftPosition) -> Bool {
    (a.file, a.line, a.column) < (b.file, b.line, b.column)
  }
}
