import SwiftUI
import TipKit

struct LonelyTip: Tip {
  var title: Text { Text("Alone") }
}

struct LonelyView: View {
  var body: some View { Text("x").popoverTip(LonelyTip()) }
}
