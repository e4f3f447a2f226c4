import Foundation
import PackagePlugin

/// `swift package tipsim-audit [PATH...] [FLAGS]`: `tipsim audit` in an app's own package.
@main
struct AuditPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    try TipSimTool.run("audit", context: context, arguments: arguments)
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  /// In an Xcode project (the project navigator's context menu): on its targets' Swift files.
  extension AuditPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
      try TipSimTool.run("audit", context: context, arguments: arguments)
    }
  }
#endif
