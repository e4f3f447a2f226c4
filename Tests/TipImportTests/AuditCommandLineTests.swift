import Foundation
import Testing

/// `tipsim audit` as a user runs it: Swift through tipsim-import, scenario files in tipsim.
@Suite struct AuditCommandLineTests {
  let command = CommandLineTests()

  @Test func auditOfSwiftPrintsTheTableAndStrictFailsOnFindings() throws {
    let run = try command.tipsim(["audit", "AuditApp"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(
      run.output.hasPrefix(
        "tip          verdict  first display  displays  ends\nShareTip     shows    day 4          3         maxDisplayCount\n"))
    #expect(run.output.contains("audit: 10 tips: 3 show, 7 never, 0 unknown;"))
    #expect(try command.tipsim(["audit", "--strict", "AuditApp"]).status == 1)
  }

  /// `--compare OLD` on Swift: a version against itself is no change; a copy whose tip lost
  /// its display site is a tip made unreachable, exit status 1, and an old version that does
  /// not exist is an error.
  @Test func compareTwoVersionsOfAnApp() throws {
    let same = try command.tipsim(["audit", "AuditApp", "--compare", "AuditApp"])
    #expect(same.status == 0, "\(same.errors)")
    #expect(same.output == "no change: 10 tips unchanged\n")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-compare-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.copyItem(atPath: fixtures + "/AuditApp", toPath: folder)
    let file = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder).first { name in
        (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8))?.contains(".popoverTip(ShareTip())") == true
      })
    let source = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
    try source.replacingOccurrences(of: ".popoverTip(ShareTip())", with: "").write(
      toFile: folder + "/" + file, atomically: true, encoding: .utf8)
    let changed = try command.tipsim(["audit", folder, "--compare", "AuditApp", "--format", "md"])
    #expect(changed.status == 1, "\(changed.output)\(changed.errors)")
    #expect(changed.output.contains("| `ShareTip` ⚠️ unreachable | shows → never: no code displays ShareTip"), "\(changed.output)")
    #expect(changed.output.contains("9 tips unchanged."))
    // The same path at a git revision: the fixture as committed.
    let committed = try command.tipsim(["audit", "AuditApp", "--compare-ref", "HEAD"])
    #expect(committed.status == 0 && committed.output == "no change: 10 tips unchanged\n", "\(committed.output)\(committed.errors)")
    #expect(try command.tipsim(["audit", "AuditApp", "--compare-ref", "no-such-ref"]).status != 0)
    let missing = try command.tipsim(["audit", "AuditApp", "--compare", "NoSuchFolder"])
    #expect(missing.status == 2 && missing.errors.contains("the old version (NoSuchFolder)"), "\(missing.errors)")
  }

  /// `--format` takes a reporter's name, with `--reporter`'s output, for Swift (through
  /// tipsim-import) and for scenarios; given both, they must agree.
  @Test func formatTakesEveryReportersName() throws {
    let byFormat = try command.tipsim(["audit", "AuditApp", "--format", "sarif"])
    #expect(byFormat.status == 0, "\(byFormat.errors)")
    #expect(byFormat.output == (try command.tipsim(["audit", "AuditApp", "--reporter", "sarif"]).output))
    #expect(byFormat.output.contains("\"version\":\"2.1.0\""))
    #expect(try command.tipsim(["audit", "AuditApp", "--format", "sarif", "--reporter", "sarif"]).output == byFormat.output)
    let both = try command.tipsim(["audit", "AuditApp", "--format", "md", "--reporter", "sarif"])
    #expect(both.status == 2)
    #expect(both.errors.contains("--format md and --reporter sarif ask for two outputs: give one"), "\(both.errors)")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-format-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "screen s: a\ntip t\n  title \"T\"\n  anchor s.a\nlaunch\n".write(
      toFile: folder + "/app.scenario", atomically: true, encoding: .utf8)
    let scenario = try command.tipsim(["audit", folder + "/app.scenario", "--format", "xcode"])
    let reporter = try command.tipsim(["audit", folder + "/app.scenario", "--reporter", "xcode"])
    #expect(scenario.status == 0 && scenario.output == reporter.output)
  }

  /// App-wide findings are placed on the `Tips.configure` call, with its line, in SARIF and
  /// GitHub's annotations alike.
  @Test func appWideFindingsAreOnTheConfigureCallsLine() throws {
    let github = try command.tipsim(["audit", "AuditApp", "--format", "github-actions-logging"])
    #expect(github.output.contains("::warning file=AuditApp/NotesApp.swift,line=7,title=tipFatigue::"), "\(github.output)")
    let sarif = try command.tipsim(["audit", "AuditApp", "--format", "sarif"])
    let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.output.utf8)) as? [String: Any])
    let results = try #require(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
    let fatigue = try #require(results.first { $0["ruleId"] as? String == "tipFatigue" })
    let location = try #require((fatigue["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
    #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "AuditApp/NotesApp.swift")
    #expect((location["region"] as? [String: Any])?["startLine"] as? Int == 7)
  }

  /// A baseline written for `./App` leaves the same findings out when the tree is linted or
  /// audited as `App`, or from another folder: its files are relative to the audited root.
  @Test func aBaselineMatchesTheSameTreeNamedAnotherWay() throws {
    let top = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-baseline-root-\(UUID().uuidString)").path
    let folder = top + "/repo"
    try FileManager.default.createDirectory(atPath: folder + "/App", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: top) }
    try FileManager.default.copyItem(atPath: fixtures + "/AuditApp/Tips.swift", toPath: folder + "/App/Tips.swift")
    try FileManager.default.copyItem(atPath: fixtures + "/AuditApp/NotesApp.swift", toPath: folder + "/App/NotesApp.swift")
    let binary = try #require(builtExecutable("tipsim"))
    let baseline = folder + "/tips-baseline.json"
    for command in ["lint", "audit"] {
      let written = try runProgram(binary, [command, "./App", "--write-baseline", baseline], in: folder)
      #expect(written.status == 0, "\(written.errors)")
      #expect(try String(contentsOfFile: baseline, encoding: .utf8).contains("\"file\" : \"Tips.swift\""))
      #expect(try runProgram(binary, [command, "./App", "--strict"], in: folder).status == 1)
      for (path, directory) in [("App", folder), ("repo/App", top), (folder + "/App", "/")] {
        let run = try runProgram(binary, [command, path, "--baseline", baseline, "--strict"], in: directory)
        #expect(run.status == 0, "\(command) \(path) from \(directory): \(run.output)\(run.errors)")
      }
    }
  }

  /// `--compare-ref`'s Markdown names a removed finding at the new version's path, not at the
  /// temporary copy the old version was audited in.
  @Test func theComparisonsMarkdownNamesOldFindingsUnderTheAppsRoot() throws {
    let repo = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-compare-md-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: repo, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: repo) }
    try FileManager.default.copyItem(atPath: fixtures + "/AuditApp", toPath: repo + "/AuditApp")
    for arguments in [["init", "-q"], ["add", "."], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "base"]] {
      #expect(try runProgram("/usr/bin/env", ["git"] + arguments, in: repo).status == 0)
    }
    // The change deletes ArchiveTip, which no code displays: its finding goes away.
    let tips = repo + "/AuditApp/Tips.swift"
    let source = try String(contentsOfFile: tips, encoding: .utf8)
    try source.replacingOccurrences(of: "struct ArchiveTip: Tip {\n  var title: Text { Text(\"Archive old notes\") }\n}\n", with: "")
      .write(toFile: tips, atomically: true, encoding: .utf8)
    let binary = try #require(builtExecutable("tipsim"))
    let run = try runProgram(binary, ["audit", "AuditApp", "--compare-ref", "HEAD", "--format", "md"], in: repo)
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("Findings removed:\n- `AuditApp/Tips.swift:15:8` tipNeverDisplayed"), "\(run.output)")
    #expect(!run.output.contains("tipsim-compare-ref"), "\(run.output)")
  }

  @Test func auditJSONIsOneObject() throws {
    let run = try command.tipsim(["audit", "--json", "AuditApp"])
    #expect(run.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    #expect((object["tips"] as? [Any])?.count == 10)
  }

  @Test func auditOfAScenarioAndItsEmittedTests() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-audit-cli-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let scenario = folder + "/app.scenario"
    try "event e\nscreen s: a\ntip t\n  title \"T\"\n  anchor s.a\n  rule e.count >= 1\n  maxDisplayCount 1\nlaunch\ndonate e\n".write(
      toFile: scenario, atomically: true, encoding: .utf8)
    let run = try command.tipsim(["audit", scenario, "--emit-tests", folder + "/tests"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("t shows after: launch; open s; donate e"))
    #expect(run.errors == "tipsim audit: wrote definitions.scenario and 1 test with their transcripts to \(folder)/tests\n")
    let test = try String(contentsOfFile: folder + "/tests/t.scenario", encoding: .utf8)
    #expect(test.hasSuffix("include definitions.scenario\nlaunch\nopen s\ndonate e\nexpect shown t\n"))
    let replay = try command.tipsim(["test", folder + "/tests"])
    #expect(replay.status == 0, "\(replay.output)\(replay.errors)")
    #expect(try command.tipsim(["run", folder + "/tests/t.scenario"]).status == 0)
  }

  @Test func aScenarioThatDoesNotParseExitsTwoWithACaret() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-audit-bad-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try "screen s: a\ntip t\n  title \"T\"\n  anchor s.zz\n".write(toFile: folder + "/bad.scenario", atomically: true, encoding: .utf8)
    try "screen s: a\nopne s\n".write(toFile: folder + "/typo.scenario", atomically: true, encoding: .utf8)
    let typo = try command.tipsim(["audit", folder + "/typo.scenario"])
    #expect(typo.status == 2)
    #expect(typo.errors.hasPrefix("\(folder)/typo.scenario:2:1: error:"))
    #expect(typo.errors.contains("\nopne s\n^"))
    let bad = try command.tipsim(["audit", folder + "/bad.scenario"])
    #expect(bad.status == 2)
    #expect(bad.errors.contains("bad.scenario:4:"))
  }

  @Test func commentsInTheSourcesAndABaselineLeaveFindingsOut() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-disable-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder + "/App", withIntermediateDirectories: true)
    try """
    import SwiftUI
    import TipKit

    @main
    struct App: SwiftUI.App {
      init() { try? Tips.configure() }
      var body: some Scene { WindowGroup { Text("x").popoverTip(ShownTip()) } }
    }

    // tipsim:disable:next tipNeverDisplayed
    struct HiddenTip: Tip { var title: Text { Text("Hidden") } }

    struct OtherTip: Tip { var title: Text { Text("Other") } }

    struct ShownTip: Tip {
      var title: Text { Text("Shown") }
      var options: [any TipOption] { [Tips.MaxDisplayCount(1)] }
    }
    """.write(toFile: folder + "/App/App.swift", atomically: true, encoding: .utf8)
    let app = folder + "/App"
    let lint = try command.tipsim(["lint", app])
    #expect(lint.output.contains("App.swift:13:8: warning: tip OtherTip is never displayed"))
    #expect(!lint.output.contains("HiddenTip is never displayed"))
    #expect(lint.output.contains("[tipNeverDisplayed]"))
    // Today's findings kept in a baseline: the next run with it has none, and --strict passes.
    let baseline = folder + "/baseline.json"
    #expect(try command.tipsim(["lint", app, "--write-baseline", baseline]).status == 0)
    let again = try command.tipsim(["lint", app, "--baseline", baseline, "--strict"])
    #expect(again.status == 0, "\(again.output)")
    #expect(again.output.hasSuffix("lint: 0 warnings in 1 Swift file\n"))
    let audit = try command.tipsim(["audit", app, "--baseline", baseline, "--reporter", "xcode"])
    #expect(audit.status == 0)
    // The audit's own findings are not in lint's baseline; lint's are, and the comment holds.
    #expect(!audit.output.contains("OtherTip is never displayed"))
    #expect(!audit.output.contains("HiddenTip"))
    #expect(audit.output.contains("(returnsUntilClosed)") == false)
    let bad = try command.tipsim(["audit", app, "--reporter", "checkstyle"])
    #expect(bad.status == 64 || bad.status == 2)
  }
}
