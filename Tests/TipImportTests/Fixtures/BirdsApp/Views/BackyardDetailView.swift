import SwiftUI
import TipKit

struct BackyardDetailView: View {
  let backyardID: Int
  private let favoriteTip = FavoriteBackyardTip()

  var body: some View {
    VStack {
      Button("Favorite") {
        favoriteTip.invalidate(reason: .actionPerformed)
      }
      .popoverTip(favoriteTip)
    }
    .task {
      await FavoriteBackyardTip.didViewBackyard.donate(.init(backyardID: backyardID))
    }
  }
}
