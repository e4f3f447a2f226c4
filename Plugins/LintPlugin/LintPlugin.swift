import Foundation
import PackagePlugin

/// `swift package tipsim-lint [PATH...] [FLAGS]`: `tipsim lint` in an app's own package.
@main
struct LintPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    try TipSimTool.run("lint", context: context, arguments: arguments)
  }
}
