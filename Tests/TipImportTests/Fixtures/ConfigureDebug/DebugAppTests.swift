import TipKit
import XCTest

final class DebugAppTests: XCTestCase {
  override func setUp() {
    try? Tips.resetDatastore()
    try? Tips.configure([.displayFrequency(.hourly)])
    Tips.showAllTipsForTesting()
  }
}
