import ArgumentParser
import Foundation

/// `--compare-ref REF`: a path as it is at a git revision, copied out with `git archive` into a
/// temporary folder, leaving the working tree and the index as they were.
enum RevisionCopy {
  /// The copy of `paths` (relative to the current folder, inside a repository) at `ref`: the
  /// same relative paths under a new temporary folder, which the caller removes. `copy` is the
  /// one path's copy, or the folder for several.
  static func extract(_ paths: [String], at ref: String) throws -> (copy: String, folder: String) {
    for path in paths where path.hasPrefix("/") || path.split(separator: "/").contains("..") {
      throw ValidationError("--compare-ref reads \(path) at \(ref): give the path relative to this folder, inside the repository")
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-compare-ref-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let archive = folder + "/version.tar"
    // In a subfolder of the repository, git archive writes paths relative to it.
    try run(["git", "archive", "--format=tar", "-o", archive, ref, "--"] + paths, what: "git archive \(ref)")
    try run(["tar", "-xf", archive, "-C", folder], what: "tar -xf")
    try? FileManager.default.removeItem(atPath: archive)
    return (paths.count == 1 ? folder + "/" + paths[0] : folder, folder)
  }

  private static func run(_ arguments: [String], what: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    do { try process.run() } catch { throw ValidationError("--compare-ref: cannot run \(arguments[0]): \(error.localizedDescription)") }
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw ValidationError("--compare-ref: \(what) failed: \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
    }
  }
}
