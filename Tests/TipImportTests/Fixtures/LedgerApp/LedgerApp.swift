import SwiftUI
import TipKit

@main
struct LedgerApp: App {
  init() {
    try? Tips.configure()
  }

  var body: some Scene {
    WindowGroup { ListView() }
  }
}
