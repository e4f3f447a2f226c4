import SwiftUI
import TipKit

struct ContentView: View {
  @State private var seenIntro = false
  @State private var showsHelp = false

  var body: some View {
    VStack {
      Button("Compose") {}
        .onboardingTip(ComposeTip(), when: true)
      Button("Search") {}
        .onboardingTip(SearchTip(), when: !seenIntro)
      Text("Badges").hint(BadgeTip())
      if !seenIntro {
        TipView(IntroTip())
      }
      Button("Help") { showsHelp = true }
        .sheet(isPresented: $showsHelp) {
          Text("Help").popoverTip(HelpTip())
        }
    }
  }
}
