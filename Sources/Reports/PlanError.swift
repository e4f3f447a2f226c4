/// A plan that cannot run: a target or a tune this session cannot take.
public struct PlanError: Error, Sendable {
  public var message: String
  init(_ message: String) { self.message = message }
}
