import Foundation

/// A history path that fails the same way on Linux and on a Mac, for root too: its lock file
/// (`PATH.lock`) is a folder, which `open` refuses (EISDIR) before anything is written.
enum UnwritableHistory {
  static func make() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-unwritable-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path + ".lock", withIntermediateDirectories: true)
    return path
  }

  static func remove(_ path: String) {
    try? FileManager.default.removeItem(atPath: path + ".lock")
    try? FileManager.default.removeItem(atPath: path)
  }
}
