import SwiftUI
import TipKit

/// Four tips that each count app opens, as an app bumps them all at launch.
struct ReviewTip: Tip {
  @Parameter static var appOpens: Int = 0
  var title: Text { Text("Enjoying Notes?") }
  var rules: [Rule] { #Rule(Self.$appOpens) { $0 >= 3 } }
}

struct ShareTip: Tip {
  @Parameter static var appOpens: Int = 0
  var title: Text { Text("Share a note") }
  var rules: [Rule] { #Rule(Self.$appOpens) { $0 >= 2 } }
}

struct SyncTip: Tip {
  @Parameter static var appOpens: Int = 0
  var title: Text { Text("Sync with iCloud") }
  var rules: [Rule] { #Rule(Self.$appOpens) { $0 >= 5 } }
}

struct WidgetTip: Tip {
  @Parameter static var appOpens: Int = 0
  var title: Text { Text("Add a widget") }
  var rules: [Rule] { #Rule(Self.$appOpens) { $0 >= 4 } }
}

/// Shown on a row until the row has been seen: the row's own appearance donates.
struct PinTip: Tip {
  static let rowShown = Tips.Event(id: "rowShown")
  var title: Text { Text("Pin a note") }
  var rules: [Rule] { #Rule(Self.rowShown) { $0.donations.count == 0 } }
}

enum Plan: String, Codable { case free, pro }

struct UpgradeTip: Tip {
  @Parameter static var plan: Plan = .free
  @Parameter static var lastPlan: String? = nil
  @Parameter static var isPro: Bool = false
  @Parameter static var wasPro: Bool = false
  @Parameter static var darkMode: Bool = false
  @Parameter static var modern: Bool = false
  @Parameter static var layout: String = "list"
  @Parameter static var notesSeen: Bool = false
  static let opened = Tips.Event(id: "opened", donationLimit: .init(maximumCount: 50, maximumAge: .days(30)))
  var title: Text { Text("Go Pro") }
  var rules: [Rule] {
    #Rule(Self.$plan) { $0 == .pro }
    #Rule(Self.$lastPlan) { $0 != nil }
    #Rule(Self.opened) { $0.donations.count >= 1 }
  }
}

struct SaveTip: Tip {
  static let saved = Tips.Event(id: "saved")
  @Parameter static var leftNotes: Bool = false
  @Parameter static var visits: Int = 0
  static let screenSeen = Tips.Event(id: "screenSeen")
  var title: Text { Text("Save often") }
  var rules: [Rule] {
    #Rule(Self.saved) { $0.donations.count == 0 }
    #Rule(Self.$leftNotes) { $0 }
  }
}

/// Reads what the app's launch writes under conditions of its own.
struct LayoutTip: Tip {
  var title: Text { Text("Try the grid") }
  var rules: [Rule] {
    #Rule(UpgradeTip.$isPro) { $0 == true }
    #Rule(UpgradeTip.$notesSeen) { $0 == true }
    #Rule(UpgradeTip.$layout) { $0 == "list" }
  }
}
