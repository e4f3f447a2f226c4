import Foundation
import Testing

@testable import Audit

/// The app-wide findings, the typical user, and the JSON that tools read.
@Suite struct FindingTests {
  @Test func aTipWithNothingToEndItReturnsUntilClosed() throws {
    let (report, _, path) = try audit(
      """
      screen home: a b c
      tip forever
        title "Forever"
        anchor home.a inline
      tip counted
        title "Counted"
        anchor home.b inline
        maxDisplayCount 2
      tip acted
        title "Acted on"
        anchor home.c inline
      tip later
        title "Later"
        anchor home.c inline
      when counted shown: invalidate later actionPerformed
      launch
      invalidate acted actionPerformed
      """)
    #expect(report.tip("forever")?.returnsUntilClosed == true)
    #expect(report.tip("forever")?.ends == [.closeButton])
    #expect(report.tip("counted")?.ends == [.maxDisplayCount, .closeButton])
    #expect(report.tip("acted")?.ends == [.invalidatedByApp, .closeButton])
    #expect(report.tip("acted")?.invalidatedAt == ["\(path):17"])
    // The app's own code (a reaction) invalidates too.
    #expect(report.tip("later")?.invalidatedAt == ["\(path):15"])
    let returning = report.findings.filter { $0.rule == "returnsUntilClosed" }
    #expect(returning.map(\.place) == ["\(path):2"])
    // The typical user opens home once a day: the tip comes back every day.
    #expect(report.tip("forever")?.displays == 30)
    #expect(report.tip("counted")?.displays == 2)
    #expect(report.tip("forever")?.firstDisplay == TipAudit.FirstDisplay(day: 1, at: "2026-01-01T09:00:00"))
  }

  @Test func theFrequencySlotGoesToOthersFirst() throws {
    var scenario = "frequency weekly\nscreen home: a0 a1 a2 a3 a4 a5\n"
    for tip in 0..<6 { scenario += "tip t\(tip)\n  title \"T\(tip)\"\n  anchor home.a\(tip) inline\n  maxDisplayCount 1\n" }
    let (report, _, _) = try audit(scenario, days: 30)
    #expect(report.tips.map { $0.firstDisplay?.day } == [1, 8, 15, 22, 29, nil])
    let starved = report.findings.filter { $0.rule == "starvedByFrequency" }
    #expect(starved.count == 1)
    #expect(starved.first?.message.contains("tip t5") == true)
    #expect(starved.first?.message.contains("t0 (day 1), t1 (day 8), t2 (day 15), t3 (day 22), t4 (day 29)") == true)
  }

