import SwiftUI
import TipKit

struct ComposeTip: Tip {
  var title: Text { Text("Write a post") }
}

struct SearchTip: Tip {
  var title: Text { Text("Search everything") }
}

struct BadgeTip: Tip {
  var title: Text { Text("Earn badges") }
}

struct IntroTip: Tip {
  var title: Text { Text("Welcome") }
}

struct ThemeTip: Tip {
  var title: Text { Text("Pick a theme") }
}

struct ExportTip: Tip {
  var title: Text { Text("Export your data") }
}

struct HelpTip: Tip {
  var title: Text { Text("Ask for help") }
}
