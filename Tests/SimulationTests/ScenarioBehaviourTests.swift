import Foundation
import Runner
import Sessions
import Simulation
import Testing
import TipEngine

/// What the world does, told as scenarios: expectations on displays, reactions (the app's
/// own code), scene phases and `invalidate all`.
@Suite struct ScenarioBehaviourTests {
  @Test func displayBoundsAndTheFirstDisplayAreExpectations() {
    let story = """
      screen home: button
      tip a
        anchor home.button
      timezone Asia/Tokyo
      launch
      open home
      close home
      advance 1d
      open home

      """
    let holds = ScenarioRunner.run(
      source: story
        + "expect displays a at least 2\nexpect displays a at most 2\nexpect first display a at 2026-01-01T09:00\n")
    #expect(holds.exitCode == 0, "\(holds.errors)\(holds.failureMessage)")
    #expect(holds.expectationsChecked == 3)
    let fails = ScenarioRunner.run(
      source: story + "expect displays a at least 3\nexpect displays a at most 1\nexpect first display a at 2026-01-02T09:00\n")
    #expect(fails.failures.map(\.foundText) == ["2 displays", "2 displays", "first display at 2026-01-01T09:00 (day 1)"])
    #expect(
      fails.failures.map(\.found) == [.displays(2), .displays(2), .firstDisplay(SimTimeZone.utc.civil(of: World.defaultStart), day: 1)])
    let never = ScenarioRunner.run(source: "screen home: button\ntip a\n  anchor home.button\nexpect first display a at 2026-01-01T09:00")
    #expect(never.failures.map(\.found) == [.neverDisplayed])
    let bad = ScenarioRunner.run(source: story + "expect displays a at 3\n")
    #expect(bad.errors.contains("expected `least` or `most`"))
  }

  @Test func rule16_aDonationWithoutAFieldItsRulesGroupOrFilterByIsAWarning() {
    let report = ScenarioRunner.run(
      source: """
        event viewed(backyardID, kind)
        screen s: a
        tip favorite
          anchor s.a
          rule viewed.largestSubset(by: backyardID, within: 5d) >= 2
        tip other
          anchor s.a
          rule viewed.count(where: kind == "photo") >= 1
        launch
        donate viewed
        donate viewed backyardID=2 kind="photo"
        donate viewed kind="photo"
        """)
    let warnings = report.session.records.compactMap { if case .warning(let text) = $0.event { text } else { nil } }
    #expect(
      warnings == [
        .donationMissingField(event: "viewed", field: "backyardID", tips: ["favorite"]),
        .donationMissingField(event: "viewed", field: "kind", tips: ["other"]),
        .donationMissingField(event: "viewed", field: "backyardID", tips: ["favorite"]),
      ])
  }

  @Test func backgroundEndsDisplaysAndForegroundBringsTheScreensBack() {
    let report = ScenarioRunner.run(
      source: """
        screen s: a
        screen t: b
        tip x
          anchor s.a
        launch
        open s
        open t
        background
        expect hidden x
        invalidate all tipClosed
        foreground
        expect status x invalidated(tipClosed)
        """)
    #expect(report.exitCode == 0, "\(report.errors)\(report.failureMessage)")
    #expect(report.transcript.contains("background  the app left the foreground; displays end (s, t)"))
    #expect(report.transcript.contains("hidden      x at s.a · app went to the background"))
    #expect(report.transcript.contains("foreground  the app is back in the foreground (s, t)"))
    #expect(report.session.world.openScreens.map(\.name) == ["s", "t"])
    // A second `foreground`, or `open` while in the background, says so.
    let again = ScenarioRunner.run(source: "screen s: a\nlaunch\nbackground\nbackground\nforeground\nforeground\n")
    #expect(again.transcript.contains("the app is already in the background"))
    #expect(again.transcript.contains("the app is already in the foreground"))
    #expect(ScenarioRunner.run(source: "screen s: a\nlaunch\nbackground\nopen s\n").errors.contains("`foreground` first"))
    #expect(ScenarioRunner.run(source: "background\n").errors.contains("needs a running app"))
  }

  @Test func reactionsRunTheAppsCodeWhenTheirTriggerHappens() {
    let report = ScenarioRunner.run(
      source: """
        param onboardingDone = false
        screen home: a b
        tip first
          anchor home.a
          maxDisplayCount 1
        tip second
          anchor home.b
          rule onboardingDone == true
        when first invalidated displayCountExceeded: set onboardingDone true
        when app background: invalidate all tipClosed
        launch
        open home
        close home
        open home
        expect shown second
        why second
        background
        expect status second invalidated(tipClosed)
        """, file: "story.scenario")
    #expect(report.exitCode == 0, "\(report.errors)\(report.failureMessage)")
    let lines = report.transcript.split(separator: "\n").map(String.init)
    let invalidated = lines.firstIndex { $0.contains("invalidated first · displayCountExceeded") } ?? -1
    #expect(lines[invalidated + 1].hasSuffix("reaction    when first invalidated displayCountExceeded (line 9)"))
    #expect(lines[invalidated + 2].hasSuffix("set         onboardingDone = true, was false"))
    #expect(report.transcript.contains("reaction    when app background (line 10)"))
    #expect(report.transcript.contains("onboardingDone was last set by the reaction of line 9"))
    #expect(
      report.session.world.explain("second").reactionEffects == [
        ReactionEffect(subject: "second", kind: .invalidated, place: ScenarioPlace(line: 10)),
        ReactionEffect(subject: "onboardingDone", kind: .set, place: ScenarioPlace(line: 9)),
      ])
    // Saved with the definitions.
    #expect(ScenarioWriter.scenario(of: report.session, withExpectations: false).contains("when app background: invalidate all tipClosed"))
  }

  @Test func rule24_aReactionToWhatTimeBringsRunsAtItsInstant() {
    let report = ScenarioRunner.run(
      source: """
        param next = false
        screen home: a
        tip brief
          anchor home.a
          maxDisplayDuration 1m
        when brief invalidated: set next true
        launch
        open home
        advance 10m
        """)
    #expect(report.exitCode == 0, "\(report.errors)")
    #expect(report.transcript.contains("2026-01-01 09:01:00  reaction    when brief invalidated (line 6)"))
    #expect(report.transcript.contains("2026-01-01 09:01:00  set         next = true, was false"))
  }

  /// `help when` documents `if COND` after the trigger: with no reason named, `if` is the
  /// condition's, not a reason.
  @Test func aReactionToAnyInvalidationTakesAnAppCondition() {
    let source = """
      param next = false
      condition synced = true
      screen home: a b
      tip brief
        anchor home.a
        maxDisplayDuration 1m
      tip after
        anchor home.b
        rule next == true
      when brief invalidated if synced: set next true
      launch
      open home
      advance 10m
      expect status after available

      """
    let report = ScenarioRunner.run(source: source)
    #expect(report.exitCode == 0, "\(report.errors)")
    #expect(report.transcript.contains("reaction    when brief invalidated if synced (line 10)"), "\(report.transcript)")
    let unsynced = ScenarioRunner.run(source: source.replacingOccurrences(of: "synced = true", with: "synced = false"))
    #expect(unsynced.exitCode == 1, "\(unsynced.errors)")
  }

  @Test func aReactionIsCheckedWhenDefinedAndCannotRunForever() {
    let unknown = ScenarioRunner.run(source: "screen s: a\ntip t\n  anchor s.a\nwhen t shown: set nothing true\n")
    #expect(unknown.errors.contains("unknown parameter 'nothing'"))
    let notAnAction = ScenarioRunner.run(source: "screen s: a\ntip t\n  anchor s.a\nwhen t shown: advance 1d\n")
    #expect(notAnAction.errors.contains("`advance` cannot be a reaction"))
    let loop = ScenarioRunner.run(
      source: "screen s: a\ntip t\n  anchor s.a\nwhen t shown: close s; open s\nlaunch\nopen s\n")
    #expect(loop.exitCode == 0, "\(loop.errors)")
    #expect(loop.transcript.contains("reactions set one another off more than 100 times at one instant: stopped"))
  }

  @Test func rule5_invalidateAllInvalidatesEveryTipNotInvalidatedYet() {
    let report = ScenarioRunner.run(
      source: """
        screen s: a b
        tip t
          anchor s.a
        tip u
          anchor s.b
        launch
        open s
        invalidate u tipClosed
        invalidate all actionPerformed
        expect status t invalidated(actionPerformed)
        expect status u invalidated(tipClosed)
        expect hidden t
        """)
    #expect(report.exitCode == 0, "\(report.errors)\(report.failureMessage)")
    #expect(!report.transcript.contains("already"))
    let none = ScenarioRunner.run(source: "launch\ninvalidate all tipClosed\n")
    #expect(none.transcript.contains("no tips are defined"))
    #expect(ScenarioRunner.run(source: "tip t\ninvalidate all tipClosed\n").errors.contains("needs a running app"))
  }
}
