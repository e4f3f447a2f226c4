import Foundation
import Renderers
import Runner
import Testing
import TipImport

/// The naming contract and every construct the importer reads, fixture by fixture.
@Suite struct ImportContractTests {
  static let apps = [
    "BirdsApp", "Constructs", "ConfigureDebug", "LintApp", "NoConfigure", "AppCode", "HelperApp", "UIKitApp", "AppKitApp", "PlatformApp",
    "OpenApp",
  ]

  /// Each fixture's scenario runs: its definitions, then a launch that runs the app's code.
  @Test(arguments: apps)
  func everyFixtureImportsToAScenarioThatRuns(app: String) throws {
    let result = try imported(app)
    let report = ScenarioRunner.run(source: result.scenario + "launch\n", file: app)
    #expect(report.exitCode == 0, "\(report.errors)")
    #expect(result.tipCount > 0)
  }

  /// The output is the contract outside test suites rely on: any change shows here.
  /// TIPSIM_UPDATE=1 re-records (not under CI).
  @Test(arguments: apps)
  func theImportedScenarioMatchesItsGoldenFile(app: String) throws {
    let result = try imported(app)
    let golden = fixtures + "/\(app).expected.scenario"
    let environment = ProcessInfo.processInfo.environment
    if environment["TIPSIM_UPDATE"] == "1" && environment["CI"] != "true" {
      try result.scenario.write(toFile: golden, atomically: true, encoding: .utf8)
    }
    let expected = try String(contentsOfFile: golden, encoding: .utf8)
    #expect(result.scenario == expected, "re-record with TIPSIM_UPDATE=1 swift test --filter ImportContractTests")
  }

  @Test func tipsAreNamedAfterTheirTypeAndNestedTypesJoinWithUnderscores() throws {
    let lines = try imported("BirdsApp").definitions
    #expect(lines.contains("tip FavoriteBackyardTip"))
    #expect(lines.contains("tip Onboarding_WelcomeTip"))
    #expect(lines.contains("tip Onboarding_SearchTip"))
    // Conformance in an extension, under @available.
    #expect(lines.contains("tip AddBackyardTip"))
  }

  @Test func idsTitlesMessagesImagesAndActionsComeFromTheSwift() throws {
    let result = try imported("BirdsApp")
    let lines = result.definitions
    #expect(lines.contains("  id \"favorite-backyard\""))
    #expect(lines.contains("  title \"Save as a Favorite\""))
    #expect(lines.contains("  message \"Tap the star to find this backyard faster.\""))
    #expect(lines.contains("  image \"star\""))
    #expect(lines.contains("  action favorite_now \"Favorite it\""))
    #expect(lines.contains("  action later \"Not now\""))
    // `#if os(iOS)` inside `message`: the iOS branch, said in a comment.
    #expect(lines.contains("  message \"Swipe to see every backyard.\""))
    #expect(result.scenario.contains("# #if: the os(iOS) branch is taken (as on iOS); not taken: #else"))
  }

  @Test func idsResolveConstantsAndComputedIDsAreNamedWithAComment() throws {
    let result = try imported("Constructs")
    let scenario = result.scenario
    #expect(scenario.contains("tip ConstantIDTip\n  id \"constant-id\""))
    #expect(scenario.contains("tip OtherConstantIDTip\n  id \"help-center\""))
    #expect(scenario.contains("its id is computed at run time (\"item-\\(itemID)\"): the tip's name stands in"))
    #expect(scenario.contains("tip InterpolatedIDTip\n  title"))
  }

  @Test func parametersOfEveryTypeAndTransientOnes() throws {
    let lines = try imported("Constructs").definitions + imported("BirdsApp").definitions
    #expect(lines.contains("param launches = 0"))
    #expect(lines.contains("param rating = 4.0"))
    #expect(lines.contains("param plan = \"free\""))
    #expect(lines.contains("param theme = \"light\""))
    #expect(lines.contains("param searchesToday = 0 transient"))
    // Declared on a settings enum, read by several tips.
    #expect(lines.contains("param seenIntro = false"))
    // Two types declare `isPro`: each is named after its type.
    #expect(lines.contains("param ParameterRulesTip_isPro = false"))
    #expect(lines.contains("param Settings_isPro = false"))
  }

