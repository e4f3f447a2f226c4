import SwiftUI
import TipKit

struct FavoriteTip: Tip {
  static let viewed = Event(id: "viewed")
  var title: Text { Text("Save a favorite") }
  var rules: [Rule] { #Rule(Self.viewed) { $0.donations.count >= 2 } }
  var options: [Option] { MaxDisplayCount(3) }
}

struct ShareTip: Tip {
  var title: Text { Text("Share a sighting") }
  var options: [Option] { MaxDisplayCount(1) }
}

@main
struct BirdApp: App {
  init() { try? Tips.configure([.displayFrequency(.weekly)]) }
  var body: some Scene { WindowGroup { DetailView() } }
}

struct DetailView: View {
  var body: some View {
    VStack {
      Button("Favorite") {}.popoverTip(FavoriteTip())
      TipView(ShareTip())
    }
    .onAppear { Task { await FavoriteTip.viewed.donate() } }
  }
}
