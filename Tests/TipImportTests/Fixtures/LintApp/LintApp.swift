import SwiftUI
import TipKit

@main
struct LintApp: App {
  @Environment(\.scenePhase) private var scenePhase

  init() {
    try? Tips.configure()
    try? Tips.resetDatastore()
    Tips.hideAllTipsForTesting()
  }

  var body: some Scene {
    WindowGroup { InboxView() }
      .onChange(of: scenePhase) { _, phase in
        if phase == .background {
          InboxView.archiveTip.invalidate(reason: .tipClosed)
        }
      }
  }
}

final class AppDelegate: NSObject {
  func applicationDidEnterBackground(_ application: UIApplication) {
    QuickTip().invalidate(reason: .tipClosed)
  }
}
