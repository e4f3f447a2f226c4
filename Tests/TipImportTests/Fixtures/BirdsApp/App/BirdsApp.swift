import SwiftUI
import TipKit

@main
struct BirdsApp: App {
  init() {
    #if DEBUG
      Tips.showAllTipsForTesting()
    #endif
    try? Tips.configure([
      .displayFrequency(.daily),
      .datastoreLocation(.applicationDefault),
    ])
  }

  var body: some Scene {
    WindowGroup {
      BackyardListView()
        .onAppear { FavoriteBackyardTip.isLoggedIn = true }
    }
  }
}

#Preview {
  BackyardListView()
    .task { try? Tips.configure([.displayFrequency(.immediate)]) }
}
