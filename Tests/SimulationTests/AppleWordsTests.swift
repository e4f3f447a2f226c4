import Foundation
import Reports
import Simulation
import Testing
import TipEngine

@testable import Runner

/// What TipSim says is what TipKit does, where an audit against Apple's documentation found a
/// gap: each test names its rule.
@Suite struct AppleWordsTests {
  func run(_ source: String) -> RunReport {
    let report = ScenarioRunner.run(source: source)
    #expect(report.exitCode == 0, "\(report.errors)\(report.failureMessage)")
    return report
  }

  /// The rule 44 warnings' words, without stamp and device.
  func warnings(_ report: RunReport) -> [String] {
    report.transcript.split(separator: "\n").filter { $0.contains("warning") && $0.contains("rule 44") }.map {
      String($0[($0.range(of: "] ")?.upperBound ?? $0.startIndex)...])
    }
  }

  @Test func rule39_parametersSyncWithTheDatastoreUnlessThePolicySaysOtherwise() {
    let story = """
      param isPro = false
      screen s: a
      tip pro
        anchor s.a
        rule isPro == true
      device phone
      device pad
      sync icloud on
      launch
      on pad: launch
      set isPro true

      """
    _ = run(story + "use pad\nopen s\nexpect shown pro\n")
    _ = run("policy syncParameters off\n" + story + "use pad\nopen s\nexpect hidden pro\n")
  }

  /// A tip with a duration limit and a group of two: on iOS 18 the limit ends the first and
  /// the group then presents the second; iOS 17 has neither API.
  static let limitAndGroup = """
    screen home: a b
    tip welcome
      anchor home.a
      maxDisplayDuration 2m
    tip filters
      anchor home.b inline
    group onboarding ordered: welcome filters
    launch
    open home
    advance 5m
    close home
    open home
    quit
    launch
    open home

    """

  @Test func rule44_iOS17RunsATipWithoutItsDurationLimitAndAGroupsMembersEachOnItsOwn() throws {
    let old = run("device phone os 17.5\n" + AppleWordsTests.limitAndGroup + "expect shown welcome\nexpect shown filters\n")
    #expect(
      warnings(old) == [
        "MaxDisplayDuration needs iOS 18: on iOS 17.5 the app cannot use it, so welcome runs without a duration limit (rule 44)",
        "TipGroup needs iOS 18: on iOS 17.5 the app cannot use it, so the members of onboarding are decided each on its own (rule 44)",
      ], "once each, though the app launched twice")
    let current = run("device phone os 18.2\n" + AppleWordsTests.limitAndGroup + "expect hidden welcome\nexpect shown filters\n")
    #expect(warnings(current).isEmpty)

    let versions = ["17.5", "18.2"].compactMap(OSVersion.init)
    let matrix = Matrix(versions: versions, session: old.session)
    let cells = try matrix.cells().get()
    #expect(cells["welcome"]?.map(\.displays) == [3, 1])
    #expect(cells["filters"]?.map(\.displays) == [3, 3])
    #expect(matrix.report().contains("iOS 17.5 lacks MaxDisplayDuration (welcome), TipGroup (onboarding)"))
  }

  @Test func rule44_beforeIOS26TheDefaultDonationLimitAppliesAndEligibilityCannotBeReset() {
    let story = """
      event opened limit 2
      screen s: a b
      tip t
        anchor s.a
      tip regular
        anchor s.b
        rule opened.count >= 3
      device phone os 18.2
      launch
      donate opened
      donate opened
      donate opened
      expect status regular available
      invalidate t actionPerformed
      reset eligibility t
      delete-donations opened

      """
    let old = run(story + "expect status t invalidated\nexpect status regular available\n")
    #expect(
      warnings(old) == [
        "DonationLimit needs iOS 26: on iOS 18.2 the app cannot use it, so opened keeps the default limit, the most recent 1000 donations (rule 44)",
        "resetEligibility() needs iOS 26: on iOS 18.2 the app cannot use it, so the call does nothing for t (rule 44)",
        "Event.deleteDonations() needs iOS 26: on iOS 18.2 the app cannot use it, so the donations of opened stay (rule 44)",
      ])
    // On iOS 26 the limit keeps 2 of 3 donations, so the first expectation fails there.
    let current = ScenarioRunner.run(
      source: story.replacingOccurrences(of: "os 18.2", with: "os 26.1") + "expect status t available\nexpect status regular pending\n")
    #expect(current.exitCode == 1 && current.failures.count == 1, "\(current.errors)\(current.failureMessage)")
    #expect(warnings(current).isEmpty)
  }

  @Test func rule44_aDeviceOnIOS17NeitherSendsNorReceivesThroughICloud() {
    let story = """
      screen s: a
      tip t
        anchor s.a
      device phone os 18.2
      device old os 17.5
      sync icloud on
      launch
      on old: launch
      invalidate t actionPerformed

      """
    let report = run(story + "use old\nopen s\nexpect shown t\n")
    #expect(warnings(report).contains { $0.contains("the CloudKit container needs iOS 18: on iOS 17.5") })
    _ = run(story.replacingOccurrences(of: "os 17.5", with: "os 18.0") + "use old\nopen s\nexpect hidden t\n")
  }
}
