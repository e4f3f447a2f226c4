import TipKit
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
  func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
    try? Tips.configure([.displayFrequency(.daily)])
    LibraryTip.launches += 1
    return true
  }
}
