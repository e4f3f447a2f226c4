import SwiftUI
import TipKit

@main
struct HelperApp: App {
  init() {
    try? Tips.configure()
  }

  var body: some Scene {
    WindowGroup { Text("Root") }
  }
}
