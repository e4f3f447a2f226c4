import Foundation
import Sessions
import Simulation
import Testing
import TipEngine

@testable import Runner

/// While the app is not running its datastore keeps what it holds: "not running" is one more
/// gate, not a status that replaces the rest (rule 25).
@Suite struct QuitAppTests {
  static let story = """
    start 2026-11-01T09:00
    screen home: a
    tip once
      anchor home.a
      maxDisplayCount 1
    launch
    open home
    close home
    quit

    """

  @Test func rule25_aQuitAppKeepsAnInvalidatedTipInvalidatedAndWhySaysWhatWouldHelp() {
    let report = ScenarioRunner.run(
      source: Self.story + "expect status once invalidated(displayCountExceeded)\nexpect displays once 1\nwhy once\n")
    #expect(report.exitCode == 0, "\(report.failureMessage)\(report.errors)")
    let text = report.transcript
    #expect(text.contains("notConfigured: the app is not running (not launched yet, or quit): TipKit is configured at launch (rule 25)"))
    #expect(text.contains("invalidated: displayCountExceeded at 2026-11-01 09:00:00; permanent until reset (rule 6)"))
    // A launch alone cannot show it: the reset comes first.
    #expect(text.contains("actions that could: reset; launch; open home"))
    // Launched again, it is still invalidated.
    let again = ScenarioRunner.run(source: Self.story + "launch\nopen home\nexpect hidden once\nexpect status once invalidated\n")
    #expect(again.exitCode == 0, "\(again.failureMessage)")
  }

  @Test func rule25_saveWithExpectationsWritesWhatTheDatastoreHolds() {
    let run = ScenarioRunner.run(source: Self.story)
    let saved = ScenarioWriter.expectations(for: run.session.world)
    #expect(saved.contains("expect status once invalidated(displayCountExceeded)"), "\(saved)")
    #expect(saved.contains("expect displays once 1"))
  }
}
