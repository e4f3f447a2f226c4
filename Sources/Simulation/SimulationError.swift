import TipEngine

/// Why the world refused a command. The language turns it into a diagnostic.
public struct SimulationError: Error, Hashable, Sendable {
  public var message: String
  public init(_ message: String) { self.message = message }
}
