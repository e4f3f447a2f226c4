import SwiftUI
import TipKit

enum TipIDs {
  static let help = "help-center"
}

struct ConstantIDTip: Tip {
  static let identifier = "constant-id"
  var id: String { Self.identifier }
  var title: Text { Text("Constant id") }
}

struct OtherConstantIDTip: Tip {
  let id = TipIDs.help
  var title: Text { Text("Other constant id") }
}

struct InterpolatedIDTip: Tip {
  let itemID: Int
  var id: String { "item-\(itemID)" }
  var title: Text { Text("Interpolated id") }
}

#if os(iOS)
  struct PhoneOnlyTip: Tip {
    var title: Text { Text("Phone only") }
    var actions: [Action] {
      #if os(iOS)
        Action(id: "open-camera", title: "Open the camera")
      #elseif os(macOS)
        Action(id: "open-finder", title: "Open Finder")
      #endif
      Action(title: "Dismiss")
    }
  }
#endif
