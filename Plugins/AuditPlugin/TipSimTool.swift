import Foundation
import PackagePlugin

/// Runs a `tipsim` subcommand from the package's folder: on the paths given, or else on every
/// source target that is not a test's, so the findings name places in the package.
enum TipSimTool {
  static func run(_ subcommand: String, context: PluginContext, arguments: [String]) throws {
    let tipsim = try context.tool(named: "tipsim")
    let importer = try context.tool(named: "tipsim-import")
    let givesPaths = arguments.contains { !$0.hasPrefix("-") && FileManager.default.fileExists(atPath: $0) }
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
