import Foundation
import Renderers
import Runner
import TipImport

/// The fixtures' folder: small apps written for these tests, one per concern.
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

/// Imports a fixture app, naming its files relative to the fixtures' folder.
func imported(_ app: String) throws -> SwiftImporter.Result {
  try SwiftImporter.run(paths: [app], in: fixtures)
}

/// Imports sources given as text.
func imported(_ sources: [(String, String)]) throws(ImportError) -> SwiftImporter.Result {
  try SwiftImporter.run(sources: sources.map { (path: $0.0, text: $0.1) })
}

extension SwiftImporter.Result {
  /// The scenario's lines without their comments.
  var definitions: [String] {
    scenario.split(separator: "\n").map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
  }

  var codes: [String] { findings.map(\.code) }
}

/// Runs `program` with `arguments` in `directory` (with `environment`, or this process's):
/// its exit status, standard output and standard error.
func runProgram(_ program: String, _ arguments: [String], in directory: String, environment: [String: String]? = nil) throws -> (
  status: Int32, output: String, errors: String
) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: program)
  process.arguments = arguments
  process.currentDirectoryURL = URL(fileURLWithPath: directory)
  if let environment { process.environment = environment }
  let output = Pipe()
  let errors = Pipe()
  process.standardOutput = output
  process.standardError = errors
  try process.run()
  let out = output.fileHandleForReading.readDataToEndOfFile()
  let err = errors.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
}

/// The path of a built executable of the package: beside this test bundle, or in
/// `.build/debug`; nil when it is not built.
func builtExecutable(_ name: String) -> String? {
  [
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name).path,
    CommandLineTests.root + "/.build/debug/" + name,
  ].first { FileManager.default.isExecutableFile(atPath: $0) }
}
