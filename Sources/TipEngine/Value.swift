/// A parameter value, a donation field value or a literal in a rule (spec rule 13: the
/// simulator supports Bool, Int, Double and String, and an optional of any of them).
public enum Value: Hashable, Sendable, CustomStringConvertible {
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  /// An optional parameter without a value (Swift's `nil`).
  case null

  public var type: ValueType {
    switch self {
    case .bool: .bool
    case .int: .int
    case .double: .double
    case .string: .string
    case .null: .null
    }
  }

  /// The literal as the scenario language writes it.
  public var description: String {
    switch self {
    case .bool(let b): b ? "true" : "false"
    case .int(let i): String(i)
    case .double(let d):
      d == d.rounded() && abs(d) < 1e15 ? String(format1: d) : String(d)
    case .string(let s): "\"" + s.replacingBackslashesAndQuotes() + "\""
    case .null: "nil"
    }
  }

  /// The value as a number, for Int and Double; nil otherwise.
  public var numeric: Double? {
    switch self {
    case .int(let i): Double(i)
    case .double(let d): d
    default: nil
    }
  }

  /// Compares two values with `op`; values of different kinds compare unequal (a rule reading
  /// them is rejected before it runs, so this is only a safe default). `nil` equals only
  /// `nil`, as Swift's optionals do, and is never less or greater than anything.
  public func compare(_ op: ComparisonOperator, _ other: Value) -> Bool {
    if let a = numeric, let b = other.numeric {
      return op.apply(a, b)
    }
    switch (self, other) {
    case (.null, .null): return op == .equal || op == .lessOrEqual || op == .greaterOrEqual
    case (.string(let a), .string(let b)): return op.apply(a, b)
    case (.bool(let a), .bool(let b)):
      switch op {
      case .equal: return a == b
      case .notEqual: return a != b
      default: return false
      }
    default:
      return op == .notEqual
    }
  }
}

/// The four value types of spec rule 13, and the type of the literal `nil`.
public enum ValueType: String, Hashable, Sendable, CaseIterable {
  case bool = "Bool"
  case int = "Int"
  case double = "Double"
  case string = "String"
  /// `nil`: only an optional parameter holds it.
  case null = "nil"

  /// The types a parameter can be declared with.
  public static let declarable: [ValueType] = [.bool, .int, .double, .string]

  public var isNumeric: Bool { self == .int || self == .double }

  /// Whether values of the two types can be compared with `op`.
  public func isComparable(with other: ValueType, by op: ComparisonOperator) -> Bool {
    if isNumeric && other.isNumeric { return true }
    guard self == other else { return false }
    return self != .bool || op == .equal || op == .notEqual
  }
}

extension String {
  init(format1 d: Double) {
    self = String(Int64(d)) + ".0"
  }

  func replacingBackslashesAndQuotes() -> String {
    var out = ""
    for c in self {
      switch c {
      case "\\": out += "\\\\"
      case "\"": out += "\\\""
      default: out.append(c)
      }
    }
    return out
  }
}
