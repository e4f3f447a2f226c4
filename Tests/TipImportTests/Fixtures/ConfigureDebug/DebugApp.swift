import SwiftUI
import TipKit

@main
struct DebugApp: App {
  init() {
    #if DEBUG
      try? Tips.configure([.displayFrequency(.immediate)])
    #else
      try? Tips.configure([.displayFrequency(.monthly)])
    #endif
  }

  var body: some Scene {
    WindowGroup { Text("Hi").popoverTip(GreetingTip()) }
  }
}

struct GreetingTip: Tip {
  var title: Text { Text("Hello") }
}
