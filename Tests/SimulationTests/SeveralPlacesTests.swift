import Foundation
import ScenarioLanguage
import Simulation
import Testing

@testable import Runner

/// A tip the app displays at several places (more `anchor` lines) shows at one at a time:
/// where it is on screen; else on the most recently opened screen whose anchor is in view;
/// on none, at the first given.
@Suite struct SeveralPlacesTests {
  static let app = """
    condition hasNews = false
    event opened
    screen list: sortButton news(if hasNews)
    screen detail: shareButton
    tip ShareTip
      title "Share it"
      anchor list.news
      anchor detail.shareButton inline
      anchor list.sortButton
      rule opened.count >= 1

    """

  func run(_ script: String) -> RunReport { ScenarioRunner.run(source: Self.app + script) }

  @Test func aTipShowsAtThePlaceOnTheScreenTheUserOpenedLast() {
    let report = run(
      """
      launch
      open detail
      donate opened
      expect shown ShareTip
      open list
      expect shown ShareTip
      close detail
      expect shown ShareTip
      """)
    #expect(report.exitCode == 0, "\(report.errors)\(report.failureMessage)")
    // Shown on detail, where it stays while list opens over it; detail closes, list shows it
    // at its first place in view (news is hidden while hasNews is false).
    #expect(report.transcript.contains("shown       ShareTip at detail.shareButton (inline) · display 1"), "\(report.transcript)")
    #expect(report.transcript.contains("shown       ShareTip at list.sortButton · display 2"), "\(report.transcript)")
    #expect(!report.transcript.contains("ShareTip at list.news"))
  }

  @Test func anAnchorThatComesIntoViewIsAPlaceAgain() {
    let report = run(
      """
      set hasNews true
      launch
      donate opened
      open list
      expect shown ShareTip
      """)
    #expect(report.exitCode == 0, "\(report.errors)\(report.failureMessage)")
    #expect(report.transcript.contains("shown       ShareTip at list.news · display 1"), "\(report.transcript)")
  }

  @Test func withNoScreenOpenItIsAtItsFirstPlaceAndTheModelListsEvery() throws {
    let report = run("model\n")
    #expect(report.exitCode == 0, "\(report.errors)")
    #expect(report.transcript.contains("at list.news or detail.shareButton or list.sortButton (now list.news)"), "\(report.transcript)")
    #expect(report.session.world.places(of: "ShareTip").map(\.description) == ["list.news", "detail.shareButton", "list.sortButton"])
  }

  @Test func aPlaceGivenTwiceIsRefusedWithItsLine() {
    let report = ScenarioRunner.run(source: "screen s: a\ntip T\n  anchor s.a\n  anchor s.a inline\n")
    #expect(report.exitCode == 2)
    #expect(report.errors.contains("4:10: error: the tip is already at s.a on an earlier line"), "\(report.errors)")
  }

  @Test func presentationAndStyleHoldAtEveryPlace() throws {
    let report = run("tip Other\n  anchor list.sortButton\n  anchor detail.shareButton\n  presentation passthrough\n")
    #expect(report.exitCode == 0, "\(report.errors)")
    let places = report.session.world.places(of: "Other")
    #expect(places.count == 2 && places.allSatisfy { $0.presentation == .passthrough })
  }

  /// `place TIP at S.A` puts the tip at that one place.
  @Test func placeMovesATipToOnePlace() {
    let report = run("place ShareTip at detail.shareButton\nlaunch\ndonate opened\nopen list\nexpect hidden ShareTip\n")
    #expect(report.exitCode == 0, "\(report.errors)\(report.failureMessage)")
    #expect(report.session.world.places(of: "ShareTip").count == 1)
  }
}
