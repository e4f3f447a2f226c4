import TipKit
import UIKit

/// Declared for iOS; the macOS folder declares a type of the same name and id.
struct ShortcutTip: Tip {
  @Parameter static var shortcutsUsed: Int = 0
  var id: String { "shortcut" }
  var title: Text { Text("Long-press for shortcuts") }
  var rules: [Rule] { #Rule(Self.$shortcutsUsed) { $0 == 0 } }
}

final class PhoneViewController: UIViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(TipUIView(ShortcutTip()))
  }
}
