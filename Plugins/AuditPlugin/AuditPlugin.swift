import Foundation
import PackagePlugin

/// `swift package tipsim-audit [PATH...] [FLAGS]`: `tipsim audit` in an app's own package.
@main
struct AuditPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    try TipSimTool.run("audit", context: context, arguments: arguments)
  }
}
