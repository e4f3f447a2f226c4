/// A position in a scenario's text: 1-based line and column (columns count characters).
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public static func < (a: SourceLocation, b: SourceLocation) -> Bool { (a.line, a.column) < (b.line, b.column) }
  public var description: String { "\(line):\(column)" }
}

/// A value with the place in the text it came from.
public struct Located<Value: Hashable & Sendable>: Hashable, Sendable {
  public var value: Value
  public var location: SourceLocation
  /// How many characters the text spans, for the caret's underline.
  public var length: Int

  public init(_ value: Value, at location: SourceLocation, length: Int = 1) {
    self.value = value
    self.location = location
    self.length = length
  }
}
