import SwiftUI
import TipKit

@main
struct SummaryApp: App {
  init() { try? Tips.configure() }
  var body: some Scene { WindowGroup { InboxView() } }
}

/// Its title depends on the day: the import keeps the first and names the others.
struct GreetingTip: Tip {
  var isMorning = true
  var title: Text {
    if isMorning {
      Text("Good morning")
    } else {
      Text("Good evening")
    }
  }
  var message: Text? {
    switch Locale.current.language.languageCode?.identifier {
    case "fr": Text("Triez vos messages")
    default: Text("Sort your messages")
    }
  }
}

struct ArchiveTip: Tip {
  var title: Text { Text("Archive") }
}

struct InboxView: View {
  var body: some View {
    VStack {
      TipView(GreetingTip())
      Button("Archive") {}
        .popoverTip(ArchiveTip())
    }
  }
}

/// Called from an Objective-C settings screen only.
final class TipResetter: NSObject {
  @objc func resetTips() {
    try? Tips.resetDatastore()
  }
}

#Preview {
  InboxView()
    .task {
      try? Tips.resetDatastore()
      try? Tips.configure([.displayFrequency(.immediate)])
    }
}
