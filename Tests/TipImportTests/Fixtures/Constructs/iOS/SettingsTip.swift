import TipKit

struct SettingsTip: Tip {
  var id: String { "settings" }
  var title: Text { Text("Settings live here") }
}
