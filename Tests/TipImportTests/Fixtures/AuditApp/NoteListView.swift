import SwiftUI
import TipKit

struct NoteListView: View {
  let noteID: Int = 0
  @State private var onboarding = TipGroup(.ordered) {
    ExportTip()
    FolderTip()
  }

  var body: some View {
    List {
      TipView(WelcomeTip())
      TipView(SearchTip())
      if let tip = onboarding.currentTip {
        TipView(tip)
      }
    }
    .toolbar {
      Button("Share") {
        Task { await ShareTip.noteShared.donate() }
      }
      .popoverTip(ShareTip())
      Button("Sync") {}
        .popoverTip(SyncTip())
      Button("Pin") {}
        .popoverTip(PinTip())
      Button("Tag") {}
        .popoverTip(TagTip())
      Button("Favorite") {
        Task { await FavoriteTip.noteOpened.donate(.init(noteID: noteID)) }
      }
      .popoverTip(FavoriteTip())
    }
    .onAppear {
      Task { await WelcomeTip.listViewed.donate() }
    }
  }
}