  @Test func moreDisplaysAWeekThanTheBudgetIsAFinding() throws {
    let scenario = "screen home: a b\ntip a\n  title \"A\"\n  anchor home.a inline\ntip b\n  title \"B\"\n  anchor home.b inline\n"
    // About one visit a day, both tips at each: about 14 displays a week.
    let (over, _, path) = try audit(scenario, budget: 3)
    #expect(over.perWeek.users == 40)
    #expect(over.perWeek.p50 > 8 && over.perWeek.p50 < 20 && over.perWeek.p95 >= over.perWeek.p50)
    let fatigue = try #require(over.findings.first { $0.rule == "tipFatigue" })
    // With the typical user's displays, tip by tip: 60 in 30 days.
    #expect(
      fatigue.message
        == "most users see more tip displays a week than the budget of 3 (p50 \(over.perWeek.p50), p95 \(over.perWeek.p95) over 40 users); "
        + "the typical user's 30 days show 60 (14.0 a week): a 30, b 30")
    // On a line, for SARIF and GitHub's annotations: the scenario has no `launch`, its first.
    #expect(fatigue.place == "\(path):1")
    let (within, _, _) = try audit(scenario, budget: 100)
    #expect(!within.findings.contains { $0.rule == "tipFatigue" })
  }

  /// The figure rests on what the typical user's days assumed: an anchor shown while an app
  /// condition the code leaves open is false. Each such condition is named with the figure;
  /// the finding is placed on the scenario's first `launch`, as on a Swift app's
  /// `Tips.configure` call.
  @Test func theFatigueFigureNamesEachOpenConditionItRestsOn() throws {
    let (report, _, path) = try audit(
      """
      condition onboarded = unknown
      condition premium = false
      screen home: intro(if not onboarded) pro(if not premium) plain
      tip intro
        title "Intro"
        anchor home.intro inline
      tip pro
        title "Pro"
        anchor home.pro inline
      tip plain
        title "Plain"
        anchor home.plain inline
        maxDisplayCount 1
      launch
      """)
    let fatigue = try #require(report.findings.first { $0.rule == "tipFatigue" })
    #expect(fatigue.place == "\(path):14")
    #expect(
      fatigue.message.hasSuffix(
        "the typical user's 30 days show 61 (14.2 a week): intro 30, pro 30, plain 1, assuming the app condition onboarded is false (\(path):1)"
      ), "\(fatigue.message)")
    // premium's value is read (false), not assumed: it is not named.
    #expect(!fatigue.message.contains("premium"))
  }

  @Test func cohortsReplaceTheTypicalUser() throws {
    let scenario = "event e\nscreen home: a\ntip a\n  title \"A\"\n  anchor home.a inline\n  rule e.count >= 2\nlaunch\ndonate e\n"
    let (typical, input, path) = try audit(scenario)
    #expect(typical.tip("a")?.firstDisplay == nil)
    var auditor = Auditor(input: input, includes: .files(relativeTo: path))
    auditor.populationUsers = 40
    let cohorts = path.replacingOccurrences(of: "app.scenario", with: "cohorts.scenario")
    try "cohort all 100%\n  open home 1 per day fixed for 1m\n  donate e 1 per day fixed\n".write(
      toFile: cohorts, atomically: true, encoding: .utf8)
    auditor.cohorts = (try Auditor.cohorts(in: cohorts).get(), cohorts)
    let report = try auditor.audit()
    #expect(report.tip("a")?.firstDisplay?.day == 2)
    #expect((report.tip("a")?.displays ?? 0) > 20)
    #expect(report.usageModel == "the median of 40 users of the cohorts in \(cohorts) (all), over 30 days")
    #expect(throws: Auditor.Problem.self) { try Auditor.cohorts(in: path).get() }
  }

  @Test func theJSONHasTheDocumentedMembers() throws {
    let (report, _, _) = try audit(
      """
      param on = false
      screen home: a
      tip t
        title "T"
        anchor home.a
        rule on == true
      """)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
    #expect(Set(object.keys) == ["tips", "findings", "usageModel", "perWeek"])
    #expect(Set((object["perWeek"] as? [String: Any])?.keys ?? [:].keys) == ["users", "p50", "p95"])
    let tip = try #require((object["tips"] as? [[String: Any]])?.first)
    #expect(tip["tip"] as? String == "t")
    #expect(tip["verdict"] as? String == "never")
    let cause = try #require((tip["causes"] as? [[String: Any]])?.first)
    #expect(cause["code"] as? String == "parameterNeverWritten")
    #expect(cause["name"] as? String == "on")
    #expect((cause["place"] as? String)?.hasSuffix("app.scenario:1") == true)
    #expect(tip["witness"] as? [String] == [])
    #expect(tip["ends"] as? [String] == ["closeButton"])
    // A tip that never shows does not return.
    #expect(tip["returnsUntilClosed"] as? Bool == false)
    #expect(tip["rulesEnd"] as? [String] == [])
    #expect(tip["assumptions"] as? [[String: Any]] != nil)
    #expect(tip["onScreenAfterWitness"] as? Bool == false)
    #expect(tip["firstDisplay"] == nil)
    let finding = try #require((object["findings"] as? [[String: Any]])?.first)
    #expect(Set(finding.keys) == ["rule", "place", "message", "fix", "subject"])
  }

  @Test func theSameInputGivesTheSameBytes() throws {
    let scenario =
      "frequency daily\nevent e\nscreen s: a b\ntip x\n  title \"X\"\n  anchor s.a\n  rule e.count >= 2\ntip y\n  title \"Y\"\n  anchor s.b\nlaunch\ndonate e\n"
    let one = try audit(scenario)
    let two = try audit(scenario)
    func bytes(_ audit: (report: AuditReport, input: AuditInput, path: String)) -> String {
      (audit.report.text + audit.report.json).replacingOccurrences(of: audit.path, with: "APP")
    }
    #expect(bytes(one) == bytes(two))
    #expect(one.report.tip("x")?.witness == ["launch", "donate e", "donate e", "open s"])
  }

  @Test func popoversThatCanShowOnOneScreenCompete() throws {
    let (report, _, path) = try audit(
      """
      param never = false
      screen home: a b c d
      tip first
        title "First"
        anchor home.a
        maxDisplayCount 1
      tip second
        title "Second"
        anchor home.b
        maxDisplayCount 1
      tip inline
        title "Inline"
        anchor home.c inline
      tip impossible
        title "Impossible"
        anchor home.d
        rule never == true
      """)
    let competing = report.findings.filter { $0.rule == "popoversCompete" }
    #expect(competing.count == 1)
    #expect(competing.first?.place == "\(path):3")
    #expect(competing.first?.message.hasPrefix("screen home has 2 popover tips that can show: first (day 1), second (day 2)") == true)
  }

  /// Popovers in the two branches of an `if` are never on screen together: they do not compete.
  @Test func popoversUnderOppositeConditionsDoNotCompete() throws {
    let (report, _, _) = try audit(
      """
      frequency immediate
      condition signedIn = unknown
      screen home: a(if signedIn) b(if not signedIn) c
      tip one
        title "One"
        anchor home.a
      tip two
        title "Two"
        anchor home.b
      tip three
        title "Three"
        anchor home.c inline

      """)
    #expect(!report.findings.contains { $0.rule == "popoversCompete" }, "\(report.text)")
    let (together, _, _) = try audit(
      """
      frequency immediate
      condition signedIn = unknown
      screen home: a(if signedIn) b c
      tip one
        title "One"
        anchor home.a
      tip two
        title "Two"
        anchor home.b

      """)
    #expect(together.findings.contains { $0.rule == "popoversCompete" })
  }

  /// A baseline matches a finding by rule, file and subject: the figures in its message may
  /// move (a p95 that changes) and it stays left out.
  @Test func aBaselineMatchesByRuleFileAndSubjectNotByTheNumbers() throws {
    let finding = AuditFinding(
      rule: "tipFatigue", place: "App",
      message: "most users see more tip displays a week than the budget of 3 (p50 7.0, p95 9.3 over 200 users)",
      fix: "", subject: "the app's users")
    var moved = finding
    moved.message = "most users see more tip displays a week than the budget of 3 (p50 8.2, p95 10.5 over 200 users)"
    let baseline = Baseline([finding])
    #expect(baseline.filter([0], [moved]) == [])
    // Without a subject, the numbers of the message do not count either.
    let bare = AuditFinding(rule: "x", place: "A.swift:3", message: "seen 3 times", fix: "")
    var bareMoved = bare
    bareMoved.message = "seen 12 times"
    #expect(Baseline([bare]).filter([0], [bareMoved]) == [])
    // Another subject is another finding.
    var other = finding
    other.subject = "another"
    #expect(baseline.filter([0], [other]) == [0])
    // A version-1 file (no subject) is still read.
    let old = #"{"format":"tipsim-baseline","version":1,"findings":[{"rule":"x","file":"A.swift","message":"seen 3 times"}]}"#
    let decoded = try JSONDecoder().decode(Baseline.self, from: Data(old.utf8))
    #expect(decoded.filter([0], [bareMoved]) == [])
  }
}