  @Test func eventsAreKeyedByIDWhateverTheyAreDeclaredAs() throws {
    let result = try imported("Constructs")
    let lines = result.definitions
    // `Event(id:)` in a tip, `Tips.Event(id:)` in an enum with the same id: one event (rule 14).
    #expect(lines.filter { $0.hasPrefix("event opened") }.count == 1)
    #expect(result.scenario.contains("also declared as AppEvents.openedAgain"))
    // `Tips.Event<Info>`: the info type's stored properties are its fields.
    #expect(lines.contains("event shared(destination, count)"))
    #expect(lines.contains("event did_open_settings"))
    #expect(lines.contains("event _3dTouch"))
    #expect(lines.contains("event dynamic"))
    // An app's own `Event` model elsewhere is not TipKit's.
    #expect(!result.scenario.contains("meeting"))
    #expect(lines.contains("event purchased"))
  }

  @Test func parameterRulesInEveryForm() throws {
    let lines = try imported("Constructs").definitions
    #expect(lines.contains("  rule ParameterRulesTip_isPro == true"))  // bare $0
    #expect(lines.contains("  rule launches >= 3"))  // a named closure parameter
    #expect(lines.contains("  rule rating > 4.5"))
    #expect(lines.contains("  rule plan != \"enterprise\""))
    #expect(lines.contains("  rule theme == \"dark\""))
    #expect(lines.contains("  rule ParameterRulesTip_isPro == false"))  // !$0, another type's parameter
    #expect(lines.contains("  rule seenIntro == false"))  // $0 == false
    #expect(lines.contains("  rule (visits > 1 and visits < 10) or visits == 42"))
    #expect(lines.contains("  rule Settings_isPro == true"))  // a single rule, not a list
    #expect(try imported("BirdsApp").definitions.contains("  rule searchesToday > 0 and searchesToday <= 2"))
  }

  @Test func eventRulesInEveryForm() throws {
    let result = try imported("Constructs")
    let lines = result.definitions
    for rule in [
      "opened.count > 0", "opened.count(within: 1h) >= 1", "opened.count(within: 1d) >= 1", "opened.count(within: 1w) >= 1",
      "opened.count(within: 3d) >= 1", "opened.count(within: 2w) >= 1", "opened.count(within: 30m) < 20",
      "opened.count < 1 or opened.count > 5", "shared.count(where: destination == \"messages\") >= 2",
      "shared.count(within: 1w, where: count > 1 and destination != \"mail\") >= 1", "shared.largestSubset(by: destination) >= 3",
      "shared.smallestSubset(by: destination, within: 7d) < 5", "purchased.count == 0",
    ] {
      #expect(lines.contains("  rule " + rule), "\(rule)")
    }
    #expect(try imported("BirdsApp").definitions.contains("  rule didViewBackyard.largestSubset(by: backyardID, within: 5d) >= 3"))
    // A filter on the donation's date stays a comment, and the summary lists it.
    #expect(result.scenario.contains("  # rule not translated (Constructs/Tips/EventRules.swift:41): the filter $0.date"))
    #expect(result.summary.contains("Constructs/Tips/EventRules.swift:41: rule:"))
  }

