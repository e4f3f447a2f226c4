import Foundation
import Reports
import Runner
import Testing

@testable import Audit

/// What an app leaves open — its actions and the values they compute, its app conditions,
/// displays under them — is a step the audit takes, named as an assumption of the witness
/// that relies on it, and never counts as absent in a proof of `never`.
@Suite struct OpenQuestionTests {
  let app = """
    frequency immediate
    param hasContent = false
    param count: Int = 0
    condition hasItems = unknown
    condition onboardingDone = false
    event opened(noteID)
    event listShown
    screen home: list hint(if hasItems) note counter welcome
    tip contentTip
      title "Content"
      anchor home.list inline
      rule hasContent == true
    tip hintTip
      title "Hint"
      anchor home.hint inline
      maxDisplayCount 1
    tip noteTip
      title "Note"
      anchor home.note inline
      rule opened.largestSubset(by: noteID) >= 2
    tip countTip
      title "Count"
      anchor home.counter inline
      rule count > 4
    tip welcomeTip
      title "Welcome"
      anchor home.welcome inline
      rule listShown.count == 0
    when app launch if onboardingDone: set count += 1
    when screen home opens: if hasItems: donate listShown
    action Library_didLoad(hasContent: Bool): set hasContent hasContent
    action Note_open(id: Int): donate opened noteID=id
    action Sync_done(n: Int): set count n

    """

  @Test func aValueTheAppComputesIsChosenForTheRuleAndNamedAsAnAssumption() throws {
    let (report, input, _) = try audit(app)
    let content = try #require(report.tip("contentTip"))
    #expect(content.verdict == .shows)
    #expect(content.witness == ["launch", "open home", "perform Library_didLoad hasContent=true"])
    #expect(content.assumptions.map(\.text) == ["assuming the app runs Library_didLoad with hasContent = true"])
    #expect(content.assumptions.first?.place.hasSuffix("app.scenario:31") == true)
    // `count > 4`: the closest value that makes it hold.
    #expect(report.tip("countTip")?.witness.last == "perform Sync_done n=5")
    // One value for the field donations are grouped by, twice.
    #expect(report.tip("noteTip")?.witness.suffix(2) == ["perform Note_open id=1", "perform Note_open id=1"])
    #expect(try replayEmittedTests(report, input).isEmpty)
    // The emitted test says what it assumes, above the steps that take it.
    let emitted = EmittedTests(report: report, definitions: input.definitions).files.first { $0.name == "contentTip.scenario" }
    #expect(emitted?.text.contains("# assuming the app runs Library_didLoad with hasContent = true (") == true, "\(emitted?.text ?? "")")
  }

