/// An audit scored against answers written by reading the app (`CorpusAnswers`): the same
/// verdict is agreement; `unknown`, or a tip the audit does not have, is disagreement; and
/// the worst answer, a tip that shows called `never`, is counted apart.
public struct CorpusScore: Hashable, Sendable {
  public var tips = 0
  public var agreed = 0
  /// Tips the answers say show that the audit calls `never`.
  public var falseNevers = 0
  /// Tips the answers say never show that the audit says show.
  public var falseShows = 0
  public var unknowns = 0
  /// Tips of the answers the audit has no tip for.
  public var missing = 0
  /// One line per disagreement: the tip, the answer, the audit's verdict and why.
  public var disagreements: [String] = []

  public init() {}

  public init(_ answers: CorpusAnswers, _ report: AuditReport) {
    for answer in answers.tips {
      tips += 1
      let expected = answer.shows ? "shows" : "never"
      guard let audit = CorpusScore.audit(of: answer.type, in: report) else {
        missing += 1
        disagreements.append("\(answer.type): answer \(expected), the audit has no such tip")
        continue
      }
      switch (answer.shows, audit.verdict) {
      case (true, .shows), (false, .never):
        agreed += 1
        continue
      case (true, .never): falseNevers += 1
      case (false, .shows): falseShows += 1
      case (_, .unknown): unknowns += 1
      }
      let why = audit.verdict == .never ? audit.causes.map { "\($0.code.rawValue): \($0.message)" }.joined(separator: "; ") : audit.note ?? ""
      disagreements.append(
        "\(answer.type): answer \(expected)\(answer.uncertain ? " (uncertain)" : ""), audit \(audit.verdict.rawValue)"
          + (why.isEmpty ? "" : " — \(why)"))
    }
  }

  /// The audit's tip for a Swift type: its contract name (`Outer.Inner` is `Outer_Inner`, or
  /// `Folder_Outer_Inner` when two types share the name).
  static func audit(of type: String, in report: AuditReport) -> TipAudit? {
    let name = type.replacingOccurrences(of: ".", with: "_")
    return report.tips.first { $0.tip == name } ?? report.tips.first { $0.tip.hasSuffix("_" + name) }
  }

  /// Both scores added.
  public static func + (a: CorpusScore, b: CorpusScore) -> CorpusScore {
    var sum = a
    sum.tips += b.tips
    sum.agreed += b.agreed
    sum.falseNevers += b.falseNevers
    sum.falseShows += b.falseShows
    sum.unknowns += b.unknowns
    sum.missing += b.missing
    sum.disagreements += b.disagreements
    return sum
  }

  /// "21 of 25 tips agree (84%); 1 that shows called never; 2 unknown; 1 shown that never shows; 0 missing".
  public var summary: String {
    let share = tips == 0 ? 0 : Int((Double(agreed) * 100 / Double(tips)).rounded())
    return
      "\(agreed) of \(tips) tips agree (\(share)%); \(falseNevers) that show called never; \(unknowns) unknown; "
      + "\(falseShows) called shows that never show; \(missing) not found by the audit"
  }
}
