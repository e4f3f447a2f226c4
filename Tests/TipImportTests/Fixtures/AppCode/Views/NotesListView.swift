import SwiftUI
import TipKit

struct NotesListView: View {
  var body: some View {
    List {
      NoteRow()
      Button("Save") {
        Task { await SaveTip.saved.donate() }
      }
      .popoverTip(SaveTip())
    }
    .toolbar {
      Text("Upgrade").popoverTip(UpgradeTip())
      Text("Review").popoverTip(ReviewTip())
    }
    .onDisappear { SaveTip.leftNotes = true }
    .countsVisits()
    .modifier(TrackScreen())
  }
}

struct NoteRow: View {
  var body: some View {
    Text("A note")
      .popoverTip(PinTip())
      .onAppear { PinTip.rowShown.sendDonation() }
  }
}

/// A screen that shows no tip, but whose appearance moves one.
struct SettingsView: View {
  var body: some View {
    Form { Text("Settings") }
      .task { await finishOnboarding() }
  }

  private func finishOnboarding() async {
    await UpgradeTip.opened.donate()
    PinTip().invalidate(reason: .actionPerformed)
  }
}
