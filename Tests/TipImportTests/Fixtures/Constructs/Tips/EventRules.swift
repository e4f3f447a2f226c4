import SwiftUI
import TipKit

/// Donation counts over every window TipKit names.
struct WindowsTip: Tip {
  struct Share: Codable, Sendable {
    let destination: String
    let count: Int
  }

  static let opened = Event(id: "opened")
  static let shared = Tips.Event<Share>(id: "shared")

  var title: Text { Text("Windows") }

  var rules: [Rule] {
    #Rule(Self.opened) { $0.donations.count > 0 }
    #Rule(Self.opened) { $0.donations.donatedWithin(.hour).count >= 1 }
    #Rule(Self.opened) { $0.donations.donatedWithin(.day).count >= 1 }
    #Rule(Self.opened) { $0.donations.donatedWithin(.week).count >= 1 }
    #Rule(Self.opened) { $0.donations.donatedWithin(.days(3)).count >= 1 }
    #Rule(Self.opened) { $0.donations.donatedWithin(.weeks(2)).count >= 1 }
    #Rule(Self.opened) { $0.donations.donatedWithin(.minutes(30)).count < 20 }
    #Rule(Self.opened) { $0.donations.count < 1 || $0.donations.count > 5 }
  }
}

/// Filters and subsets over a donation's fields.
struct FieldsTip: Tip {
  var title: Text { Text("Fields") }

  var rules: [Rule] {
    #Rule(WindowsTip.shared) { event in
      event.donations.filter { $0.destination == "messages" }.count >= 2
    }
    #Rule(WindowsTip.shared) {
      $0.donations.donatedWithin(.week).filter { share in share.count > 1 && share.destination != "mail" }.count >= 1
    }
    #Rule(WindowsTip.shared) { $0.donations.largestSubset(by: \.destination).count >= 3 }
    #Rule(WindowsTip.shared) { $0.donations.donatedWithin(.days(7)).smallestSubset(by: \.destination).count < 5 }
    #Rule(WindowsTip.shared) {
      $0.donations.filter { $0.date > Date.now.addingTimeInterval(-3600) }.count > 0
    }
  }
}

/// Events declared outside any tip: in an enum, and with ids that are not names.
enum AppEvents {
  static let purchased = Tips.Event(id: "purchased")
  static let openedAgain = Tips.Event(id: "opened")
  static let openedSettings = Tips.Event(id: "did-open.settings")
  static let pressed = Tips.Event(id: "3dTouch")
  static let dynamic = Tips.Event(id: "session-\(UUID())")
}

/// An app's own event model: not TipKit's.
struct CalendarEvent {
  let id: String
  static let sample = Event(id: "meeting")
}

struct PurchaseTip: Tip {
  var title: Text { Text("Purchases") }
  var rules: [Rule] {
    #Rule(AppEvents.purchased) { $0.donations.count == 0 }
  }
}
