import SwiftUI
import TipKit

struct ArchiveTip: Tip {
  static let archived = Event(id: "archived")
  static let swiped = Event(id: "archived")

  var title: Text { Text("Swipe to archive") }
  var rules: [Rule] {
    #Rule(Self.archived) { $0.donations.count == 0 }
    #Rule(Self.archived) { $0.donations.count >= 3 }
  }
}

struct QuickTip: Tip {
  var title: Text { Text("Quick") }
  var options: [Option] { MaxDisplayDuration(30) }
}

struct SessionTip: Tip {
  let id = UUID().uuidString
  var title: Text { Text("Session") }
}

struct FeatureTip: Tip {
  @Parameter static var featureEnabled: Bool = false
  static let unused = Event(id: "neverDonated")

  let feature: String

  init(feature: String) {
    self.feature = feature
    Self.featureEnabled = true
  }

  var id: String { "feature" }
  var title: Text { Text(feature) }
  var rules: [Rule] { #Rule(Self.$featureEnabled) { $0 } }
}

struct ForgottenTip: Tip {
  var title: Text { Text("Nobody sees me") }
}
