import SwiftUI
import TipKit

struct ContentView: View {
  var body: some View {
    Form {
      Text("Theme").modifier(HintModifier(tip: ThemeTip()))
      NavigationLink(destination: Text("Export")) {
        Text("Export").hint(ExportTip())
      }
    }
  }
}
