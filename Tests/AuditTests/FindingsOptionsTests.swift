import Foundation
import Testing

@testable import Audit

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Comments that turn findings off, the baseline, and each reporter's format.
@Suite struct FindingsOptionsTests {
  let findings = [
    AuditFinding(rule: "tipNeverDisplayed", place: "App/Tips.swift:3:8", message: "tip A is never displayed", fix: "display it"),
    AuditFinding(rule: "returnsUntilClosed", place: "App/Tips.swift:7", message: "tip B returns", fix: "cap it"),
    AuditFinding(rule: "eventNeverRead", place: "App/Tips.swift:12:5", message: "no rule reads e", fix: "read it"),
    AuditFinding(rule: "tipFatigue", place: "App", message: "7 displays in week 1", fix: "fewer"),
  ]

  let source = """
    import TipKit
    // tipsim:disable:next tipNeverDisplayed
    struct A: Tip {}
    // tipsim:disable all
    struct B: Tip {}

    struct C: Tip {}  // tipsim:disable:this returnsUntilClosed
    // tipsim:enable all
    struct D: Tip {}

    struct E {}
    static let e = Event(id: "e")
    """

  @Test func commentsTurnOffTheNextLineARegionOrOneLine() {
    let comments = DisableComments(text: source)
    #expect(comments.disables("tipNeverDisplayed", atLine: 3))
    #expect(!comments.disables("returnsUntilClosed", atLine: 3))
    #expect(comments.disables("anything", atLine: 5) && comments.disables("returnsUntilClosed", atLine: 7))
    #expect(!comments.disables("anything", atLine: 9))
    var options = FindingsOptions()
    options.strict = true
    let left = try? options.filter(findings) { $0 == "App/Tips.swift" ? source : nil }.get()
    #expect(left?.map(\.rule) == ["eventNeverRead", "tipFatigue"])
  }

  @Test func aBaselineKeepsTodaysFindingsOutButNotNewOnes() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-baseline-\(UUID().uuidString).json").path
    var writing = FindingsOptions()
    writing.writeBaseline = path
    #expect(try writing.filter(findings) { _ in nil }.get() == findings)
    var reading = FindingsOptions()
    reading.baseline = path
    // The same findings on other lines are still known; a new one is not.
    let moved = findings.map { finding in
      var moved = finding
      moved.place = moved.place.replacingOccurrences(of: ":3:8", with: ":30:8")
      return moved
    }
    let new = AuditFinding(rule: "tipNeverDisplayed", place: "App/Tips.swift:40:8", message: "tip F is never displayed", fix: "display it")
    #expect(try reading.filter(moved + [new]) { _ in nil }.get() == [new])
    try "{\"findings\": []}".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(throws: Auditor.Problem.self) { try reading.filter(findings) { _ in nil }.get() }
  }

  @Test func eachReporterWritesItsFormat() throws {
    #expect(
      FindingReporter.xcode.render(Array(findings.prefix(1)), tool: "tipsim lint")
        == "App/Tips.swift:3:8: warning: tip A is never displayed (tipNeverDisplayed)\n")
    #expect(
      FindingReporter.githubActionsLogging.render(Array(findings.prefix(1)), tool: "tipsim lint")
        == "::warning file=App/Tips.swift,line=3,col=8,title=tipNeverDisplayed::tip A is never displayed — fix: display it\n")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(FindingReporter.json.render(findings, tool: "t").utf8)) as? [[String: Any]])
    #expect(json.count == 4 && json[0]["rule_id"] as? String == "tipNeverDisplayed" && json[0]["line"] as? Int == 3)
    #expect(json[3]["line"] == nil)
    let sarif = try #require(
      try JSONSerialization.jsonObject(with: Data(FindingReporter.sarif.render(findings, tool: "tipsim audit").utf8)) as? [String: Any])
    #expect(sarif["version"] as? String == "2.1.0")
    let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
    #expect((run["results"] as? [Any])?.count == 4)
    #expect(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["name"] as? String == "tipsim audit")
    let junit = FindingReporter.junit.render(findings, tool: "tipsim audit")
    #expect(junit.contains("<testsuite name=\"tipsim audit\" tests=\"4\" failures=\"4\">"))
    #expect(junit.contains("<failure message=\"tip A is never displayed\" type=\"warning\">fix: display it</failure>"))
    #expect(XMLParser(data: Data(junit.utf8)).parse())
  }
}
