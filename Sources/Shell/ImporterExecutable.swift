import Foundation

/// `tipsim-import`, the Swift importer, run the way `git` runs its subcommands: an executable
/// beside this one. It links swift-syntax, which takes minutes to build, so `tipsim` itself
/// does not; text (the scenario on standard output, the summary on standard error) is the
/// interface between them.
public enum ImporterExecutable {
  public static let name = "tipsim-import"

  /// Its path: `TIPSIM_IMPORT` when set (the package plugins, whose tools SwiftPM names
  /// otherwise), or beside the running executable, when it has been built.
  public static func path() -> String? {
    if let given = ProcessInfo.processInfo.environment["TIPSIM_IMPORT"], FileManager.default.isExecutableFile(atPath: given) {
      return given
    }
    guard let folder = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent() else { return nil }
    let candidate = folder.appendingPathComponent(name).path
    return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
  }

  /// What to say when it is missing: where it was looked for and how to build it.
  public static var missingMessage: String {
    let folder = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent().path ?? "this executable's folder"
    let configuration = folder.hasSuffix("/release") ? "-c release " : ""
    return """
      error: importing Swift needs the \(name) executable beside tipsim (in \(folder)), and it is not built.
      Build it once with: swift build \(configuration)--product \(name)
      (it compiles swift-syntax: about a minute for a debug build, six for a release build)
      """
  }

  /// Runs it with `arguments`, its output going where this process's goes; its exit status,
  /// or 2 (with the message on standard error) when it is missing or cannot start.
  public static func run(_ arguments: [String]) -> Int32 {
    guard let path = path() else {
      FileHandle.standardError.write(Data((missingMessage + "\n").utf8))
      return 2
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    do { try process.run() } catch {
      FileHandle.standardError.write(Data("error: cannot start \(path): \(error.localizedDescription)\n".utf8))
      return 2
    }
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Runs it and collects what it prints: (exit status, standard output, standard error).
  public static func capture(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
    guard let path = path() else { return (2, "", missingMessage) }
    // Standard error goes to a file: reading two pipes in turn can wait forever on a child
    // that fills the other one.
    let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-import-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: errorFile) }
    guard FileManager.default.createFile(atPath: errorFile.path, contents: nil),
      let errorHandle = try? FileHandle(forWritingTo: errorFile)
    else { return (2, "", "error: cannot create \(errorFile.path)") }
    defer { try? errorHandle.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = errorHandle
    do { try process.run() } catch { return (2, "", "error: cannot start \(path): \(error.localizedDescription)") }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
    return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), errors)
  }
}
