import Foundation
import PackagePlugin

/// `swift package tipsim-lint [PATH...] [FLAGS]`: `tipsim lint` in an app's own package.
@main
struct LintPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    try TipSimTool.run("lint", context: context, arguments: arguments)
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  /// In an Xcode project (the project navigator's context menu): on its targets' Swift files.
  extension LintPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
      try TipSimTool.run("lint", context: context, arguments: arguments)
    }
  }
#endif
