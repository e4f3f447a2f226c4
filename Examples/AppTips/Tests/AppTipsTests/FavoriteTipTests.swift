import Foundation
import Testing
import TipSimKit

@Test func favoriteTipExpectationsHold() {
  TipSim.replay(file: "favorite.scenario", relativeTo: #filePath).expectAll()
}

@Test func favoriteTipAppearsOnTheThirdDayTwiceAtMost() throws {
  let report = TipSim.replay(file: "favorite.scenario", relativeTo: #filePath)
  let third = try Instant(parsing: "2026-01-03T09:00").date
  #expect(report.firstDisplay(of: "favoriteBackyard") == third)
  #expect(report.displays(of: "favoriteBackyard").count == 2)
  #expect(report.status(of: "favoriteBackyard") == .invalidated(.displayCountExceeded))
  #expect(report.reasons(for: "favoriteBackyard").contains(.invalidated))
}

@Test func memoTipStaysHiddenForExistingUsers() {
  TipSim.replay("""
    store defaults hasSeenMemoHint = true
    param hasSeenMemoHint = false bind defaults.hasSeenMemoHint
    screen article: memoButton
    tip addToMemo
      anchor article.memoButton
      rule hasSeenMemoHint == false
    launch
    open article
    expect suppressed addToMemo by boundParameter
    """).expectAll()
}

@Test func welcomeTipWaitsForItsScreen() {
  TipSim.replay("""
    screen home: list
    tip welcome
      anchor home.list
    launch
    expect suppressed welcome by screenNotOpen
    """).expectAll()
}

@Test func anInlineScenarioFailsAtItsOwnLine() {
  withKnownIssue {
    TipSim.replay("""
      screen home: list
      tip welcome
        anchor home.list
      launch
      expect shown welcome
      """).expectAll()
  } matching: { issue in
    issue.comments.contains { $0.rawValue.hasPrefix("expect shown welcome") }
  }
}

@Test func theEngineValuesReadThroughTheOneImport() throws {
  let report = TipSim.replay(file: "favorite.scenario", relativeTo: #filePath)
  let status = try #require(report.status(of: "favoriteBackyard"))
  #expect(status.description == "invalidated(displayCountExceeded)")
  #expect(InvalidationReason.allCases.count == 4)
  #expect(try Instant(parsing: "2026-01-03T09:00").seconds > 0)
}
