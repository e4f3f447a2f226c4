import SwiftUI
import TipKit

/// One tip whose message, rules and options differ by platform: each import takes one side.
struct SyncTip: Tip {
  @Parameter static var devices: Int = 1
  var title: Text { Text("Sync your devices") }

  var message: Text? {
    #if os(macOS)
      Text("Open Settings on your Mac.")
    #else
      Text("Open Settings on your iPhone.")
    #endif
  }

  var rules: [Rule] {
    #if os(macOS)
      #Rule(Self.$devices) { $0 >= 3 }
    #else
      #Rule(Self.$devices) { $0 >= 2 }
    #endif
  }

  var options: [Option] {
    #if canImport(UIKit)
      MaxDisplayCount(2)
    #else
      MaxDisplayCount(5)
    #endif
  }
}

@main
struct PlatformApp: App {
  init() {
    #if os(macOS)
      try? Tips.configure([.displayFrequency(.weekly)])
    #else
      try? Tips.configure([.displayFrequency(.daily)])
    #endif
    #if os(iOS)
      SyncTip.devices = 2
    #elseif os(macOS)
      SyncTip.devices = 3
    #endif
  }

  var body: some Scene {
    WindowGroup {
      Text("Sync")
        #if os(iOS)
          .popoverTip(SyncTip())
        #endif
    }
  }
}
