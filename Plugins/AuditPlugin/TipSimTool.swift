import Foundation
import PackagePlugin

/// Runs a `tipsim` subcommand from the package's folder: on the paths given, or else on every
/// source target that is not a test's, so the findings name places in the package.
enum TipSimTool {
  /// The options of `tipsim audit` and `tipsim lint` that take a value: a file or folder after
  /// one is that value (`--baseline FILE`, `--emit-tests DIR`), not a path to read.
  static let optionsWithValues: Set<String> = [
    "--baseline", "--write-baseline", "--emit-tests", "--cohorts", "--reporter", "--days", "--budget", "--platform",
  ]

  /// The arguments that are paths to read: existing files and folders not given as an
  /// option's value.
  static func paths(in arguments: [String], exists: (String) -> Bool) -> [String] {
    var paths: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if optionsWithValues.contains(argument) {
        index += 2
        continue
      }
      if !argument.hasPrefix("-") && exists(argument) { paths.append(argument) }
      index += 1
    }
    return paths
  }

  static func run(_ subcommand: String, context: PluginContext, arguments: [String]) throws {
    let tipsim = try context.tool(named: "tipsim")
    let importer = try context.tool(named: "tipsim-import")
    let givesPaths = !paths(in: arguments, exists: { FileManager.default.fileExists(atPath: $0) }).isEmpty
    let root = context.package.directoryURL.path + "/"
    let sources = context.package.targets.compactMap { $0 as? SourceModuleTarget }.filter { $0.kind != .test }
      .flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url.path) }
      .map { $0.hasPrefix(root) ? String($0.dropFirst(root.count)) : $0 }
    let process = Process()
    process.executableURL = tipsim.url
    process.arguments = [subcommand] + arguments + (givesPaths ? [] : sources)
    process.currentDirectoryURL = context.package.directoryURL
    // SwiftPM names the plugin's tools otherwise: `tipsim` is told where the importer is.
    process.environment = ProcessInfo.processInfo.environment.merging(["TIPSIM_IMPORT": importer.url.path]) { $1 }
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus != 0 {
      Diagnostics.error("tipsim \(subcommand) exited with status \(process.terminationStatus)")
    }
  }
}
