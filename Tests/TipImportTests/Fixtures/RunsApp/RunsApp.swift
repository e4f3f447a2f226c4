import SwiftUI
import TipKit

@main
struct RunsApp: App {
  init() {
    try? Tips.configure()
  }

  var body: some Scene {
    WindowGroup { ShelfView() }
  }
}
