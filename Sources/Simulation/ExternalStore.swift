import TipEngine

/// An external key-value store (UserDefaults, a view model) that the app owns.
public struct ExternalStore: Hashable, Sendable {
  public var name: String
  public var keys: [String] = []
  public var values: [String: Value] = [:]
  /// The declared values, which a new device starts from.
  public var initial: [String: Value] = [:]
}
