import Foundation
import Reports
import Simulation
import Testing
import TipEngine

@testable import Runner

/// Apple: "by default events only query their most recent 1000 donations"; a `DonationLimit`
/// is the most an event "will persist and query" (rule 18). No answer offers a donation that
/// cannot move a count past that cap, and `expect next TIP never` says when nothing can.
@Suite struct DonationCapTests {
  static let story = """
    start 2026-11-01T09:00
    event opened
    event saved limit 2
    param p = false
    screen home: a b c
    tip many
      anchor home.a
      rule opened.count >= 1001
    tip few
      anchor home.b
      rule saved.count >= 3
    tip either
      anchor home.c
      rule opened.count >= 1001 || p == true
    launch
    repeat 1001 every 1m: donate opened
    repeat 3 every 1m: donate saved

    """

  func run(_ source: String) -> RunReport { ScenarioRunner.run(source: source) }

  @Test func rule18_whyAndNextNeverOfferADonationPastTheCap() {
    let report = run(Self.story + "why many\nnext many\nwhy few\nwhy either\n")
    #expect(report.exitCode == 0, "\(report.errors)")
    let text = report.transcript
    #expect(!text.contains("actions that could: donate opened"))
    #expect(!text.contains("it would take: donate"))
    #expect(
      text.contains(
        "no action makes it available either: `opened.count >= 1001` can never hold: rules see at most the last 1000 donations of opened (rule 18)"
      ))
    #expect(text.contains("neither time nor any action makes many available"))
    #expect(
      text.contains(
        "no action makes it available either: `saved.count >= 3` can never hold: rules see at most the last 2 donations of saved (rule 18)")
    )
    // Under an `||`, the other side still can: only it is offered.
    #expect(text.contains("actions that could: set p …; open home"))
  }

  @Test func rule18_expectNextNeverHoldsOnlyWhenNeitherTimeNorAnyActionCan() {
    let report = run(Self.story + "expect next many never\nexpect next few never\nexpect next either never\n")
    #expect(report.exitCode == 1)
    #expect(report.failureMessage.contains("expect next either never"), "\(report.failureMessage)")
    #expect(report.failureMessage.contains("found: no passage of time alone makes it available, but an action could: set p …"))
    #expect(report.transcript.contains("expect ✓    next many never") && report.transcript.contains("expect ✓    next few never"))
    // A tip time makes available is not `never`: the finding says when.
    let timed = run(
      "start 2026-11-01T09:00\nfrequency daily\nscreen s: a b\ntip a\n  anchor s.a\ntip b\n  anchor s.b\nlaunch\nopen s\nexpect next b never\n"
    )
    #expect(timed.exitCode == 1 && timed.failureMessage.contains("found: next at 2026-11-02T09:00"), "\(timed.failureMessage)")
  }

  @Test func rule18_beforeIOS26TheCapIs1000WhateverTheLimitSays() {
    let source = """
      start 2026-11-01T09:00
      device phone os 18.5
      event opened limit 5000
      screen home: a
      tip many
        anchor home.a
        rule opened.count >= 2000
      launch
      expect next many never
      lint

      """
    let report = run(source)
    #expect(report.exitCode == 0, "\(report.failureMessage)\(report.errors)")
    #expect(report.transcript.contains("rules see at most the last 1000 donations of opened (rule 18)"))
    #expect(report.transcript.contains("[countBeyondLimit]"))
    // On iOS 26 the limit is the event's own: the count can get there.
    let latest = run(source.replacingOccurrences(of: "device phone os 18.5\n", with: "").replacingOccurrences(of: "lint\n", with: ""))
    #expect(latest.exitCode == 1 && latest.failureMessage.contains("an action could: donate opened"), "\(latest.failureMessage)")
  }

  @Test func rule18_lintWarnsOfACountPastTheCapEvenUnderAnOr() {
    let report = run(Self.story + "lint\n")
    let text = report.transcript
    #expect(text.contains("tip many can never show: `opened.count >= 1001` can never hold"))
    #expect(
      text.contains(
        "tip either: `opened.count >= 1001` is never true: rules see at most the last 1000 donations of opened (rule 18); the rest of `opened.count >= 1001 or p == true` decides [countBeyondLimit]"
      ))
    #expect(text.components(separatedBy: "[countBeyondLimit]").count - 1 == 3)
    #expect(!text.contains("[rulesNeverHold]"))
  }
}
