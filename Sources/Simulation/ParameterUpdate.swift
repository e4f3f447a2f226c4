import TipEngine

/// A parameter written from a parameter's value, as app code does: `set appOpens += 1
/// atMost 99` (`X.appOpens = min(X.appOpens + 1, 99)`), `set a b` (a copy), `toggle a`.
public struct ParameterUpdate: Hashable, Sendable, CustomStringConvertible {
  /// The parameter read: the written one itself for `+=` and `toggle`.
  public var source: String
  /// `not`: the source's Bool negated.
  public var negates: Bool
  /// Added to the source's number (negative to subtract).
  public var offset: Value?
  /// The result is at most this (`min(…, N)`).
  public var atMost: Value?
  /// The result is at least this (`max(…, N)`).
  public var atLeast: Value?

  public init(source: String, negates: Bool = false, offset: Value? = nil, atMost: Value? = nil, atLeast: Value? = nil) {
    self.source = source
    self.negates = negates
    self.offset = offset
    self.atMost = atMost
    self.atLeast = atLeast
  }

  /// The value written to `target` when the source holds `current`, as a value of `type`.
  /// `nil` copies as `nil`. An `Int` past its range is an error: the app's `+` traps there.
  public func value(from current: Value, as type: ValueType, to target: String) throws(SimulationError) -> Value {
    if current == .null { return .null }
    if negates { return .bool(current != .bool(true)) }
    // Ints add as Ints: a Double is exact only up to 2^53.
    if type == .int, case .int(var int) = current, [offset, atMost, atLeast].allSatisfy({ $0 == nil || $0?.type == .int }) {
      if case .int(let add)? = offset {
        let (sum, overflow) = int.addingReportingOverflow(add)
        guard !overflow else { throw .outOfRange(parameter: target, update: description) }
        int = sum
      }
      if case .int(let cap)? = atMost { int = min(int, cap) }
      if case .int(let floor)? = atLeast { int = max(int, floor) }
      return .int(int)
    }
    guard var number = current.numeric else { return current }
    if let offset = offset?.numeric { number += offset }
    if let cap = atMost?.numeric { number = min(number, cap) }
    if let floor = atLeast?.numeric { number = max(number, floor) }
    guard type == .int else { return .double(number) }
    guard let int = Int(exactly: number.rounded(.towardZero)) else { throw .outOfRange(parameter: target, update: description) }
    return .int(int)
  }

  /// What follows `set NAME` in the language: `b + 1 atMost 99`, `not b`.
  public var description: String {
    var text = negates ? "not " + source : source
    if let offset, let number = offset.numeric {
      text += number < 0 ? " - " + Value.magnitude(offset).description : " + " + offset.description
    }
    if let atMost { text += " atMost \(atMost)" }
    if let atLeast { text += " atLeast \(atLeast)" }
    return text
  }
}

extension Value {
  /// A number without its sign.
  static func magnitude(_ value: Value) -> Value {
    switch value {
    case .int(let i): .int(abs(i))
    case .double(let d): .double(abs(d))
    default: value
    }
  }
}
