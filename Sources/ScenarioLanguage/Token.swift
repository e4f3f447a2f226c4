import Simulation
import TipEngine

/// One lexical token of a scenario line.
public struct Token: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    case name(String)
    case integer(Int)
    case decimal(Double)
    case string(String)
    case duration(TimeSpan)
    case instant(CivilTime)
    /// `. : , ( ) ; = == != < <= > >= && || !`
    case symbol(String)
  }

  public var kind: Kind
  public var location: SourceLocation
  public var length: Int

  public var name: String? { if case .name(let n) = kind { n } else { nil } }

  public var isNumber: Bool {
    switch kind {
    case .integer, .decimal: true
    default: false
    }
  }

  public func isSymbol(_ s: String) -> Bool { kind == .symbol(s) }
  public func isName(_ s: String) -> Bool { kind == .name(s) }

  /// The token as a user would quote it in a message.
  public var display: String {
    switch kind {
    case .name(let n): n
    case .integer(let i): String(i)
    case .decimal(let d): String(d)
    case .string(let s): "\"\(s)\""
    case .duration(let d): d.description
    case .instant(let c): c.iso
    case .symbol(let s): s
    }
  }
}
