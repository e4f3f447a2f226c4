import Foundation

/// The comparison as a person reads it, as a pull request's comment, and as JSON.
extension AuditComparison {
  var changedTips: [TipChange] { tips.filter(\.changed) }
  var unchangedCount: Int { tips.count - changedTips.count }

  private var unchangedLine: String { "\(unchangedCount) tip\(unchangedCount == 1 ? "" : "s") unchanged" }

  public var text: String {
    guard !isUnchanged else { return "no change: \(unchangedLine)\n" }
    var lines: [String] = []
    for tip in changedTips {
      lines.append("\(tip.name): \(tip.changes[0])")
      lines += tip.changes.dropFirst().map { "  \($0)" }
    }
    if unchangedCount > 0 { lines.append(unchangedLine) }
    lines += appChanges
    lines += findingsAdded.map { "finding added: \($0.text)" }
    lines += findingsRemoved.map { "finding removed: \($0.text)" }
    return lines.joined(separator: "\n") + "\n"
  }

  /// For a pull-request comment: a table of the changed tips, each change in words, then the
  /// unchanged count and the findings.
  public var markdown: String {
    var lines = ["### What this change does to the app's tips", ""]
    guard !isUnchanged else { return (lines + ["No change: \(unchangedLine)."]).joined(separator: "\n") + "\n" }
    if !changedTips.isEmpty {
      lines += ["| Tip | Change |", "| --- | --- |"]
      for tip in changedTips {
        let flags = tip.failures.isEmpty ? "" : " ⚠️ " + tip.failures.map(\.rawValue).sorted().joined(separator: ", ")
        lines.append("| `\(tip.name)`\(flags) | " + tip.changes.map(AuditComparison.cell).joined(separator: "<br>") + " |")
      }
      lines.append("")
    }
    if unchangedCount > 0 { lines += [unchangedLine.prefix(1).uppercased() + unchangedLine.dropFirst() + ".", ""] }
    lines += appChanges.map { "- " + AuditComparison.cell($0) }
    if !findingsAdded.isEmpty {
      lines += ["", "Findings added:"] + findingsAdded.map { "- `\($0.place)` \($0.rule): \(AuditComparison.cell($0.message))" }
    }
    if !findingsRemoved.isEmpty {
      lines += ["", "Findings removed:"] + findingsRemoved.map { "- `\($0.place)` \($0.rule): \(AuditComparison.cell($0.message))" }
    }
    while lines.last == "" { lines.removeLast() }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func cell(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
  }

  /// `{"tips": [{"tip", "id", "changed", "changes", "failures", "old", "new"}], "findings":
  /// {"added", "removed"}, "perWeek": {"old", "new"}, "budget", "failures"}`, keys sorted.
  public var json: String {
    struct Tip: Encodable {
      var tip: String
      var id: String
      var changed: Bool
      var changes: [String]
      var failures: [String]
      var old: TipAudit?
      var new: TipAudit?

      func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(tip, forKey: .tip)
        try c.encode(id, forKey: .id)
        try c.encode(changed, forKey: .changed)
        try c.encode(changes, forKey: .changes)
        try c.encode(failures, forKey: .failures)
        // Null on the side where the tip does not exist.
        try c.encode(old, forKey: .old)
        try c.encode(new, forKey: .new)
      }
      enum CodingKeys: String, CodingKey { case tip, id, changed, changes, failures, old, new }
    }
    struct Findings: Encodable {
      var added: [AuditFinding]
      var removed: [AuditFinding]
    }
    struct Week: Encodable {
      var old: AuditReport.PerWeek
      var new: AuditReport.PerWeek
    }
    struct Whole: Encodable {
      var tips: [Tip]
      var findings: Findings
      var perWeek: Week
      var budget: Int
      var failures: [String]
    }
    let whole = Whole(
      tips: tips.map {
        Tip(
          tip: $0.name, id: $0.id, changed: $0.changed, changes: $0.changes, failures: $0.failures.map(\.rawValue).sorted(), old: $0.old,
          new: $0.new)
      },
      findings: Findings(added: findingsAdded, removed: findingsRemoved), perWeek: Week(old: oldPerWeek, new: newPerWeek), budget: budget,
      failures: failures.map(\.rawValue).sorted())
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: (try? encoder.encode(whole)) ?? Data(), as: UTF8.self) + "\n"
  }

  /// Each changed tip as a finding at the new version's line that caused it (the cause of a
  /// `never`, else the tip's declaration), then the findings added: what a reporter annotates.
  public var changeFindings: [AuditFinding] {
    changedTips.compactMap { tip -> AuditFinding? in
      guard let new = tip.new else { return nil }
      let place = new.causes.first { !$0.place.isEmpty }?.place ?? new.place
      let rule = tip.failures.map(\.rawValue).sorted().first ?? "tipChanged"
      return AuditFinding(
        rule: rule, place: place, message: "\(tip.name): " + tip.changes.joined(separator: "; "),
        fix: "if the change is not meant, undo it; else nothing to do", subject: tip.name)
    } + findingsAdded
  }
}
