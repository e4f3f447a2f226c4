import SwiftUI
import TipKit

@main
struct NotesApp: App {
  init() {
    if UserDefaults.standard.bool(forKey: "resetTips") {
      Tips.resetDatastore()
    }
    #if DEBUG
      Tips.showAllTipsForTesting()
    #endif
    try? Tips.configure([.displayFrequency(.immediate)])
    Launch.bootstrap()
  }

  var body: some Scene {
    WindowGroup {
      NotesListView()
        .onAppear { Launch.bootstrap() }
    }
  }
}

enum Launch {
  static var notesShown = false

  /// Runs at every launch: reached from `init` and from the root view, it runs once.
  static func bootstrap() {
    recordLaunch()
    UpgradeTip.isPro = Store.shared.isPro
    if !notesShown {
      UpgradeTip.notesSeen = true
    }
    if Store.shared.prefersGrid {
      UpgradeTip.layout = "grid"
    } else {
      UpgradeTip.layout = "list"
    }
    if #available(iOS 18, *) {
      UpgradeTip.modern = true
    }
    UpgradeTip.darkMode.toggle()
    UpgradeTip.wasPro = UpgradeTip.isPro
    Task { await UpgradeTip.opened.donate() }
    NotificationCenter.default.addObserver(forName: .init("purchased"), object: nil, queue: .main) { _ in
      UpgradeTip.plan = .pro
    }
  }

  static func recordLaunch() {
    let next = min(ReviewTip.appOpens + 1, 99)
    ReviewTip.appOpens = next
    ShareTip.appOpens = next
    SyncTip.appOpens = next
    WidgetTip.appOpens = next
  }
}

final class Store {
  static let shared = Store()
  var isPro = false
  var prefersGrid = false
}
