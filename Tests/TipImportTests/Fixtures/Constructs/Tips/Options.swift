import SwiftUI
import TipKit

struct OptionsBuilderTip: Tip {
  var title: Text { Text("Builder options") }
  var options: [Option] {
    Tips.MaxDisplayCount(1)
    IgnoresDisplayFrequency(true)
  }
}

struct OptionsStoredTip: Tip {
  var title: Text { Text("Stored options") }
  let options: [TipOption] = [Tip.MaxDisplayCount(3), MaxDisplayDuration(120)]
}

struct OptionsSingleTip: Tip {
  var title: Text { Text("One option") }
  var options: [any TipOption] {
    MaxDisplayDuration(5 * 60)
  }
}
