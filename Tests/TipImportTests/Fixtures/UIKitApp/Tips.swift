import TipKit

struct LibraryTip: Tip {
  @Parameter static var launches: Int = 0
  var title: Text { Text("Add to your library") }
  var rules: [Rule] { #Rule(Self.$launches) { $0 >= 1 } }
}

struct ProfileTip: Tip {
  var title: Text { Text("Complete your profile") }
}

struct FeedTip: Tip {
  static let scrolled = Tips.Event(id: "feedScrolled")
  var title: Text { Text("Pull to refresh") }
}

struct FilterTip: Tip {
  var title: Text { Text("Filter the feed") }
  var options: [Option] { MaxDisplayCount(1) }
}

struct StatusTip: Tip {
  var title: Text { Text("See who is online") }
}
