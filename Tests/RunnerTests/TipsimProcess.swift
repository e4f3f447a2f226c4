import Foundation
import Testing

/// What the built `tipsim` printed and exited with.
struct Output {
  var status: Int32
  var out: String
  var err: String
}

/// Runs the built `tipsim` in `folder` with the environment this test has, `GITHUB_ACTIONS`
/// removed, and `environment` added.
func tipsim(_ arguments: [String], environment: [String: String] = [:], in folder: URL) throws -> Output {
  let binary = try #require(StateFileKillTests.binary, "build tipsim first")
  let process = Process()
  process.executableURL = URL(fileURLWithPath: binary)
  process.arguments = arguments
  process.currentDirectoryURL = folder
  var env = ProcessInfo.processInfo.environment
  env["GITHUB_ACTIONS"] = nil
  env.merge(environment) { $1 }
  process.environment = env
  // Standard error goes to a file: reading two pipes in turn can wait forever on a child
  // that fills the other one.
  let errFile = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-stderr-\(UUID().uuidString).txt")
  _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)
  defer { try? FileManager.default.removeItem(at: errFile) }
  let errHandle = try FileHandle(forWritingTo: errFile)
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = errHandle
  try process.run()
  let out = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  try errHandle.close()
  return Output(
    status: process.terminationStatus, out: String(decoding: out, as: UTF8.self), err: try String(contentsOf: errFile, encoding: .utf8))
}
