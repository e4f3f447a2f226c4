import Audit
import Foundation
import Testing
import TipImport

/// `tipsim audit NEW --compare OLD` on pairs of app versions written for it (Fixtures/Compare:
/// `base` and one changed copy per case), in text, Markdown and JSON, each against its golden
/// file. Re-record with `TIPSIM_UPDATE=1 swift test --filter ComparisonGoldenTests` (not under CI).
@Suite struct ComparisonGoldenTests {
  static let cases = ["displayRemoved", "ruleTightened", "donationBehindCondition", "frequencyChanged", "tipAdded"]

  /// The comparison's output in one format, and its exit status.
  func compare(_ change: String, format: String) throws -> (output: String, status: Int32) {
    let old = try #require(try SwiftImporter.run(paths: ["Compare/base"], in: fixtures, forAudit: true).audit)
    let new = try #require(try SwiftImporter.run(paths: ["Compare/\(change)"], in: fixtures, forAudit: true).audit)
    var options = AuditCommandLine.Options()
    options.json = format == "json"
    options.markdown = format == "md"
    var output = ""
    let status = AuditCommandLine.compare(
      new, with: old, options: options, roots: ("Compare/base", "Compare/\(change)"), out: { output += $0 }, err: { output += $0 })
    return (output, status)
  }

  @Test(arguments: cases)
  func eachChangeIsSaidAsItsGoldenFilesSay(change: String) throws {
    for format in ["txt", "md", "json"] {
      let (output, status) = try compare(change, format: format)
      #expect(status == (change == "displayRemoved" ? 1 : 0), "\(change)")
      let golden = "\(fixtures)/Compare/\(change).expected.\(format)"
      let environment = ProcessInfo.processInfo.environment
      if environment["TIPSIM_UPDATE"] == "1" && environment["CI"] != "true" {
        try output.write(toFile: golden, atomically: true, encoding: .utf8)
      }
      #expect(output == (try String(contentsOfFile: golden, encoding: .utf8)), "\(change).\(format)")
    }
  }

  /// `--reporter github-actions-logging` annotates the new version's line behind each change.
  @Test func theReporterAnnotatesTheLineThatCausedEachChange() throws {
    let old = try #require(try SwiftImporter.run(paths: ["Compare/base"], in: fixtures, forAudit: true).audit)
    let new = try #require(try SwiftImporter.run(paths: ["Compare/displayRemoved"], in: fixtures, forAudit: true).audit)
    var options = AuditCommandLine.Options()
    options.findings.reporter = .githubActionsLogging
    var output = ""
    let status = AuditCommandLine.compare(
      new, with: old, options: options, roots: ("Compare/base", "Compare/displayRemoved"), out: { output += $0 }, err: { output += $0 })
    #expect(status == 1)
    #expect(
      output.hasPrefix(
        "::warning file=Compare/displayRemoved/BirdApp.swift,line=4,title=unreachable::FavoriteTip: shows → never: no code displays FavoriteTip"
      ), "\(output)")
  }

  /// `--write-baseline` with `--compare` writes the new version's findings, not the old one's.
  @Test func aBaselineWrittenWhileComparingIsTheNewVersions() throws {
    let old = try #require(try SwiftImporter.run(paths: ["Compare/base"], in: fixtures, forAudit: true).audit)
    let new = try #require(try SwiftImporter.run(paths: ["Compare/displayRemoved"], in: fixtures, forAudit: true).audit)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-baseline-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    var options = AuditCommandLine.Options()
    options.findings.writeBaseline = path
    _ = AuditCommandLine.compare(
      new, with: old, options: options, roots: ("Compare/base", "Compare/displayRemoved"), out: { _ in }, err: { _ in })
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(written.contains("tipNeverDisplayed"), "\(written)")
  }

  @Test func theBaseComparedWithItselfIsNoChange() throws {
    var options = AuditCommandLine.Options()
    options.markdown = false
    let base = try #require(try SwiftImporter.run(paths: ["Compare/base"], in: fixtures, forAudit: true).audit)
    var output = ""
    let status = AuditCommandLine.compare(
      base, with: base, options: options, roots: ("Compare/base", "Compare/base"), out: { output += $0 }, err: { output += $0 })
    #expect(status == 0 && output == "no change: 2 tips unchanged\n")
  }
}
