import Foundation
import Testing

/// `tipsim report` through the built executable: where it writes, which format, `--whatif`,
/// and exit status 2 on input that is not valid.
@Suite struct ReportCommandLineTests {
  static let story = """
    start 2026-11-02T08:00
    screen home: button
    tip a
      title "Find it fast"
      anchor home.button
      maxDisplayCount 2
    launch
    repeat 3 every 1d: open home; close home
    population 5 for 2d seed 1

    """

  func withStory(_ body: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-report-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.story.write(to: folder.appendingPathComponent("plan.scenario"), atomically: true, encoding: .utf8)
    try body(folder)
  }

  @Test func writesThePageTheMarkdownOrStandardOutput() throws {
    try withStory { folder in
      let page = try tipsim(["report", "plan.scenario", "-o", "plan.html", "--whatif", "a.maxDisplayCount 1"], in: folder)
      #expect(page.status == 0 && page.out == "wrote plan.html\n", "\(page.err)")
      let html = try String(contentsOf: folder.appendingPathComponent("plan.html"), encoding: .utf8)
      #expect(html.contains("<title>plan · TipSim report</title>") && html.contains("<h2>With a.maxDisplayCount 1</h2>"))
      let markdown = try tipsim(["report", "plan.scenario", "--format", "md"], in: folder)
      #expect(markdown.status == 0)
      #expect(
        markdown.out.contains("| a | Find it fast | day 1 · 2026-11-02 08:00 | 2 | 0s | day 2 · 2026-11-03 08:00 |"), "\(markdown.out)")
      let byName = try tipsim(["report", "plan.scenario", "-o", "plan.md"], in: folder)
      #expect(byName.status == 0)
      #expect(try String(contentsOf: folder.appendingPathComponent("plan.md"), encoding: .utf8) == markdown.out)
    }
  }

  @Test func severalWhatIfsStandSideBySideEachWithItsOwnChanges() throws {
    try withStory { folder in
      try (Self.story + "cohort all 100%\n  open home 1 per day fixed for 1m\n").write(
        to: folder.appendingPathComponent("side.scenario"), atomically: true, encoding: .utf8)
      let page = try tipsim(
        ["report", "side.scenario", "--format", "md", "--whatif", "frequency weekly", "--whatif", "a.maxDisplayCount 1; frequency daily"],
        in: folder)
      #expect(page.status == 0, "\(page.err)")
      #expect(page.out.contains("## With A: frequency weekly") && page.out.contains("## With B: a.maxDisplayCount 1; frequency daily"))
      #expect(page.out.contains("| Tip | Users | As planned | A | B |"), "\(page.out)")
      #expect(page.out.contains("### Who never sees a tip with B (a.maxDisplayCount 1; frequency daily), and why"))
      // Each change's findings, read with that change: without a maximum, `a` comes back.
      let unlimited = try tipsim(
        ["report", "side.scenario", "--format", "md", "--whatif", "frequency weekly", "--whatif", "a.maxDisplayCount none"], in: folder)
      let findings = unlimited.out.components(separatedBy: "### What to look at with ").dropFirst().map { $0.prefix { $0 != "#" } }
      #expect(findings.count == 2, "\(unlimited.out)")
      #expect(findings.first?.contains("Nothing to flag") == true, "\(findings)")
      #expect(findings.last?.contains("comes back at every eligible visit until the user closes it") == true, "\(findings)")
    }
  }

  @Test func inputThatIsNotValidExitsTwo() throws {
    try withStory { folder in
      let change = try tipsim(["report", "plan.scenario", "--whatif", "frequency fortnightly"], in: folder)
      #expect(change.status == 2 && change.err.contains("unknown frequency 'fortnightly'"), "\(change.err)")
      let seven = try tipsim(["report", "plan.scenario"] + (1...7).flatMap { ["--whatif", "a.maxDisplayCount \($0)"] }, in: folder)
      #expect(seven.status == 2 && seven.err.contains("--whatif is given 7 times: a page shows at most 6 side by side"), "\(seven.err)")
      let tip = try tipsim(["report", "plan.scenario", "--whatif", "b.maxDisplayCount 1"], in: folder)
      #expect(tip.status == 2 && tip.err.contains("unknown tip b"), "\(tip.err)")
      try "open nowhere\n".write(to: folder.appendingPathComponent("bad.scenario"), atomically: true, encoding: .utf8)
      let bad = try tipsim(["report", "bad.scenario", "-o", "bad.html"], in: folder)
      #expect(bad.status == 2 && bad.err.contains("bad.scenario:1:6: error: unknown screen 'nowhere'"), "\(bad.err)")
      #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("bad.html").path))
    }
  }

  /// Cohort shares that do not add up to 100%: the warning `population` prints is on the
  /// terminal (standard error) and on the page beside the cohorts' shares.
  @Test func sharesThatDoNotAddUpAreWarnedOfOnTheTerminalAndBesideTheInputs() throws {
    try withStory { folder in
      let story = """
        screen home: button
        tip a
          anchor home.button
        cohort light 60%
          open home 1 per day for 1m
        cohort heavy 30%
          open home 3 per day for 1m
        population 20 for 3d seed 1

        """
      try story.write(to: folder.appendingPathComponent("shares.scenario"), atomically: true, encoding: .utf8)
      let run = try tipsim(["report", "shares.scenario", "--format", "md"], in: folder)
      #expect(run.status == 0, "\(run.err)")
      #expect(run.err.contains("shares.scenario: warning: cohort shares add up to 90.0%, not 100%"), "\(run.err)")
      let inputs = try #require(run.out.range(of: "| Cohort | Share | Usage |"))
      let next = run.out[inputs.upperBound...]
      let warning = try #require(next.range(of: "Warning: cohort shares add up to 90.0%"))
      #expect(!next[..<warning.lowerBound].contains("\n## "), "the warning is in the inputs section")
    }
  }
}
