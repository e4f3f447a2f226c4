import Foundation
import Runner
import Testing

@testable import Audit
@testable import TipImport

/// What real apps showed the importer did not follow, on the FollowApp fixture: each tip
/// resolves to its own display, group and code, and the audit says `never` only of the two
/// tips the code never shows.
@Suite struct FollowImportTests {
  @Test func eachTipIsDisplayedWhereItsCodeShowsIt() throws {
    let lines = try imported("FollowApp").definitions
    // `SharedTip.shared`, a helper that returns its tip, a child view and a helper type built
    // with the tip, private helpers of one name in two types: each on its caller's screen.
    for (tip, anchor) in [
      ("SharedTip", "HomeView.SharedTip"), ("WrappedTip", "HomeView.WrappedTip"), ("ChildTip", "HomeView.ChildTip"),
      ("PresentedTip", "HomeView.PresentedTip"), ("HomeHintTip", "HomeView.HomeHintTip"),
      ("SettingsHintTip", "SettingsView.SettingsHintTip"),
    ] {
      #expect(lines.contains("  anchor \(anchor) inline"), "\(tip)")
    }
    // A group built from instance properties; `currentTip as? FirstStepTip` shows that one
    // only; a second group in a property of the same name in another type is its own.
    #expect(lines.contains("group steps ordered: FirstStepTip SecondStepTip"))
    #expect(lines.contains("group steps_2 firstAvailable: OtherFirstTip OtherSecondTip"))
    #expect(lines.contains("screen SettingsView: steps_2 NewsTip SettingsHintTip"))
    let scenario = try imported("FollowApp").scenario
    #expect(!scenario.contains("tip SecondStepTip\n  title \"Second step\"\n  anchor"))
    // A list shown in the `else` of `items.isEmpty` (a computed property), which starts empty.
    #expect(lines.contains("condition HomeView_items_isEmpty = true"))
    #expect(lines.contains { $0.hasPrefix("screen HomeView:") && $0.contains("ListTip(if not HomeView_items_isEmpty)") })
    // Displayed on two screens (on one under a condition): anchored at each.
    #expect(scenario.contains("  anchor HomeView.NewsTip inline\n  anchor SettingsView.NewsTip inline\n"))
    #expect(lines.contains { $0.hasPrefix("screen HomeView:") && $0.contains("NewsTip(if HomeView_feed_hasNews)") })
    // `if Build.isBeta` with `static let isBeta = false`: no display at all.
    #expect(!lines.contains { $0.hasPrefix("screen HomeView:") && $0.contains("BetaTip") })
    #expect(
      scenario.contains("# displayed at FollowApp/HomeView.swift:24 under `Build.isBeta`, which a constant of the code read makes false"))
  }

  @Test func aStatusLoopsInvalidationAndARowsAppearanceRunWhenTheyHappen() throws {
    let result = try imported("FollowApp")
    // Not at every opening of the screen: when StatusTip is invalidated, and as a row appears.
    #expect(result.definitions.contains("when StatusTip invalidated: set statusEnded true"))
    #expect(result.definitions.contains("action HomeView_ForEach_row_onAppear: donate rowSeen"))
    #expect(!result.definitions.contains { $0.hasPrefix("when screen HomeView opens") })
    let run = ScenarioRunner.run(
      source: result.scenario
        + "launch\nopen HomeView\nexpect hidden AfterStatusTip\nexpect hidden RowTip\ndismiss StatusTip\nexpect shown AfterStatusTip\n")
    #expect(run.exitCode == 0, "\(run.errors)\(run.failureMessage)")
    #expect(result.summary.hasSuffix("everything read was translated"))
  }

  @Test func neverOnlyForTheTipsTheCodeNeverShows() throws {
    let input = try #require(try SwiftImporter.run(paths: ["FollowApp"], in: fixtures, forAudit: true).audit)
    var auditor = Auditor(input: input)
    auditor.populationUsers = 20
    let report = try auditor.audit()
    #expect(report.tips.filter { $0.verdict == .never }.map(\.tip) == ["SecondStepTip", "BetaTip"], "\(report.text)")
    #expect(report.tips.allSatisfy { $0.verdict != .unknown })
    // Its place on Settings needs no news: it shows without assuming any.
    let news = try #require(report.tips.first { $0.tip == "NewsTip" })
    #expect(news.verdict == .shows && news.assumptions.isEmpty, "\(report.text)")
    #expect(
      report.tips.first { $0.tip == "BetaTip" }?.causes.first?.message
        == "its only display is at FollowApp/HomeView.swift:24 under `Build.isBeta`, which a constant of the code read makes false")
  }

  /// A title an `if` chooses, a preview's reset and configure, a reset only Objective-C calls:
  /// each read, none translated, so the summary names each and never says all was.
  @Test func theSummaryNamesWhatItReadAndDidNotTranslate() throws {
    let result = try imported("SummaryApp")
    let file = "SummaryApp/SummaryApp.swift"
    #expect(result.definitions.contains("  title \"Good morning\""))
    #expect(!result.summary.contains("everything read was translated"))
    for line in [
      "\(file):13: its title is chosen at run time: \"Good morning\" stands in for \"Good evening\"",
      "\(file):20: its message is chosen at run time: \"Triez vos messages\" stands in for \"Sort your messages\"",
      "\(file):45: Tips.resetDatastore(): Tips.resetDatastore() after Tips.configure throws in the app (rule 34)",
      "\(file):52: Tips.resetDatastore() in a preview: not run", "\(file):53: Tips.configure in a preview: not taken",
    ] {
      #expect(result.summary.contains("  \(line)\n") || result.summary.hasSuffix("  \(line)"), "\(line)\n\(result.summary)")
    }
    #expect(result.summary.contains("not translated (5)"))
  }
}
