import Foundation
import Simulation
import Testing
import TipEngine

@testable import Runner

/// What each OS has (rule 44), second round: iOS 26's `tipBackgroundInteraction` and
/// `isPresented:` binding, iOS 18's `displayDurationExceeded` reason. On an OS without one
/// the app runs without it and a warning says so.
@Suite struct OSGateTests {
  func story(os: String, host: String = "") -> String {
    """
    start 2026-11-01T09:00
    device phone os \(os)
    screen home\(host): a b
    tip pass
      anchor home.a
      presentation passthrough
    tip other
      anchor home.b inline
    launch
    open home
    tap home.b

    """
  }

  @Test func rule44_aSwiftUIPassthroughPopoverBeforeIOS26BehavesAsTheDefaultPopover() {
    let old = ScenarioRunner.run(source: story(os: "18.2") + "expect hidden pass\n")
    #expect(old.exitCode == 0, "\(old.failureMessage)")
    #expect(old.transcript.components(separatedBy: "tipBackgroundInteraction(_:) needs iOS 26: on iOS 18.2").count - 1 == 1)
    #expect(old.transcript.contains("dismissed by a tap on home.b"))
    // iOS 26 lets taps through; so does UIKit's passthroughViews on any iOS.
    for (os, host) in [("26.0", ""), ("18.2", " host uikit")] {
      let kept = ScenarioRunner.run(source: story(os: os, host: host) + "expect shown pass\n")
      #expect(kept.exitCode == 0, "\(os)\(host): \(kept.failureMessage)")
      #expect(!kept.transcript.contains("tipBackgroundInteraction"))
    }
  }

  @Test func rule44_theIsPresentedBindingHidesADisplayableTipWithoutDismissingItOnIOS26() {
    let source =
      story(os: "26.0") + """
        isPresented other false
        expect hidden other
        expect status other available
        expect suppressed other by notPresented
        why other
        isPresented other true
        expect shown other

        """
    let report = ScenarioRunner.run(source: source)
    #expect(report.exitCode == 0, "\(report.failureMessage)\(report.errors)")
    #expect(report.transcript.contains("the app's isPresented binding of other is false: displayable, kept off screen, not dismissed"))
    #expect(report.transcript.contains("actions that could: isPresented other true"))
    // Before iOS 26 the app has no binding: the tip stays as its status says.
    let old = ScenarioRunner.run(source: story(os: "18.2") + "isPresented other false\nexpect shown other\n")
    #expect(old.exitCode == 0, "\(old.failureMessage)")
    #expect(
      old.transcript.contains(
        "needs iOS 26: on iOS 18.2 the app cannot use it, so the binding does nothing: other shows as the tip's status says"))
  }

  @Test func rule44_theDisplayDurationReasonNeedsIOS18() {
    let old = ScenarioRunner.run(source: story(os: "17.5") + "invalidate other displayDurationExceeded\nexpect status other available\n")
    #expect(old.exitCode == 0, "\(old.failureMessage)")
    #expect(
      old.transcript.contains(
        "the displayDurationExceeded invalidation reason needs iOS 18: on iOS 17.5 the app cannot use it, so the call does nothing for other"
      ))
    let new = ScenarioRunner.run(
      source: story(os: "18.0") + "invalidate other displayDurationExceeded\nexpect status other invalidated(displayDurationExceeded)\n")
    #expect(new.exitCode == 0, "\(new.failureMessage)")
  }

  /// A tip drawn by a collection view cell needs iOS 18; one drawn by TipView(anchorID:)
  /// needs iOS 26, and before it the app's fallback shows a plain TipView.
  @Test func rule44_aCollectionViewCellsTipNeedsIOS18AndAnAnchorIDIsDrawingOnly() {
    func story(_ os: String) -> String {
      """
      start 2026-11-01T09:00
      device phone os \(os)
      screen feed host uikit: row star
      tip rowTip
        anchor feed.row inline via collectionViewCell
      tip starTip
        anchor feed.star inline via anchorID
      launch
      open feed

      """
    }
    let old = ScenarioRunner.run(
      source: story("17.5") + "expect hidden rowTip\nexpect suppressed rowTip by apiUnavailable\nexpect shown starTip\nwhy rowTip\n")
    #expect(old.exitCode == 0, "\(old.failureMessage)\(old.errors)")
    #expect(
      old.transcript.contains(
        "TipUICollectionViewCell needs iOS 18: on iOS 17.5 the app cannot use it, so rowTip cannot be shown in its collection view cell"))
    #expect(
      old.transcript.contains(
        "TipView(anchorID:) and tipAnchor(_:) needs iOS 26: on iOS 17.5 the app cannot use it, so starTip shows as a plain TipView"))
    #expect(old.transcript.contains("apiUnavailable: its place is drawn by TipUICollectionViewCell, which needs iOS 18 (rule 44)"))
    let new = ScenarioRunner.run(source: story("18.2") + "expect shown rowTip\nexpect shown starTip\n")
    #expect(new.exitCode == 0, "\(new.failureMessage)")
    #expect(!new.transcript.contains("TipUICollectionViewCell needs"))
    #expect(new.transcript.contains("TipView(anchorID:) and tipAnchor(_:) needs iOS 26: on iOS 18.2"))
  }
}
