import SwiftUI
import TipKit

@main
struct ShapesApp: App {
  init() {
    try? Tips.configure()
  }

  var body: some Scene {
    WindowGroup {
      ShapesView()
      TourView()
      EventsView()
      PeopleView()
      StartView()
    }
  }
}
