import Foundation
import Testing
import TipSimKit

/// Written as an app team's tests are: `import TipSimKit` is the only import of ours.
@Suite struct PublicAPITests {
  static let birds = """
    param isLoggedIn = false
    event viewed
    screen home: list
    tip favorite
      title "Favorite"
      anchor home.list
      rule isLoggedIn == true
      rule viewed.count >= 2
      maxDisplayCount 2
    launch
    open home
    donate viewed
    donate viewed
    set isLoggedIn true
    close home
    advance 1d
    open home
    close home
    """

  @Test func theEngineValuesAreNamedThroughTheOneImport() {
    let instant: Instant = Instant(seconds: 0)
    let status: TipStatus = .invalidated(InvalidationReason.displayCountExceeded)
    let reason: SuppressionReason = .frequency
    #expect(instant.seconds == 0 && status != .available && reason.rawValue == "frequency")
  }

  @Test func firstDisplayAndDisplaysAreDates() throws {
    let report = TipSim.replay(Self.birds)
    #expect(report.passed, "\(report.errors)")
    let first = try Instant(parsing: "2026-01-01T09:00")
    #expect(report.firstDisplay(of: "favorite") == first.date)
    #expect(report.displays(of: "favorite") == [first.date, try Instant(parsing: "2026-01-02T09:00").date])
    #expect(report.firstDisplay(of: "nobody") == nil)
  }

  @Test func statusAndReasonsAtTheEnd() {
    let report = TipSim.replay(Self.birds)
    #expect(report.status(of: "favorite") == .invalidated(.displayCountExceeded))
    #expect(report.reasons(for: "favorite") == [.invalidated, .screenNotOpen])
    #expect(report.status(of: "nobody") == nil)
    let open = TipSim.replay(Self.birds.replacingOccurrences(of: "maxDisplayCount 2", with: "") + "\nopen home")
    #expect(open.reasons(for: "favorite") == [])
    #expect(open.status(of: "favorite") == .available)
    #expect(report.explanation(of: "favorite")?.contains("displays: 2 of 2") == true)
  }

  @Test func instantsConvertToDatesAndParseInAZone() throws {
    let date = Date(timeIntervalSince1970: 1_800_000_000.75)
    #expect(Instant(date).seconds == 1_800_000_000)
    #expect(Instant(date).date == Date(timeIntervalSince1970: 1_800_000_000))
    let tokyo = try Instant(parsing: "2026-11-01T09:00", timeZone: "Asia/Tokyo")
    #expect(tokyo == (try Instant(parsing: "2026-11-01T00:00:00")))
    #expect(throws: InstantSyntaxError.self) { try Instant(parsing: "2026-13-01T09:00") }
    #expect(throws: InstantSyntaxError.self) { try Instant(parsing: "tomorrow") }
    #expect(throws: InstantSyntaxError.self) { try Instant(parsing: "2026-11-01T09:00", timeZone: "Mars/Olympus") }
  }

  @Test func aScenarioIsFoundRelativeToTheTestFile() {
    let report = TipSim.replay(file: "../../Scenarios/eight-colleagues-tab.scenario", relativeTo: #filePath)
    #expect(report.passed, "\(report.errors)")
    #expect(report.expectationsChecked > 0)
    #expect(report.firstDisplay(of: "colleaguesAppeal") != nil)
  }

  @Test func checkThrowsTheMessageTipsimRunPrints() {
    let report = TipSim.replay(Self.birds + "\nexpect shown favorite", name: "birds.scenario")
    #expect(report.exitCode == 1)
    #expect(throws: ScenarioFailure.self) { try report.check() }
    #expect(report.failureMessage.contains("birds.scenario:19: expect shown favorite"))
  }

  @Test func failuresAreWrittenForATestReport() throws {
    let report = TipSim.replay(Self.birds + "\nexpect shown favorite")
    let failure = try #require(report.failures.first)
    #expect(failure.expectation == "shown favorite")
    #expect(failure.message.hasPrefix("expect shown favorite\nfound: "))
    #expect(failure.message.contains("favorite \"Favorite\": invalidated(displayCountExceeded)"))
    // No log time stamps, no verb column.
    #expect(!failure.message.split(separator: "\n").contains { $0.hasPrefix("2026-") })
    #expect(failure.explanation?.hasPrefix("favorite \"Favorite\": invalidated") == true)
  }

  @Test func expectAllRecordsAnIssueAtTheLiteralsLine() {
    let opening = #line + 3
    withKnownIssue {
      TipSim.replay(
        """
        screen s: a
        tip t
          anchor s.a
        launch
        expect shown t
        expect status t available
        """
      ).expectAll()
    } matching: { issue in
      // Only the first expectation fails: the tip is available but its screen is closed.
      issue.sourceLocation?.line == opening + 5 && issue.sourceLocation?.fileID == #fileID
        && issue.comments.contains { $0.rawValue.hasPrefix("expect shown t\nfound: ") }
    }
  }

  @Test func expectAllRecordsInvalidInputAtItsLine() {
    let opening = #line + 3
    withKnownIssue {
      TipSim.replay(
        """
        screen s: a
        open nowhere
        """
      ).expectAll()
    } matching: { issue in
      issue.sourceLocation?.line == opening + 2 && issue.comments.contains { $0.rawValue.contains("unknown screen 'nowhere'") }
    }
  }

  @Test func expectAllIsSilentWhenEverythingHolds() {
    TipSim.replay(Self.birds + "\nexpect status favorite invalidated").expectAll()
  }
}
