import Simulation
import TipEngine

/// An ordered JSON object.
public struct JSONObject: Hashable, Sendable {
  public private(set) var pairs: [(String, JSONValue)] = []

  public init() {}

  public subscript(key: String) -> JSONValue? {
    get { pairs.first { $0.0 == key }?.1 }
    set {
      let value = newValue ?? .null
      if let index = pairs.firstIndex(where: { $0.0 == key }) { pairs[index].1 = value } else { pairs.append((key, value)) }
    }
  }

  public static func == (a: JSONObject, b: JSONObject) -> Bool {
    a.pairs.count == b.pairs.count && zip(a.pairs, b.pairs).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
  }

  public func hash(into hasher: inout Hasher) {
    for (k, v) in pairs {
      hasher.combine(k)
      hasher.combine(v)
    }
  }
}
