import SwiftUI
import TipKit

enum Onboarding {
  struct WelcomeTip: TipKit.Tip {
    var title: Text { Text("Welcome to Birds") }
    var message: Text? {
      #if os(iOS)
        Text("Swipe to see every backyard.")
      #else
        Text("Scroll to see every backyard.")
      #endif
    }
  }

  struct SearchTip: Tip {
    @Parameter(.transient)
    static var searchesToday: Int = 0

    var title: Text { Text("Search by bird") }
    var rules: [Rule] {
      #Rule(Self.$searchesToday) { count in count > 0 && count <= 2 }
    }
  }
}
