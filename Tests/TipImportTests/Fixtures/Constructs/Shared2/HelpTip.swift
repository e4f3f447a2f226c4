import TipKit

struct HelpTip: Tip {
  var title: Text { Text("Help (package copy)") }
}
