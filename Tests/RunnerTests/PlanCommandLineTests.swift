import Foundation
import Testing

/// `tipsim plan` through the built executable: its exit status, its JSON, and the option it
/// prints giving the same figures when `tipsim population` runs it.
@Suite struct PlanCommandLineTests {
  static let story = """
    start 2026-11-02T09:00
    frequency immediate
    event opened
    param seen = false
    screen home: a b c
    tip aTip
      title "A"
      anchor home.a inline
      rule opened.count >= 10
    tip bTip
      title "B"
      anchor home.b inline
      maxDisplayCount 1
    tip cTip
      title "C"
      anchor home.c inline
      rule seen == true
    cohort everyone 100%
      donate opened 1 per day fixed at 09:00
      open home 1 per day fixed at 09:05 for 5m
    population 40 for 5d seed 3
    target aTip reach >= 90% by day 3
    target bTip displays mean >= 2 by day 5
    target cTip reach >= 90%
    tune aTip.rule opened.count >= 1, 10
    tune bTip.maxDisplayCount 1, 3
    tune cTip.rule seen == false

    """

  func withFolder(_ files: [String: String], _ body: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-plan-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
    try body(folder)
  }

  @Test func aPlanThatIsMetExitsZeroAndItsOptionGivesThePopulationsFigures() throws {
    try withFolder(["plan.scenario": Self.story]) { folder in
      let plan = try tipsim(["plan", "plan.scenario"], in: folder)
      #expect(plan.status == 0, "\(plan.err)")
      let line = try #require(plan.out.split(separator: "\n").first { $0.hasPrefix("to see option A: --whatif \"") }, "\(plan.out)")
      let option = String(line.split(separator: "\"")[1])
      #expect(option == "aTip.rule opened.count >= 1; bTip.maxDisplayCount 3; cTip.rule seen == false")
      let json = try tipsim(["plan", "plan.scenario", "--json"], in: folder)
      let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
      let meeting = try #require(object["meeting"] as? [[String: Any]])
      let figures = try #require(meeting.first?["figures"] as? [[String: Any]])
      let planReach = try #require(figures[0]["value"] as? Double)
      // The same users through `tipsim population`, with the option's changes made.
      let population = try tipsim(
        ["population", "plan.scenario", "--users", "40", "--days", "5", "--seed", "3", "--whatif", option, "--json"], in: folder)
      #expect(population.status == 0, "\(population.err)")
      let report = try #require(try JSONSerialization.jsonObject(with: Data(population.out.utf8)) as? [String: Any])
      let tips = try #require(report["tips"] as? [[String: Any]])
      let aTip = try #require(tips.first { $0["tip"] as? String == "aTip" }?["reachByDay"] as? [Double])
      #expect(abs(aTip[2] - planReach) < 0.000_1)
    }
  }

  @Test func aPlanNoOptionMeetsExitsOneAndAnInvalidOneTwo() throws {
    let unmet = Self.story.replacingOccurrences(of: "tune cTip.rule seen == false\n", with: "")
    let noTargets = Self.story.split(separator: "\n").filter { !$0.hasPrefix("target") }.joined(separator: "\n")
    let badTune = Self.story.replacingOccurrences(of: "tune cTip.rule seen == false", with: "tune cTip.rule opened.count >= 1")
    try withFolder(["unmet.scenario": unmet, "none.scenario": noTargets, "bad.scenario": badTune]) { folder in
      let plan = try tipsim(["plan", "unmet.scenario"], in: folder)
      #expect(plan.status == 1 && plan.out.contains("no option meets every target"), "\(plan.out)\(plan.err)")
      let none = try tipsim(["plan", "none.scenario"], in: folder)
      #expect(none.status == 2 && none.err.contains("none.scenario: error: a plan needs targets"), "\(none.err)")
      let bad = try tipsim(["plan", "bad.scenario"], in: folder)
      #expect(bad.status == 2 && bad.err.contains("cTip has no rule comparing opened.count to replace"), "\(bad.err)")
      let missing = try tipsim(["plan", "missing.scenario"], in: folder)
      #expect(missing.status == 2)
    }
  }
}
