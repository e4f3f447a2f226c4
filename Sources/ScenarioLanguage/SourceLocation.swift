/// A position in a scenario's text: 1-based line and column (columns count characters).
package struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
  package var line: Int
  package var column: Int

  package init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  package static func < (a: SourceLocation, b: SourceLocation) -> Bool { (a.line, a.column) < (b.line, b.column) }
  package var description: String { "\(line):\(column)" }
}

/// A value with the place in the text it came from.
package struct Located<Value: Hashable & Sendable>: Hashable, Sendable {
  package var value: Value
  package var location: SourceLocation
  /// How many characters the text spans, for the caret's underline.
  package var length: Int

  package init(_ value: Value, at location: SourceLocation, length: Int = 1) {
    self.value = value
    self.location = location
    self.length = length
  }
}
