import Foundation
import PackagePlugin

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin
#endif

/// Runs a `tipsim` subcommand from the package's folder: on the paths given, or else on every
/// source target that is not a test's, so the findings name places in the package.
enum TipSimTool {
  /// The options of `tipsim audit` and `tipsim lint` that take a value: a file or folder after
  /// one is that value (`--baseline FILE`, `--emit-tests DIR`), not a path to read.
  static let optionsWithValues: Set<String> = [
    "--baseline", "--write-baseline", "--emit-tests", "--cohorts", "--reporter", "--days", "--budget", "--platform",
    "--compare", "--compare-ref", "--fail-on", "--format",
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

  /// In a package: on the paths given, or else on the Swift files of its source targets
  /// that are not tests'.
  /// In a package: on the paths given, or else on the Swift files of its source targets
  /// that are not tests'.
  static func run(_ subcommand: String, context: PluginContext, arguments: [String]) throws {
    let sources = context.package.targets.compactMap { $0 as? SourceModuleTarget }.filter { $0.kind != .test }
      .flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url.path) }
    try run(subcommand, tool: context.tool(named:), directory: context.package.directoryURL, sources: sources, arguments: arguments)
  }

  /// Runs `tipsim SUBCOMMAND` in `directory`, on the paths given or else on `sources` (named
  /// from `directory`, so the findings name places as the team sees them).
  static func run(
    _ subcommand: String, tool: (String) throws -> PluginContext.Tool, directory: URL, sources: [String], arguments: [String]
  ) throws {
    let tipsim = try tool("tipsim")
    let importer = try tool("tipsim-import")
    let givesPaths = !paths(in: arguments, exists: { FileManager.default.fileExists(atPath: $0) }).isEmpty
    let root = directory.path + "/"
    let relative = sources.map { $0.hasPrefix(root) ? String($0.dropFirst(root.count)) : $0 }
    let process = Process()
    process.executableURL = tipsim.url
    process.arguments = [subcommand] + arguments + (givesPaths ? [] : relative)
    process.currentDirectoryURL = directory
    // SwiftPM names the plugin's tools otherwise: `tipsim` is told where the importer is.
    process.environment = ProcessInfo.processInfo.environment.merging(["TIPSIM_IMPORT": importer.url.path]) { $1 }
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus != 0 {
      Diagnostics.error("tipsim \(subcommand) exited with status \(process.terminationStatus)")
    }
  }
}

#if canImport(XcodeProjectPlugin)
  extension TipSimTool {
    /// In an Xcode project: on the Swift files of its targets, from the project's folder.
    static func run(_ subcommand: String, context: XcodePluginContext, arguments: [String]) throws {
      let sources = context.xcodeProject.targets.flatMap { target in
        target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url.path)
      }
      try run(subcommand, tool: context.tool(named:), directory: context.xcodeProject.directoryURL, sources: sources, arguments: arguments)
    }
  }
#endif
