import Runner
import Testing

/// `whatif`'s log lines that differ: side by side when they fit, else one under the other,
/// whole, so that the part that differs is never cut.
@Suite struct WhatIfTests {
  @Test func twoLongLinesThatDifferAreShownWhole() {
    let report = ScenarioRunner.run(
      source: """
        frequency immediate
        event recipeSavedToTheFavouritesCollection
        screen recipeDetailScreenWithIngredients: favouriteButtonInTheToolbar
        tip saveYourFavouriteRecipesForLaterCooking
          title "Save it"
          anchor recipeDetailScreenWithIngredients.favouriteButtonInTheToolbar
          rule recipeSavedToTheFavouritesCollection.count(within: 3d) >= 2
          maxDisplayCount 3
        launch
        donate recipeSavedToTheFavouritesCollection
        donate recipeSavedToTheFavouritesCollection
        repeat 3 every 1d: open recipeDetailScreenWithIngredients; close recipeDetailScreenWithIngredients
        whatif saveYourFavouriteRecipesForLaterCooking.maxDisplayCount 1
        """)
    #expect(report.exitCode == 0, "\(report.errors)")
    let text = report.transcript
    let diff = text.components(separatedBy: "log lines that differ").last ?? ""
    let whole = diff.split(separator: "\n").filter { $0.hasPrefix("- ") || $0.hasPrefix("+ ") }
    #expect(!whole.isEmpty, "\(text)")
    #expect(!diff.split(separator: "\n").contains { $0.hasSuffix("…") }, "\(diff)")
    #expect(whole.contains { $0.contains("display 2 of 3") } || whole.contains { $0.contains("invalidated") }, "\(diff)")
  }

  static let grouped = """
    start 2026-11-02T08:00
    event recipeSaved
    screen home: a b
    tip planTip
      title "Plan"
      anchor home.a
      rule recipeSaved.count >= 3
    tip shareTip
      title "Share"
      anchor home.b
    group onboarding ordered: planTip shareTip
    launch
    donate recipeSaved
    open home
    advance 1d
    close home
    open home

    """

  /// `whatif TIP.rule LEFT OP RIGHT` replaces the rule with that left side; a rule no rule of
  /// the tip compares is an error at its line (exit 2), naming the tip's rules.
  @Test func aRuleChangeReplacesTheRuleWithItsLeftSide() {
    let report = ScenarioRunner.run(source: Self.grouped + "whatif planTip.rule recipeSaved.count >= 1\n")
    #expect(report.exitCode == 0, "\(report.errors)")
    let after = report.transcript.components(separatedBy: "with planTip.rule recipeSaved.count >= 1:").last ?? ""
    #expect(after.contains("planTip   ●"), "\(report.transcript)")
    let unmatched = ScenarioRunner.run(
      source: Self.grouped + "whatif planTip.rule recipeSaved.count(within: 7d) >= 1\n", file: "w.scenario")
    #expect(unmatched.exitCode == 2)
    #expect(
      unmatched.errors.contains(
        "w.scenario:18:1: error: planTip has no rule comparing recipeSaved.count(within: 1w) to replace (its rules: `recipeSaved.count >= 3`)"
      ), "\(unmatched.errors)")
    let compound = ScenarioRunner.run(source: Self.grouped + "whatif planTip.rule recipeSaved.count >= 1 and recipeSaved.count < 9\n")
    #expect(compound.exitCode == 2 && compound.errors.contains("a what-if rule is one comparison"), "\(compound.errors)")
  }

  /// `whatif group NAME none` takes the group away (its tips stay, each on its own);
  /// `whatif group NAME firstAvailable` changes its priority.
  @Test func aGroupChangeDissolvesItOrChangesItsPriority() {
    for change in ["group onboarding none", "group onboarding firstAvailable"] {
      let report = ScenarioRunner.run(source: Self.grouped + "whatif \(change)\n")
      #expect(report.exitCode == 0, "\(report.errors)")
      let before = report.transcript.components(separatedBy: "with \(change):")
      #expect(before.first?.contains("shareTip  o") == true, "\(report.transcript)")
      #expect(before.last?.contains("shareTip  ●") == true, "\(change): \(report.transcript)")
    }
    let unknown = ScenarioRunner.run(source: Self.grouped + "whatif group later none\n")
    #expect(unknown.exitCode == 2 && unknown.errors.contains("unknown group"), "\(unknown.errors)")
  }
}
