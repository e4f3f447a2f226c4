import Foundation
import Testing

@testable import Runner

/// `tipsim run` and `tipsim test` as CI meets them: exit codes, `--quiet`, `--junit` and
/// GitHub annotations, through the built executable.
@Suite struct CICommandLineTests {
  static let failing = """
    event opened
    screen home: button
    tip a
      title "A"
      anchor home.button
      rule opened.count >= 2
    launch
    open home
    expect hidden a
    expect shown a
    """

  func withFolder(_ body: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-ci-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try body(folder)
  }

  @Test(arguments: [
    ["run", "--bogus", "x.scenario"], ["run"], ["test", "--junit"], ["lint", "--strict"], ["run", "--quiet", "--json", "x"],
  ])
  func aUsageErrorExitsTwo(_ arguments: [String]) throws {
    try withFolder { folder in
      let result = try tipsim(arguments, in: folder)
      #expect(result.status == 2, "\(result.err)")
      #expect(result.err.contains("Usage:") || result.err.contains("Error:"), "\(result.err)")
    }
  }

  @Test func quietPrintsOnlyFailuresAndTheSummary() throws {
    try withFolder { folder in
      try Self.failing.write(to: folder.appendingPathComponent("a.scenario"), atomically: true, encoding: .utf8)
      let result = try tipsim(["run", "--quiet", "a.scenario"], in: folder)
      #expect(result.status == 1)
      let lines = result.out.split(separator: "\n")
      #expect(lines.first == "a.scenario:10: expect shown a")
      #expect(lines.dropFirst().first == "found: not on screen (rules)")
      #expect(lines.last == "── 1 of 2 expectations failed")
      #expect(!result.out.contains("launch"))
      #expect(!result.out.contains("2026-"))
    }
  }

  @Test func junitHasACasePerScenarioAndAFailurePerExpectation() throws {
    try withFolder { folder in
      try Self.failing.write(to: folder.appendingPathComponent("a.scenario"), atomically: true, encoding: .utf8)
      try "launch\n".write(to: folder.appendingPathComponent("b.scenario"), atomically: true, encoding: .utf8)
      let result = try tipsim(["run", "--junit", "report.xml", "a.scenario", "b.scenario"], in: folder)
      #expect(result.status == 1)
      let xml = try String(contentsOf: folder.appendingPathComponent("report.xml"), encoding: .utf8)
      #expect(xml.contains("<testsuites name=\"tipsim run\" tests=\"2\" failures=\"1\" errors=\"0\">"))
      #expect(xml.contains("<testcase name=\"b.scenario\" classname=\"tipsim run\" file=\"b.scenario\"/>"))
      #expect(xml.contains("<failure message=\"expect shown a\" type=\"expectation\">a.scenario:10: expect shown a\nfound: "))
      #expect(xml.contains("opened.count &gt;= 2"))
      // Well-formed: Foundation's XML parser reads it.
      #if canImport(FoundationXML) || os(macOS)
        #expect(XMLParserCheck.isWellFormed(Data(xml.utf8)))
      #endif
    }
  }

  @Test func theTestCommandWritesJUnitAndAnnotatesUnderGitHubActions() throws {
    try withFolder { folder in
      try Self.failing.write(to: folder.appendingPathComponent("a.scenario"), atomically: true, encoding: .utf8)
      try "launch\n".write(to: folder.appendingPathComponent("b.scenario"), atomically: true, encoding: .utf8)
      try "2026-01-01 09:00:00  launch      TipKit configured (frequency immediate)\n── 0 expectations held\n".write(
        to: folder.appendingPathComponent("b.transcript"), atomically: true, encoding: .utf8)
      let result = try tipsim(
        ["test", "--quiet", "--junit", "report.xml", "."], environment: ["GITHUB_ACTIONS": "true"], in: folder)
      #expect(result.status == 1)
      #expect(!result.out.contains("PASS"))
      #expect(result.out.contains("FAIL ./a.scenario"))
      #expect(result.out.contains("::error file=./a.scenario,line=10,title=expect shown a::found: not on screen (rules)%0A"))
      #expect(result.out.contains("::error file=./a.scenario,title=no golden transcript"))
      #expect(result.out.hasSuffix("1 passed, 1 failed\n") || result.out.contains("1 passed, 1 failed\n::error"))
      let xml = try String(contentsOf: folder.appendingPathComponent("report.xml"), encoding: .utf8)
      #expect(xml.contains("<testsuites name=\"tipsim test\" tests=\"2\" failures=\"0\" errors=\"1\">"))
    }
  }

  @Test func annotationsEscapeWhatGitHubReads() {
    let problem = ScenarioProblem(
      kind: .failure, file: "a,b:c.scenario", line: 3, column: 7, title: "expect 100%", detail: "one\ntwo\r")
    let text = CIReport(suite: "tipsim run", cases: [CIReport.Case(file: "x", problems: [problem])]).githubAnnotations()
    #expect(text == "::error file=a%2Cb%3Ac.scenario,line=3,col=7,title=expect 100%25::one%0Atwo%0D\n")
  }
}

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Whether XMLParser reads a document to its end without an error.
enum XMLParserCheck {
  static func isWellFormed(_ data: Data) -> Bool { XMLParser(data: data).parse() }
}
