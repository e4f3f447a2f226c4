import TipKit

struct SettingsTip: Tip {
  var id: String { "settings-mac" }
  var title: Text { Text("Settings live in the menu") }
}