  @Test func aDisplayUnderAConditionIsRevealedByTurningItAndSaysSo() throws {
    let (report, _, _) = try audit(app)
    let hint = try #require(report.tip("hintTip"))
    #expect(hint.verdict == .shows)
    #expect(hint.witness == ["launch", "open home", "set hasItems true"])
    #expect(hint.assumptions.map(\.text) == ["assuming the app condition hasItems is true"])
    #expect(
      report.text.contains("hintTip shows after: launch; open home; set hasItems true\n  assuming the app condition hasItems is true ("))
  }

  @Test func codeUnderAConditionOrWithAComputedValueIsNeverAbsentFromAProof() throws {
    let (report, _, _) = try audit(app)
    // Only an action computes hasContent and count, only a condition's reaction donates
    // listShown: none of them is "never".
    #expect(report.tips.allSatisfy { $0.verdict != .never }, "\(report.text)")
    // The welcome tip's screen donates listShown only when hasItems holds: not a defeat. The
    // witness leaves hasItems (unknown) false, which it needs, and says so.
    #expect(report.tip("welcomeTip")?.verdict == .shows)
    #expect(report.tip("welcomeTip")?.assumptions.map(\.text) == ["assuming the app condition hasItems is false"])
  }

  @Test func theJSONNamesEachAssumptionWithItsPlace() throws {
    let (report, _, _) = try audit(app)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
    let tips = try #require(object["tips"] as? [[String: Any]])
    let content = try #require(tips.first { $0["tip"] as? String == "contentTip" })
    let assumption = try #require((content["assumptions"] as? [[String: Any]])?.first)
    #expect(Set(assumption.keys) == ["text", "place"])
    #expect(assumption["text"] as? String == "assuming the app runs Library_didLoad with hasContent = true")
  }

  /// A write or a donation in the code read that no line of the definitions says (the import
  /// could not follow it) is possible: no `never`, and the note names it.
  @Test func codeTheImportCouldNotFollowIsNeverAbsentFromAProof() throws {
    let (_, input, path) = try audit(
      """
      param dark = false
      event themed
      screen s: a b
      tip darkTip
        title "Dark"
        anchor s.a
        rule dark == true
      tip themedTip
        title "Themed"
        anchor s.b
        rule themed.count >= 1

      """)
    var open = input
    open.places.untranslated.writes["dark"] = ["Theme.swift:3"]
    open.places.untranslated.donations["themed"] = ["Theme.swift:4"]
    var auditor = Auditor(input: open, includes: .files(relativeTo: path))
    auditor.populationUsers = 20
    let report = try auditor.audit()
    #expect(report.tip("darkTip")?.verdict == .unknown)
    #expect(report.tip("darkTip")?.note == "depends on code the import could not follow: a write of dark (Theme.swift:3)")
    #expect(report.tip("themedTip")?.note == "depends on code the import could not follow: a donation of themed (Theme.swift:4)")
    // Without them, both are proved never.
    #expect(try Auditor(input: input, includes: .files(relativeTo: path)).audit().tips.allSatisfy { $0.verdict == .never })
  }

  /// What ends a tip includes its rules, when the app's own flow makes one false for good;
  /// lint and the audit agree on which tips return until closed.
  @Test func aRuleTheAppsFlowMakesFalseEndsTheTipAndLintAgrees() throws {
    let scenario = """
      param showWelcome = false
      event opened
      screen home: a b c
      tip firstTime
        title "First"
        anchor home.a inline
        rule opened.count == 1
      tip welcome
        title "Welcome"
        anchor home.b inline
        rule showWelcome == true
      tip plain
        title "Plain"
        anchor home.c inline
      tip hidden
        title "Nowhere"
      when screen home opens: donate opened
      when welcome shown: set showWelcome false
      action Onboarding_start: set showWelcome true

      """
    let (report, _, path) = try audit(scenario)
    #expect(report.tip("firstTime")?.ends == [.rules, .closeButton])
    #expect(
      report.tip("firstTime")?.rulesEnd == [
        "`opened.count == 1` is false for good once opened is donated 2 times, which the app's code does (\(path):17)"
      ])
    #expect(report.tip("firstTime")?.returnsUntilClosed == false)
    #expect(report.tip("welcome")?.ends == [.rules, .closeButton])
    #expect(
      report.tip("welcome")?.rulesEnd.first?.hasPrefix("`showWelcome == true` is false once the app sets showWelcome to false") == true)
    // Its own display sets it back: it is displayed, and hidden within the same step.
    #expect(report.tip("welcome")?.verdict == .shows)
    #expect(report.tip("welcome")?.onScreenAfterWitness == false)
    #expect(report.tip("plain")?.returnsUntilClosed == true)
    // A tip with no display site has no close button, and never shows: it does not return.
    #expect(report.tip("hidden")?.ends == [])
    #expect(report.tip("hidden")?.returnsUntilClosed == false)
    let lint = Linter(session: ScenarioRunner.run(source: scenario).session).warnings().filter { $0.rule == "returnsUntilClosed" }
    #expect(lint.map(\.message).allSatisfy { $0.hasPrefix("tip plain ") }, "\(lint)")
    #expect(lint.count == 1)
  }

  /// An action whose donation sits behind its own guards on app state is taken with its
  /// guards set at once, one step: many guarded actions do not drown the search in one state
  /// per condition turned, and the witness names each condition it assumes.
  @Test func anActionsGuardsAreTakenWithItAsOneStep() throws {
    var scenario = "event synced\nscreen home: hint\ntip syncTip\n  title \"Sync\"\n  anchor home.hint\n  rule synced.count >= 3\n"
    for action in 0..<10 {
      let guards = (0..<3).map { "c\(action)_\($0)" }
      for name in guards { scenario += "condition \(name) = unknown\n" }
      scenario += "action A\(action): if \(guards.joined(separator: " and ")): donate synced\n"
    }
    let input = try AuditInput.scenario(text: scenario, path: "guards.scenario", includes: .none).get()
    var auditor = Auditor(input: input, days: 3)
    auditor.searchLimit = 60
    auditor.populationUsers = 5
    let tip = try #require(try auditor.audit().tip("syncTip"))
    #expect(tip.verdict == .shows, "\(tip.note ?? "")")
    #expect(tip.witness.filter { $0.hasPrefix("set ") }.count == 3)
    #expect(tip.assumptions.filter { $0.text.hasPrefix("assuming the app condition c") }.count == 3)
  }

  /// A rule is false for good only when nothing undoes it: not when the app resets the
  /// datastore at every launch, and not when the same run of its code writes the value back.
  @Test func aRuleTheAppUndoesEndsNothing() throws {
    let undone = """
      param showWelcome = false
      screen home: b
      tip welcome
        title "Welcome"
        anchor home.b inline
        rule showWelcome == true
      action Onboarding_redo: set showWelcome false; set showWelcome true

      """
    let (report, _, _) = try audit(undone)
    #expect(report.tip("welcome")?.rulesEnd == [])
    let reset = """
      event opened
      screen home: a
      tip firstTime
        title "First"
        anchor home.a inline
        rule opened.count == 1
      when screen home opens: donate opened
      when app launching: reset

      """
    let (resetReport, _, _) = try audit(reset)
    #expect(resetReport.tip("firstTime")?.rulesEnd == [])
    #expect(resetReport.tip("firstTime")?.ends == [.closeButton])
    // Under a condition, the reset is not at every launch: the count still ends it.
    let (conditional, _, _) = try audit(reset.replacingOccurrences(of: "when app launching: reset", with: "condition debugReset = false\nwhen app launching if debugReset: reset"))
    #expect(conditional.tip("firstTime")?.ends == [.rules, .closeButton])
  }

  /// An event's donation limit bounds what a rule can count: a threshold past it is never
  /// reached, however often the app donates; the cause names the limit (rule 18).
  @Test func rule18_aCountPastTheDonationLimitIsNever() throws {
    let (report, _, _) = try audit(
      """
      event opened limit 2
      event seen
      param p = false
      screen s: a b c
      tip many
        title "Many"
        anchor s.a
        rule opened.count >= 3
      tip mixed
        title "Mixed"
        anchor s.b
        rule p == true and seen.count >= 1
      tip fine
        title "Fine"
        anchor s.c
        rule opened.count >= 2
      when screen s opens: donate opened; donate seen

      """)
    #expect(report.tip("many")?.causes.map(\.code) == [.beyondDonationLimit])
    #expect(report.tip("many")?.causes.first?.message.contains("they see at most its last 2 donations (rule 18)") == true)
    // A rule false for another reason is not said to be past the limit.
    #expect(report.tip("mixed")?.causes.map(\.code) == [.parameterNeverWritten])
    #expect(report.tip("fine")?.verdict == .shows)
  }
}
