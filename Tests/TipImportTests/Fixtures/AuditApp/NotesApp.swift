import SwiftUI
import TipKit

@main
struct NotesApp: App {
  init() {
    try? Tips.configure([.displayFrequency(.immediate)])
  }

  var body: some Scene {
    WindowGroup {
      NoteListView()
        .onAppear { PinTip.plan = 1 }
    }
  }
}
