import AppKit
import TipKit

@main
final class AppDelegate: NSObject, NSApplicationDelegate {
  func applicationDidFinishLaunching(_ notification: Notification) {
    try? Tips.configure()
  }
}
