import SwiftUI
import TipKit

struct LaunchTip: Tip {
  @Parameter static var launches: Int = 0
  var title: Text { Text("Welcome back") }
  var rules: [Rule] { #Rule(Self.$launches) { $0 >= 3 } }
}

struct ProTip: Tip {
  @Parameter static var isPro: Bool = false
  var title: Text { Text("Your Pro tools") }
  var rules: [Rule] { #Rule(Self.$isPro) { $0 == true } }
}

struct WelcomeTip: Tip {
  @Parameter static var onboarded: Bool = false
  var title: Text { Text("You're all set") }
  var rules: [Rule] { #Rule(Self.$onboarded) { $0 } }
  var options: [any TipOption] { [Tips.MaxDisplayCount(1)] }
}

struct LibraryTip: Tip {
  @Parameter static var itemCount: Int = 0
  @Parameter static var hasContent: Bool = false
  var title: Text { Text("Sort your library") }
  var rules: [Rule] {
    #Rule(Self.$hasContent) { $0 == true }
    #Rule(Self.$itemCount) { $0 >= 10 }
  }
}

struct SyncTip: Tip {
  static let synced = Tips.Event(id: "synced")
  var title: Text { Text("Synced") }
  var rules: [Rule] { #Rule(Self.synced) { $0.donations.count >= 2 } }
}

struct QueueTip: Tip {
  var title: Text { Text("Your queue") }
  var options: [any TipOption] { [Tips.MaxDisplayCount(2)] }
}

struct ItemTip: Tip {
  struct Opened: Codable, Sendable { let itemID: Int }
  static let itemOpened = Tips.Event<Opened>(id: "itemOpened")
  var title: Text { Text("Open it again") }
  var rules: [Rule] { #Rule(Self.itemOpened) { $0.donations.largestSubset(by: \.itemID).count >= 2 } }
}