  @Test func optionsInEverySpellingAndShape() throws {
    let scenario = try imported("Constructs").scenario + imported("BirdsApp").scenario
    #expect(
      scenario.contains(
        "tip OptionsBuilderTip\n  title \"Builder options\"\n  anchor HomeView.hints\n  maxDisplayCount 1\n  ignoresDisplayFrequency"))
    #expect(scenario.contains("tip OptionsStoredTip\n  title \"Stored options\"\n  maxDisplayCount 3\n  maxDisplayDuration 2m"))
    #expect(scenario.contains("tip OptionsSingleTip\n  title \"One option\"\n  anchor HomeView.hints\n  maxDisplayDuration 5m"))
    #expect(scenario.contains("  maxDisplayCount 5\n"))  // MaxDisplayCount(5) in a builder
    #expect(scenario.contains("  rule addedBackyard.count == 0\n  maxDisplayCount 2\n  ignoresDisplayFrequency"))
  }

  @Test func conditionalDeclarationsAreImportedAndActionsTakeTheIOSBranch() throws {
    let scenario = try imported("Constructs").scenario
    #expect(scenario.contains("# declared under #if os(iOS)\n"))
    #expect(scenario.contains("  action open_camera \"Open the camera\"\n  action \"Dismiss\""))
    #expect(!scenario.contains("open_finder"))
  }

  @Test func typesOfOneNameAreOneTipWhenTheirIDsAgreeAndNamedByFolderOtherwise() throws {
    let result = try imported("Constructs")
    #expect(result.definitions.contains("tip iOS_SettingsTip"))
    #expect(result.definitions.contains("tip macOS_SettingsTip"))
    #expect(result.definitions.filter { $0 == "tip HelpTip" }.count == 1)
    #expect(result.scenario.contains("# also declared at Constructs/Shared2/HelpTip.swift:3 with the same id: one tip (rule 1)"))
  }

  @Test func displaySitesBecomeScreensNamedAfterTheirViewAndGroupsTheirMembersAnchor() throws {
    let lines = try imported("BirdsApp").definitions
    #expect(lines.contains("screen BackyardDetailView: FavoriteBackyardTip"))
    #expect(lines.contains("screen BackyardListView: AddBackyardTip onboardingTips"))
    #expect(lines.contains("  anchor BackyardDetailView.FavoriteBackyardTip"))
    #expect(lines.contains("  anchor BackyardListView.AddBackyardTip inline"))
    #expect(lines.contains("  anchor BackyardListView.onboardingTips inline"))
    #expect(lines.contains("group onboardingTips ordered: Onboarding_WelcomeTip Onboarding_SearchTip"))
    let constructs = try imported("Constructs").definitions
    // A tip held in a property, one with more arguments to `.popoverTip`, a group's current tip.
    #expect(constructs.contains("screen HomeView: ParameterRulesTip FieldsTip WindowsTip hints"))
    // `#if` inside a group's builder: the iOS branch.
    #expect(constructs.contains("group hints firstAvailable: OptionsBuilderTip OptionsSingleTip"))
    let scenario = try imported("Constructs").scenario
    #expect(
      scenario.contains(
        "# #if: the os(iOS) branch is taken (as on iOS); not taken: #else (Constructs/App/ConstructsApp.swift:22)\ngroup hints"))
    #expect(constructs.contains("  anchor HomeView.hints"))
  }

  @Test func usageSitesAreCommentsBesideEachDefinition() throws {
    let scenario = try imported("BirdsApp").scenario
    #expect(scenario.contains("#   written at BirdsApp/App/BirdsApp.swift:19: FavoriteBackyardTip.isLoggedIn = true\nparam isLoggedIn"))
    #expect(scenario.contains("#   donated at BirdsApp/Views/BackyardDetailView.swift:16 (donate())\nevent didViewBackyard"))
    #expect(
      scenario.contains(
        "#   invalidated at BirdsApp/Views/BackyardDetailView.swift:11 (reason actionPerformed) (when the user taps Button(\"Favorite\"))\ntip FavoriteBackyardTip"
      ))
    let constructs = try imported("Constructs").scenario
    #expect(constructs.contains("(sendDonation())"))
    #expect(constructs.contains("Settings.visits += 1"))
  }

  @Test func theReleaseConfigureCallIsTakenAndTheOthersAreComments() throws {
    let debug = try imported("ConfigureDebug").scenario
    #expect(debug.contains("\nfrequency monthly\n"))
    #expect(debug.contains("(in the DEBUG branch): not taken"))
    #expect(debug.contains("(in test code): not taken"))
    let birds = try imported("BirdsApp").scenario
    #expect(birds.contains("\nfrequency daily\n"))
    #expect(birds.contains("(in a preview): not taken"))
    #expect(birds.contains("Tips.showAllTipsForTesting() runs at BirdsApp/App/BirdsApp.swift:8: not imported as a command"))
    // Several release calls behind a flag: the first; CloudKit is said in a comment.
    let constructs = try imported("Constructs").scenario
    #expect(constructs.contains("\nfrequency immediate\n"))
    #expect(constructs.contains("ConstructsApp.swift:10 (not the first): not taken"))
  }

  @Test func cloudKitAndOtherConfigureOptionsAreComments() throws {
    let result = try imported([
      (
        "App.swift",
        """
        import TipKit
        struct A: Tip { var title: Text { Text("A") } }
        func start() {
          try? Tips.configure([.displayFrequency(3600), .cloudKitContainer(.named("iCloud.x")), .somethingNew])
        }
        """
      )
    ])
    #expect(result.scenario.contains("frequency hourly"))
    #expect(result.scenario.contains("sync icloud on"))
    #expect(result.scenario.contains("# configure option not translated: .somethingNew"))
  }

  /// Backticked Swift names (`` `My Tip` ``, `` `default` ``) become names the language reads.
  @Test func backtickedNamesAreNamedByTheContract() throws {
    let result = try imported([
      (
        "Odd.swift",
        """
        import TipKit
        struct `My Tip`: Tip {
          @Parameter static var `default`: Bool = false
          var title: Text { Text("x") }
          var rules: [Rule] { #Rule(Self.$default) { $0 } }
        }
        """
      )
    ])
    #expect(result.definitions.contains("tip My_Tip"))
    #expect(result.definitions.contains("param default = false"))
    #expect(result.definitions.contains("  rule default == true"))
    #expect(ScenarioRunner.run(source: result.scenario).exitCode == 0)
  }
}
