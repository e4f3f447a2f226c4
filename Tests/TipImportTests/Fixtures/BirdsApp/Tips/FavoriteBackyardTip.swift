import SwiftUI
import TipKit

/// Shown on a backyard's detail screen once the user keeps coming back to one backyard.
struct FavoriteBackyardTip: Tip {
  struct Visit: Codable, Sendable {
    let backyardID: Int
  }

  @Parameter
  static var isLoggedIn: Bool = false

  static let didViewBackyard = Tips.Event<Visit>(id: "didViewBackyard")

  var id: String { "favorite-backyard" }

  var title: Text {
    Text("Save as a Favorite")
  }

  var message: Text? {
    Text("Tap the star to find this backyard faster.")
  }

  var image: Image? {
    Image(systemName: "star")
  }

  var rules: [Rule] {
    [
      #Rule(Self.$isLoggedIn) { $0 == true },
      #Rule(Self.didViewBackyard) {
        $0.donations.donatedWithin(.days(5)).largestSubset(by: \.backyardID).count >= 3
      },
    ]
  }

  var options: [Option] {
    MaxDisplayCount(5)
  }

  var actions: [Action] {
    Action(id: "favorite-now", title: "Favorite it")
    Action(id: "later") {
      Text("Not now")
    }
  }
}
