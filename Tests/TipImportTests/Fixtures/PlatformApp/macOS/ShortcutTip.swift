import AppKit
import TipKit

struct ShortcutTip: Tip {
  @Parameter static var shortcutsUsed: Int = 0
  var id: String { "shortcut" }
  var title: Text { Text("Press ⌘K for shortcuts") }
  var rules: [Rule] { #Rule(Self.$shortcutsUsed) { $0 == 0 } }
}

final class MacWindowController: NSViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(TipNSView(ShortcutTip()))
  }
}
