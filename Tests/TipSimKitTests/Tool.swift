import Foundation

/// A program run through `/usr/bin/env` (found on PATH), waited for: its status, standard
/// output and standard error, with `input` on its standard input.
enum Tool {
  static func run(_ arguments: [String], input: String = "") throws -> (status: Int32, output: String, errors: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let stdin = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = stdin
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
  }
}
