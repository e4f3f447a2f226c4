import SwiftUI
import TipKit

@main
struct ConstructsApp: App {
  init() {
    if FeatureFlags.fastTips {
      try? Tips.configure([.displayFrequency(.immediate)])
    } else {
      try? Tips.configure([.displayFrequency(.weekly), .cloudKitContainer(.named("iCloud.com.example.tips"))])
    }
  }

  var body: some Scene {
    WindowGroup { HomeView() }
  }
}

struct HomeView: View {
  @State private var windowsTip = WindowsTip()
  @State private var hints = TipGroup(.firstAvailable) {
    #if os(iOS)
      OptionsBuilderTip()
    #else
      OptionsStoredTip()
    #endif
    OptionsSingleTip()
  }

  var body: some View {
    VStack {
      TipView(ParameterRulesTip())
      Text("Share").popoverTip(FieldsTip(), arrowEdge: .top)
      Text("Windows").popoverTip(windowsTip)
      Text("Hints").popoverTip(hints.currentTip)
      Button("Buy") {
        Task {
          await AppEvents.purchased.donate()
          await WindowsTip.shared.donate(.init(destination: "messages", count: 1))
        }
        Settings.visits += 1
        ParameterRulesTip.launches = 3
        Settings.isPro = true
      }
    }
    .onAppear {
      Task { await WindowsTip.opened.sendDonation() }
    }
  }
}
