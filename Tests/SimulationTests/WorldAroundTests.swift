import Foundation
import Renderers
import Reports
import Runner
import Simulation
import Testing
import TipEngine
import Tooling

/// The world around the engine: anchors, sheets, presentation modes, devices, OS versions
/// and lint (spec sections 10 and 11).
@Suite struct WorldAroundTests {
  func run(_ source: String) -> RunReport {
    let report = ScenarioRunner.run(source: source)
    #expect(report.exitCode != 2, "\(report.errors)")
    return report
  }

  @Test(arguments: [
    // style, host, custom style, OS → rendering word
    (Placement.Style.popover, Hosting.hostingConfiguration, false, "18.5", "notRendered"),
    (.popover, .hostingConfiguration, false, "18.5.1", "notRendered"),
    (.popover, .hostingConfiguration, false, "18.6", "rendered"),
    (.inline, .hostingConfiguration, false, "17.0", "rendered"),
    (.popover, .hostingController, false, "17.0", "rendered"),
    (.popover, .swiftui, true, "17.2", "styleFallback"),
    (.popover, .swiftui, true, "17.3", "rendered"),
    (.popover, .swiftui, true, "17.5", "arrowColor"),
    (.inline, .swiftui, true, "17.5", "rendered"),
    (.popover, .swiftui, true, "18.0", "rendered"),
    (.popover, .hostingConfiguration, true, "17.0", "notRendered"),
  ])
  func rules40And41_theQuirksTable(style: Placement.Style, host: Hosting, custom: Bool, os: String, expected: String) throws {
    let version = try #require(OSVersion(os))
    let placement = Placement(screen: "s", anchor: "a", style: style, customStyle: custom)
    #expect(Quirks.rendering(of: placement, host: host, os: version).word == expected)
  }

  @Test func osVersionsCompareByParts() throws {
    #expect(try #require(OSVersion("17.10")) > #require(OSVersion("17.9")))
    #expect(try #require(OSVersion("18")) == #require(OSVersion("18.0.0")))
    #expect(OSVersion("18.x") == nil)
  }

  @Test func rule42_aTipDecidedUnderASheetIsShownBehindIt() {
    let report = run(
      """
      param ready = false
      screen s: a
      tip t
        title "T"
        anchor s.a
        rule ready == true
      launch
      open s
      present s sheet
      set ready true
      expect shown t
      """)
    #expect(report.passed)
    #expect(!report.session.world.isVisible("t"))
    #expect(report.transcript.contains("decided: shown — behind a sheet on s"))
  }

  @Test(arguments: [("suspend", 1, true), ("endDisplay", 2, true)])
  func aTipFollowsItsAnchor(policy: String, displays: Int, visibleAfter: Bool) {
    let report = run(
      """
      policy anchorHidden \(policy)
      screen s: a
      tip t
        title "T"
        anchor s.a inline
      launch
      open s
      hide s.a
      show s.a
      expect displays t \(displays)
      """)
    #expect(report.passed, "\(report.failureMessage)")
    #expect(report.session.world.isVisible("t") == visibleAfter)
  }

  @Test func presentationModesDecideWhatOtherTapsDo() {
    let base = """
      screen s: a b c
      tip blocker
        title "B"
        anchor s.a
        presentation blocking
      tip stays
        title "P"
        anchor s.c inline
      launch
      open s

      """
    let blocked = run(base + "tap s.b\nexpect visible blocker")
    #expect(blocked.passed)
    #expect(blocked.transcript.contains("refused: blocker blocks the screen"))
    let dismissed = run(
      base.replacingOccurrences(of: "presentation blocking", with: "presentation tapToDismiss")
        + "tap s.b\nexpect hidden blocker\nexpect status blocker available\nexpect visible stays")
    #expect(dismissed.passed, "\(dismissed.failureMessage)")
  }

  @Test func rule39_withoutSyncEachDeviceShowsTheTipOnceWithSyncOnce() {
    let base = """
      screen s: a
      tip t
        title "T"
        anchor s.a
        maxDisplayCount 1
      device phone
      device pad

      """
    let perDevice = run(base + "launch\nopen s\nclose s\nuse pad\nlaunch\nopen s\nexpect shown t")
    #expect(perDevice.passed, "\(perDevice.failureMessage)")
    let perUser = run(
      base + "sync icloud on\nlaunch\nopen s\nclose s\nuse pad\nlaunch\nopen s\nexpect hidden t\nexpect status t invalidated")
    #expect(perUser.passed, "\(perUser.failureMessage)")
  }

  @Test func rule39_aSyncDelayArrivesAtItsExactInstant() {
    let report = run(
      """
      screen s: a
      tip t
        title "T"
        anchor s.a
      device phone
      device pad
      sync icloud on
      policy syncDelay 90s
      launch
      on pad: launch
      on pad: open s
      open s
      dismiss t
      advance 1h
      """)
    let arrival = report.session.records.first { if case .synced = $0.event { $0.device == "pad" } else { false } }
    let removal = report.session.records.first { if case .hidden = $0.event { $0.device == "pad" } else { false } }
    #expect(arrival?.instant == World.defaultStart + .seconds(90))
    #expect(removal?.instant == World.defaultStart + .seconds(90))
  }

}
