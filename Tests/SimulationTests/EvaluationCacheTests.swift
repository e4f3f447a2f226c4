import Renderers
import Runner
import Testing
import Tooling

/// A donation or a parameter write leaves what presentation found for a tip on an open screen
/// when the tip's rules reading it hold before and after (the evaluation cache keeps the
/// entry and moves its end). These cases are where a rule holding before does not hold after;
/// debug builds also check every kept entry against a fresh evaluation.
@Suite struct EvaluationCacheTests {
  /// Five tips on one open screen, so that reconcile keeps pending marks.
  let screen = """
    start 2026-11-01T09:00
    frequency immediate
    param beta = false
    event viewed(kind) limit 1
    screen home: a b c d e
    tip filtered
      title "Filtered"
      anchor home.a inline
      rule viewed.count(where: kind == 1) >= 1
    tip counted
      title "Counted"
      anchor home.b inline
      rule viewed.count >= 1
    tip recent
      title "Recent"
      anchor home.c inline
      rule viewed.count(within: 1h) >= 1
    tip tester
      title "Tester"
      anchor home.d inline
      rule beta == true
    tip plain
      title "Plain"
      anchor home.e inline
    launch
    open home

    """

  /// Rule 18: the limit keeps one donation, so a donation that does not match the filter
  /// drops the one that did. The filtered count falls to 0 and its tip leaves the screen,
  /// while an unfiltered count cannot fall. (The minute's wait lets reconcile remember the
  /// tips that appeared, so that the donation finds their entries.)
  @Test func rule18_aDonationTheLimitAnswersByDroppingTheMatchingOneEndsAFilteredRule() {
    let report = ScenarioRunner.run(
      source: screen + """
        donate viewed kind=1
        expect shown filtered
        expect shown counted
        advance 1m
        donate viewed kind=2
        expect suppressed filtered by rules
        expect shown counted
        expect shown recent

        """)
    #expect(report.exitCode == 0, "\(report.failureMessage)")
    #expect(report.transcript.contains("hidden      filtered at home.a (inline) · no longer available (rule 38)"))
  }

  /// Rule 17: a tip kept across donations still leaves when the window its rule reads
  /// empties, an hour after the last donation (its entry's end moved with each donation).
  @Test func rule17_aTipKeptAcrossDonationsLeavesWhenItsWindowEmpties() {
    let report = ScenarioRunner.run(
      source: screen + """
        donate viewed kind=1
        advance 30m
        donate viewed kind=1
        advance 45m
        expect shown recent
        advance 15m
        expect suppressed recent by rules

        """)
    #expect(report.exitCode == 0, "\(report.failureMessage)")
    #expect(report.transcript.contains("2026-11-01 10:30:00  hidden      recent at home.c (inline)"))
  }

  /// Rule 12: writing a parameter's value again keeps its tip on screen; writing another
  /// value its rule rejects takes it off.
  @Test func rule12_aWriteOfTheSameValueKeepsATipAndAnotherValueEndsIt() {
    let report = ScenarioRunner.run(
      source: screen + """
        set beta true
        expect shown tester
        advance 1m
        set beta true
        expect shown tester
        advance 1m
        set beta false
        expect suppressed tester by rules

        """)
    #expect(report.exitCode == 0, "\(report.failureMessage)")
    #expect(report.transcript.components(separatedBy: "shown       tester").count == 2)
  }

  /// Rule 17: a tip whose rules are thresholds on an unfiltered count is decided again only
  /// when one donation too few is left in the window (its entry ends there, not at the first
  /// departure), while a failing threshold shows its value, so each departure logs it again.
  /// The age limit (rule 18) ends a donation's stay before its window does. Debug builds check
  /// every entry against a fresh evaluation at each of the ten-minute steps.
  @Test func rule17_aHoldingThresholdEndsItsTipsEntryAtTheDepartureThatLeavesTooFew() {
    let report = ScenarioRunner.run(
      source: """
        start 2026-11-01T09:00
        frequency immediate
        event viewed limit 10
        event aged maxAge 30m
        screen home: a b c d e
        tip pair
          title "Pair"
          anchor home.a inline
          rule viewed.count(within: 1h) >= 2
          rule viewed.count(within: 1h) > 1
        tip many
          title "Many"
          anchor home.b inline
          rule viewed.count(within: 1h) >= 5
        tip young
          title "Young"
          anchor home.c inline
          rule aged.count(within: 1h) >= 2
        tip other
          title "Other"
          anchor home.d inline
          rule viewed.count(within: 2h) >= 1
        tip plain
          title "Plain"
          anchor home.e inline
        launch
        open home
        donate viewed
        donate aged
        advance 10m
        donate viewed
        donate aged
        advance 10m
        donate viewed
        donate aged
        repeat 12 every 10m: expect shown plain

        """)
    #expect(report.exitCode == 0, "\(report.failureMessage)")
    let lines = report.transcript.split(separator: "\n")
    func stamps(of text: String) -> [String] { lines.filter { $0.contains(text) }.map { String($0.prefix(19)) } }
    #expect(stamps(of: "hidden      pair") == ["2026-11-01 10:10:00"])
    #expect(stamps(of: "hidden      young") == ["2026-11-01 09:40:00"])
    // At the opening (0 seen), then at each donation and each departure.
    let many = ["09:00", "09:00", "09:10", "09:20", "10:00", "10:10", "10:20"]
    #expect(stamps(of: "suppressed  many") == many.map { "2026-11-01 \($0):00" })
  }
}
