import SwiftUI
import TipKit

@main
struct OpenApp: App {
  @AppStorage("onboardingDone") var onboardingDone = false
  let isScreenshotMode = ProcessInfo.processInfo.arguments.contains("-screenshots")

  init() {
    try? Tips.configure([.displayFrequency(.immediate)])
    // Only a real launch counts, not one made for the App Store's screenshots.
    guard !isScreenshotMode else { return }
    LaunchTip.launches += 1
    switch Store.shared.plan {
    case .pro: ProTip.isPro = true
    case .free: ProTip.isPro = false
    }
  }

  var body: some Scene {
    WindowGroup {
      LibraryView()
        .onAppear {
          if onboardingDone { WelcomeTip.onboarded = true }
        }
    }
  }
}

/// The app's data layer: UIKit calls back into it, and no Swift code read calls these.
final class Loader: NSObject {
  func libraryDidLoad(count: Int) {
    LibraryTip.itemCount = count
    LibraryTip.hasContent = count > 0
  }

  @objc func refreshFromObjectiveC() {
    SyncTip().invalidate(reason: .actionPerformed)
  }

  func startObserving() {
    NotificationCenter.default.addObserver(forName: .init("synced"), object: nil, queue: .main) { _ in
      SyncTip.synced.sendDonation()
    }
  }
}
