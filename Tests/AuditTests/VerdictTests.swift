import Testing

@testable import Audit

/// Each verdict and each cause of `never`, on scenario files.
@Suite struct VerdictTests {
  let app = """
    frequency immediate
    param signedIn = false
    param plan = 0
    param notes = 0
    event shared
    event exported
    event viewed
    event opened(noteID)
    screen list: share sync pin tag welcome favorite search onboarding
    tip shareTip
      title "Share faster"
      anchor list.share
      rule shared.count >= 3
      maxDisplayCount 3
    tip archiveTip
      title "Archive"
    tip exportTip
      title "Export"
      anchor list.onboarding inline
      rule exported.count >= 1
    tip folderTip
      title "Folders"
      anchor list.onboarding inline
    tip syncTip
      title "Sync"
      anchor list.sync
      rule signedIn == true
    tip pinTip
      title "Pin"
      anchor list.pin
      rule plan == 2
    tip tagTip
      title "Tag"
      anchor list.tag
      rule notes > 5
      rule notes < 3
    tip welcomeTip
      title "Welcome"
      anchor list.welcome inline
      rule viewed.count == 0
    tip favoriteTip
      title "Favorite"
      anchor list.favorite
      rule opened.largestSubset(by: noteID) >= 2
    tip searchTip
      title "Search"
      anchor list.search inline
    group onboarding ordered: exportTip folderTip
    when app launch: set plan 1
    when screen list opens: donate viewed
    launch
    donate shared
    donate opened
    open list
    """

  @Test func aTipThatCanShowGetsAWitnessThatReplays() throws {
    let (report, input, _) = try audit(app)
    let share = try #require(report.tip("shareTip"))
    #expect(share.verdict == .shows)
    #expect(share.witness == ["launch", "open list", "donate shared", "donate shared", "donate shared"])
    #expect(report.tip("searchTip")?.witness == ["launch", "open list"])
    #expect(try replayEmittedTests(report, input).isEmpty)
  }

  @Test func eachCauseOfNeverNamesItsPlace() throws {
    let (report, _, path) = try audit(app)
    func cause(_ tip: String) -> TipAudit.Cause? {
      let audit = report.tip(tip)
      #expect(audit?.verdict == .never, "\(tip)")
      #expect(audit?.witness == [], "\(tip)")
      return audit?.causes.first
    }
    #expect(cause("archiveTip")?.code == .noDisplaySite)
    #expect(cause("archiveTip")?.place == "\(path):15")
    #expect(cause("exportTip")?.code == .eventNeverDonated)
    #expect(cause("exportTip")?.name == "exported")
    #expect(cause("exportTip")?.place == "\(path):6")
    #expect(cause("syncTip")?.code == .parameterNeverWritten)
    #expect(cause("syncTip")?.place == "\(path):2")
    #expect(cause("pinTip")?.code == .valueNeverWritten)
    #expect(cause("pinTip")?.message.contains("it writes only 1") == true)
    #expect(cause("tagTip")?.code == .contradictoryRules)
    #expect(cause("folderTip")?.code == .groupBlocked)
    #expect(cause("folderTip")?.name == "exportTip")
    #expect(cause("welcomeTip")?.code == .ownScreenDefeatsTip)
    #expect(cause("welcomeTip")?.name == "viewed")
  }

  @Test func aTipThatNeedsAValueTheAppComputesIsUnknownAndSaysWhich() throws {
    let (report, _, _) = try audit(app)
    let favorite = try #require(report.tip("favoriteTip"))
    #expect(favorite.verdict == .unknown)
    #expect(favorite.note == "needs a value the app computes: opened's noteID (no donation gives it)")
  }

  @Test func aDonationWithTheFieldMakesTheSameTipShow() throws {
    let (report, input, _) = try audit(app.replacingOccurrences(of: "donate opened\n", with: "donate opened noteID=7\n"))
    #expect(report.tip("favoriteTip")?.verdict == .shows)
    #expect(report.tip("favoriteTip")?.witness.filter { $0 == "donate opened noteID=7" }.count == 2)
    #expect(try replayEmittedTests(report, input).isEmpty)
  }

  @Test func aWriteOfTheNeededValueOrAnyDonationUnblocksTheProof() throws {
    let written = app.replacingOccurrences(
      of: "launch\ndonate shared", with: "launch\nset plan 2\nset signedIn true\ndonate exported\ndonate shared")
    let (report, input, _) = try audit(written)
    for tip in ["pinTip", "syncTip", "exportTip", "folderTip"] { #expect(report.tip(tip)?.verdict == .shows, "\(tip)") }
    #expect(try replayEmittedTests(report, input).isEmpty)
  }

  @Test func timeInTheWitnessIsOneLine() throws {
    let (report, _, _) = try audit(
      """
      frequency weekly
      screen home: a b c
      tip first
        title "First"
        anchor home.a inline
      tip second
        title "Second"
        anchor home.b inline
      tip third
        title "Third"
        anchor home.c inline
      """)
    #expect(report.tip("second")?.witness == ["launch", "open home", "advance 1w"])
    #expect(report.tip("third")?.witness == ["launch", "open home", "advance 2w"])
    #expect(Auditor.mergingAdvances(["advance 1d", "advance 12h", "open x", "advance 1m"]) == ["advance 1d12h", "open x", "advance 1m"])
  }
}
