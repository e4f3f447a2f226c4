import SwiftUI
import TipKit

struct Book: Identifiable { let id: Int; let title: String }

struct ShelfView: View {
  @State private var isEditing = false
  @State private var isSearching = false
  @State private var books: [Book] = []
  @AppStorage("hasSynced") private var hasSynced = false
  let shelfTip = ShelfTip()

  var body: some View {
    List {
      // The negation of a compound condition: shown unless both hold.
      if !(isEditing && isSearching) {
        TipView(shelfTip)
      }
      if isEditing && hasSynced {
        Text("Editing")
      } else {
        TipView(FollowUpTip())
      }
      ForEach(books) { book in Text(book.title) }
    }
    .onAppear {
      ShelfTip.shelfOpened.sendDonation()
    }
    .task {
      // Code that runs when the tip ends, under a guard on the app's state.
      for await status in shelfTip.statusUpdates {
        guard case .invalidated = status else { continue }
        guard hasSynced else { continue }
        FollowUpTip.shelfTipDone = true
      }
    }
    .toolbar {
      Button("Export") { export() }
        .popoverTip(ExportTip())
    }
  }

  private func export() {
    // A condition over several lines.
    if let first = books.first,
      first.id > 0,
      !isSearching
    {
      ExportTip.exported.sendDonation()
    }
  }
}
