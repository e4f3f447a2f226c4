import Foundation
import Testing

@testable import Audit
@testable import TipImport

/// The scoring of an audit against answers written by reading the app (Tests/Corpus), on a
/// fixture of ours whose answers are committed beside it.
@Suite struct CorpusScoreTests {
  @Test func ourFixturesAnswersAreScored() throws {
    let answers = try CorpusAnswers(parsing: String(contentsOfFile: fixtures + "/LedgerApp.answers", encoding: .utf8))
    #expect(answers.sources == ["LedgerApp"] && answers.tips.count == 10)
    let result = try SwiftImporter.run(paths: answers.sources, in: fixtures, forAudit: true)
    let score = CorpusScore(answers, try Auditor(input: try #require(result.audit)).audit())
    // InviteTip goes to code the sources do not have: the audit says unknown, which counts
    // against it; every other tip agrees, and no tip that shows is called never.
    #expect(score.tips == 10 && score.agreed == 9 && score.unknowns == 1 && score.falseNevers == 0 && score.missing == 0)
    #expect(score.disagreements.count == 1 && score.disagreements[0].hasPrefix("InviteTip: answer shows (uncertain), audit unknown"))
    #expect(score.summary.hasPrefix("9 of 10 tips agree (90%); 0 that show called never; 1 unknown"))
  }

  @Test func eachKindOfDisagreementIsCounted() throws {
    let answers = try CorpusAnswers(
      parsing: """
        repo: a/b
        commit: 1234
        sources: "App Folder" Shared
        platform: ios
        tip A shows
          why: w
          ends: e
        tip Outer.B never
        tip C shows
        tip D shows
        tip E never
        """)
    #expect(answers.sources == ["App Folder", "Shared"])
    func audit(_ name: String, _ verdict: TipAudit.Verdict) -> TipAudit {
      TipAudit(tip: name, id: name, title: name, verdict: verdict, returnsUntilClosed: false, displays: 0)
    }
    let report = AuditReport(
      tips: [audit("A", .never), audit("Folder_Outer_B", .never), audit("C", .unknown), audit("E", .shows)], findings: [],
      usageModel: "", perWeek: .init(users: 0, p50: 0, p95: 0))
    let score = CorpusScore(answers, report)
    #expect(score.tips == 5 && score.agreed == 1 && score.falseNevers == 1 && score.unknowns == 1 && score.falseShows == 1)
    #expect(score.missing == 1)
    #expect((score + score).tips == 10)
  }

  @Test func aMalformedAnswersFileSaysWhere() {
    #expect(throws: CorpusAnswers.Problem.self) { try CorpusAnswers(parsing: "repo: a/b\ncommit: 1\nsources: A\nplatform: ios\ntip A maybe\n") }
    do {
      _ = try CorpusAnswers(parsing: "repo: a/b\ncommit: 1\nsources: A\nplatform: ios\ntip A maybe\n")
    } catch {
      #expect(error.line == 5)
    }
    #expect(throws: CorpusAnswers.Problem.self) { try CorpusAnswers(parsing: "repo: a/b\ntip A shows\n") }
  }

  /// Every answers file of the corpus parses, names its commit and has a tip.
  @Test func theCorpusAnswersParse() throws {
    let folder = URL(fileURLWithPath: fixtures).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Corpus/answers")
      .path
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".answers") }
    #expect(names.count >= 20)
    for name in names {
      let answers = try CorpusAnswers(parsing: String(contentsOfFile: folder + "/" + name, encoding: .utf8))
      #expect(answers.commit.count == 40 && !answers.tips.isEmpty, "\(name)")
    }
  }
}
