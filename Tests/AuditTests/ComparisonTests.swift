import Foundation
import Testing

@testable import Audit

/// `tipsim audit NEW --compare OLD`: what a change does to each tip, matched by persisted id,
/// and which changes fail the check.
@Suite struct ComparisonTests {
  /// A removed finding is named at its path under the new version's root: `--compare-ref`
  /// audits the old version in a temporary copy.
  @Test func aRemovedFindingIsNamedUnderTheNewRoot() {
    #expect(AuditComparison.rerooted("/tmp/copy/App/Tips.swift:15", from: "/tmp/copy/App", to: "App") == "App/Tips.swift:15")
    #expect(
      AuditComparison.rerooted("/tmp/copy/App/Tips.swift:15", from: "/tmp/copy/App/", to: "Sources/App/") == "Sources/App/Tips.swift:15")
    #expect(AuditComparison.rerooted("old.scenario:12", from: "old.scenario", to: "new.scenario") == "new.scenario:12")
    #expect(AuditComparison.rerooted("old.scenario", from: "old.scenario", to: "new.scenario") == "new.scenario")
    #expect(AuditComparison.rerooted("Elsewhere/A.swift:3", from: "/tmp/copy/App", to: "App") == "Elsewhere/A.swift:3")
    #expect(AuditComparison.rerooted("/tmp/copy/App/Tips.swift:15", from: "/tmp/copy/App", to: "") == "Tips.swift:15")
    #expect(AuditComparison.rerooted("App/Tips.swift:15", from: "", to: "Other") == "App/Tips.swift:15")
  }

  static let old = """
    start 2026-11-01T09:00
    frequency daily
    event opened
    screen home: a b c
    tip welcome
      title "Welcome"
      anchor home.a
      maxDisplayCount 1
    tip streak
      title "Streak"
      anchor home.b inline
      rule opened.count >= 2
      maxDisplayCount 2
    tip review
      id "review-tip"
      title "Review"
      anchor home.c inline
      rule opened.count >= 3
      maxDisplayCount 1
    when screen home opens: donate opened

    """

  /// Both versions audited as `tipsim audit NEW --compare OLD` audits them.
  func compare(_ new: String, old: String = old, failOn: Set<AuditComparison.Failure> = [.unreachable]) throws -> (
    status: Int32, text: String, comparison: AuditComparison
  ) {
    let (oldReport, _, oldPath) = try audit(old)
    let (newReport, _, newPath) = try audit(new)
    let comparison = AuditComparison(old: oldReport, new: newReport, budget: 3, roots: (oldPath, newPath))
    let status: Int32 = comparison.failures.isDisjoint(with: failOn) ? 0 : 1
    return (status, comparison.text, comparison)
  }

  /// `--compare` audits both versions on threads with a Mac's secondary stack (512 KiB), and
  /// the deepest rule the language allows is audited there, in a debug build too.
  @Test func theDeepestRuleIsAuditedOnTheComparisonsThreads() throws {
    let deep = "rule " + String(repeating: "not ", count: 31) + "opened.count >= 2"
    let scenario = Self.old.replacingOccurrences(of: "rule opened.count >= 2", with: deep)
    let input = try AuditInput.scenario(text: scenario, path: "app.scenario", includes: .none).get()
    var output = ""
    let status = AuditCommandLine.compare(
      input, with: input, options: AuditCommandLine.Options(), roots: ("app.scenario", "app.scenario"), out: { output += $0 },
      err: { output += $0 })
    #expect(status == 0 && output == "no change: 3 tips unchanged\n", "\(output)")
  }

  @Test func aVersionComparedWithItselfIsNoChange() throws {
    let (status, text, comparison) = try compare(Self.old)
    #expect(status == 0 && text == "no change: 3 tips unchanged\n")
    #expect(comparison.markdown.contains("No change: 3 tips unchanged."))
  }

  @Test func aRuleTightenedPastTheCapMakesATipUnreachableAndFailsTheCheck() throws {
    let (status, text, comparison) = try compare(
      Self.old.replacingOccurrences(of: "rule opened.count >= 2", with: "rule opened.count >= 1001"))
    #expect(status == 1)
    #expect(text.hasPrefix("streak: shows → never: `opened.count >= 1001` needs more than rules ever count of opened"), "\(text)")
    #expect(comparison.tips.first { $0.id == "streak" }?.failures == [.unreachable])
    #expect(text.contains("2 tips unchanged"))
  }

  @Test func aRemovedDisplaySiteAnAddedTipAndARenameWithTheSameIDAreEachSaid() throws {
    let new =
      Self.old.replacingOccurrences(of: "  anchor home.a\n", with: "").replacingOccurrences(of: "tip review\n", with: "tip reviewAgain\n")
      + "tip extra\n  title \"Extra\"\n  anchor home.a inline\n  maxDisplayCount 1\n"
    let (status, text, comparison) = try compare(new)
    #expect(status == 1, "a tip that showed is now never shown")
    #expect(text.contains("welcome: shows → never: no code displays welcome"), "\(text)")
    #expect(text.contains("extra: added: shows, first display day 1"))
    #expect(text.contains("reviewAgain: renamed review → reviewAgain (the same id)"))
    let json = try #require(try JSONSerialization.jsonObject(with: Data(comparison.json.utf8)) as? [String: Any])
    let tips = try #require(json["tips"] as? [[String: Any]])
    let extra = try #require(tips.first { $0["tip"] as? String == "extra" })
    #expect(extra["old"] is NSNull && (extra["new"] as? [String: Any])?["verdict"] as? String == "shows")
    #expect(extra["changed"] as? Bool == true)
    #expect((json["findings"] as? [String: Any])?["added"] is [Any])
  }

  @Test func aLaterFirstDisplayFailsOnlyWhenAskedTo() throws {
    let weekly = Self.old.replacingOccurrences(of: "frequency daily", with: "frequency weekly")
    let (status, text, comparison) = try compare(weekly)
    #expect(status == 0, "\(text)")
    #expect(comparison.failures.contains(.later))
    #expect(text == "streak: first display day 2 → day 8\nreview: first display day 3 → day 15\n1 tip unchanged\n", "\(text)")
    #expect(try compare(weekly, failOn: [.later]).status == 1)
    #expect(AuditComparison.failures("unreachable, later") == [.unreachable, .later])
    #expect(AuditComparison.failures("sooner") == nil)
  }
}
