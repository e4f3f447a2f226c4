import SwiftUI
import TipKit

struct Item: Identifiable { let id: Int }

struct LibraryView: View {
  @State private var queue: [Item] = []
  let items: [Item] = []

  var body: some View {
    List {
      TipView(LaunchTip())
      TipView(ProTip())
      TipView(WelcomeTip())
      TipView(LibraryTip())
      TipView(SyncTip())
      if !queue.isEmpty {
        TipView(QueueTip())
      }
      ForEach(items) { item in
        Button("Open") {
          ItemTip.itemOpened.sendDonation(.init(itemID: item.id))
        }
        .popoverTip(ItemTip())
      }
    }
  }
}
