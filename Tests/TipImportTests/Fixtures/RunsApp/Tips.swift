import SwiftUI
import TipKit

struct ShelfTip: Tip {
  static let shelfOpened = Tips.Event(id: "shelfOpened")
  var title: Text { Text("Sort your shelf") }
  var rules: [Rule] { #Rule(Self.shelfOpened) { $0.donations.count >= 1 } }
}

struct FollowUpTip: Tip {
  @Parameter static var shelfTipDone: Bool = false
  var title: Text { Text("Share your shelf") }
  var rules: [Rule] { #Rule(Self.$shelfTipDone) { $0 == true } }
}

struct ExportTip: Tip {
  static let exported = Tips.Event(id: "exported")
  var title: Text { Text("Export again") }
  var rules: [Rule] { #Rule(Self.exported) { $0.donations.count >= 2 } }
}
