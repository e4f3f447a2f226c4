import Foundation
import Testing

/// `.ci/setup` on a Mac (`uname` answers Darwin): it installs nothing and checks that the
/// Swift on PATH can build the package. Run here with stand-ins for `uname`, `swift` and
/// `apt-get` in front of PATH.
@Suite struct SetupScriptTests {
  @Test(arguments: [("6.2", true), ("6.3.1", true), ("6.10", true), ("6.1", false), ("5.10", false)])
  func onAMacItChecksSwiftAndInstallsNothing(version: String, passes: Bool) throws {
    let run = try Self.setup(swiftVersion: version)
    #expect((run.status == 0) == passes, "\(run.errors)")
    #expect(run.installed == false)
    if !passes { #expect(run.errors.contains("Swift 6.2 or later (Xcode 26 or later), found \(version)")) }
  }

  @Test func onAMacWithoutSwiftItSaysSo() throws {
    let run = try Self.setup(swiftVersion: nil)
    #expect(run.status == 1)
    #expect(run.errors.contains("found no swift"), "\(run.errors)")
  }

  /// Runs `.ci/setup --tests` as a Mac would, with `swift --version` printing `swiftVersion`
  /// (no `swift` at all when nil): its status, standard error, and whether apt-get ran.
  static func setup(swiftVersion: String?) throws -> (status: Int32, errors: String, installed: Bool) {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let bin = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-setup-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: bin) }
    let marker = bin.appendingPathComponent("apt-get-ran").path
    var tools = ["uname": "echo Darwin", "apt-get": "touch '\(marker)'", "id": "echo 0"]
    if let swiftVersion {
      tools["swift"] =
        "echo 'swift-driver version: 1.120.5 Apple Swift version \(swiftVersion) (swiftlang-6.2.0.19.9)'; echo 'Target: arm64-apple-macosx15.0'"
    }
    for (name, body) in tools {
      let path = bin.appendingPathComponent(name).path
      try "#!/bin/sh\n\(body)\n".write(toFile: path, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [root.appendingPathComponent(".ci/setup").path, "--tests"]
    // Only the stand-ins and the few tools the script itself uses (sed, head).
    process.environment = ["PATH": "\(bin.path):/usr/bin:/bin"]
    if swiftVersion == nil, FileManager.default.isExecutableFile(atPath: "/usr/bin/swift") {
      // A system swift would answer in place of the missing one.
      try "#!/bin/sh\nexit 127\n".write(toFile: bin.appendingPathComponent("swift").path, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent("swift").path)
    }
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text, FileManager.default.fileExists(atPath: marker))
  }
}
