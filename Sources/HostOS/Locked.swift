import Foundation

/// A value that several threads read and change, one at a time. `NSLock` exists on macOS 14
/// and iOS 17, which TipKit apps target; the standard library's `Mutex` needs macOS 15.
public final class Locked<Value>: @unchecked Sendable {
  private var value: Value
  private let lock = NSLock()

  public init(_ value: Value) { self.value = value }

  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
