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
}
