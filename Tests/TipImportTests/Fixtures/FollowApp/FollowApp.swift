import SwiftUI
import TipKit

@main
struct FollowApp: App {
  init() { try? Tips.configure([.displayFrequency(.immediate)]) }
  var body: some Scene { WindowGroup { HomeView() } }
}

enum Build {
  static let isBeta = false
}

struct SharedTip: Tip {
  static let shared = SharedTip()
  var title: Text { Text("Shared everywhere") }
}

struct WrappedTip: Tip { var title: Text { Text("Wrapped") } }
struct FirstStepTip: Tip { var title: Text { Text("First step") } }
struct SecondStepTip: Tip { var title: Text { Text("Second step") } }
struct OtherFirstTip: Tip { var title: Text { Text("Other first") } }
struct OtherSecondTip: Tip { var title: Text { Text("Other second") } }
struct ChildTip: Tip { var title: Text { Text("Inside the child") } }
struct PresentedTip: Tip { var title: Text { Text("Presented") } }
struct ListTip: Tip { var title: Text { Text("Sort the list") } }
struct BetaTip: Tip { var title: Text { Text("Beta only") } }
struct HomeHintTip: Tip { var title: Text { Text("Home hint") } }
struct SettingsHintTip: Tip { var title: Text { Text("Settings hint") } }
/// Displayed on two screens: on Home only while there is news, on Settings always.
struct NewsTip: Tip { var title: Text { Text("What's new") } }

final class NewsFeed: ObservableObject {
  @Published var hasNews = false
}

struct StatusTip: Tip {
  @Parameter static var statusEnded: Bool = false
  var title: Text { Text("Status") }
}

/// Comes after StatusTip: its code sets the parameter when StatusTip is invalidated.
struct AfterStatusTip: Tip {
  var title: Text { Text("After status") }
  var rules: [Rule] { #Rule(StatusTip.$statusEnded) { $0 } }
}

struct RowTip: Tip {
  static let rowSeen = Tips.Event(id: "rowSeen")
  var title: Text { Text("Rows") }
  var rules: [Rule] { #Rule(Self.rowSeen) { $0.donations.count >= 1 } }
}
