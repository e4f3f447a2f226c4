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

  /// A baseline names files relative to the audited root: written for `./App` from one
  /// folder, it matches `App` from the same folder and the absolute path from another.
  @Test func aBaselineNamesFilesFromTheAuditedRoot() throws {
    let top = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-root-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: top + "/repo/App/Views", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: top + "/repo/Shared", withIntermediateDirectories: true)
    try "".write(toFile: top + "/repo/App/Views/List.swift", atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: top) }
    let repo = top + "/repo"
    #expect(Baseline.root(of: ["./App"], from: repo) == repo + "/App")
    #expect(Baseline.root(of: ["App/Views/List.swift"], from: repo) == repo + "/App/Views")
    #expect(Baseline.root(of: ["App", "Shared"], from: repo) == repo)
    #expect(Baseline.relative("./App/Views/List.swift", to: repo + "/App", from: repo) == "Views/List.swift")
    #expect(Baseline.relative("/elsewhere/List.swift", to: repo + "/App", from: repo) == "/elsewhere/List.swift")

    let finding = AuditFinding(rule: "eventNeverRead", place: "./App/Views/List.swift:4:5", message: "no rule reads e", fix: "")
    let baseline = Baseline([finding], root: (repo + "/App", repo))
    #expect(baseline.findings.map(\.file) == ["Views/List.swift"])
    var asApp = finding
    asApp.place = "App/Views/List.swift:9:5"
    #expect(baseline.filter([0], [asApp], root: (Baseline.root(of: ["App"], from: repo), repo)) == [])
    var fromAbove = finding
    fromAbove.place = repo + "/App/Views/List.swift:4:5"
    #expect(baseline.filter([0], [fromAbove], root: (Baseline.root(of: [repo + "/App"], from: top), top)) == [])
    // Another file under the root is another finding.
    var other = finding
    other.place = "App/Views/Other.swift:4:5"
    #expect(baseline.filter([0], [other], root: (repo + "/App", repo)) == [0])
    // A version 2 file, whose files were named from the folder it was written in.
    let old =
      #"{"format":"tipsim-baseline","version":2,"findings":[{"rule":"eventNeverRead","file":"./App/Views/List.swift","subject":"no rule reads e","message":"no rule reads e"}]}"#
    let decoded = try JSONDecoder().decode(Baseline.self, from: Data(old.utf8))
    #expect(decoded.filter([0], [asApp], root: (repo + "/App", repo)) == [])
  }

  /// `--format` names md, text or a reporter, which it prints as `--reporter` does; both
  /// given must agree, and the error names both.
  @Test func formatIsMarkdownTextOrAReporterAndAgreesWithReporter() throws {
    #expect(try AuditCommandLine.output(format: "sarif", reporter: nil).get().reporter == .sarif)
    #expect(try AuditCommandLine.output(format: "sarif", reporter: "sarif").get().reporter == .sarif)
    #expect(try AuditCommandLine.output(format: nil, reporter: "junit").get().reporter == .junit)
    let markdown = try AuditCommandLine.output(format: "md", reporter: nil).get()
    #expect(markdown.markdown && markdown.reporter == nil)
    let text = try AuditCommandLine.output(format: "text", reporter: nil).get()
    #expect(!text.markdown && text.reporter == nil)
    for (format, reporter) in [("md", "sarif"), ("json", "sarif"), ("text", "xcode")] {
      #expect {
        try AuditCommandLine.output(format: format, reporter: reporter).get()
      } throws: { error in
        (error as? Auditor.Problem)?.message == "--format \(format) and --reporter \(reporter) ask for two outputs: give one"
      }
    }
    #expect {
      try AuditCommandLine.output(format: "html", reporter: nil).get()
    } throws: { error in
      (error as? Auditor.Problem)?.message == "--format is one of: md, text, xcode, json, sarif, github-actions-logging, junit"
    }
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
