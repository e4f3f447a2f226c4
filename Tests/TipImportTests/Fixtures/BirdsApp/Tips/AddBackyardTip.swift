import SwiftUI
import TipKit

struct AddBackyardTip {
  static let addedBackyard = Event(id: "addedBackyard")
}

@available(iOS 17.0, *)
extension AddBackyardTip: Tip {
  var title: Text { Text("Add a backyard") }

  var rules: [Rule] {
    #Rule(Self.addedBackyard) { $0.donations.count == 0 }
  }

  var options: [any TipOption] {
    [Tips.MaxDisplayCount(2), Tips.IgnoresDisplayFrequency(true)]
  }
}
