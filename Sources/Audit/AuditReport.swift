import Foundation
import Renderers
import Reports

/// An audit's answer: one row per tip, then the app-wide findings, and the usage model the
/// typical user's figures come from.
public struct AuditReport: Hashable, Sendable, Codable {
  public var tips: [TipAudit]
  public var findings: [AuditFinding]
  public var usageModel: String
  /// Tip displays per user per week over a population (the default one, or the cohorts').
  public var perWeek: PerWeek

  public struct PerWeek: Hashable, Sendable, Codable {
    public var users: Int
    public var p50: Double
    public var p95: Double
  }

  /// `{"tips": [...], "findings": [...], "usageModel": "...", "perWeek": {...}}`, keys
  /// sorted: one line.
  public var json: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(self)) ?? Data()
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// The table a person reads in one screen, then what explains it.
  public var text: String {
    var lines: [String] = []
    let header = ["tip", "verdict", "first display", "displays", "ends"]
    var rows = [header]
    for tip in tips {
      let first = tip.firstDisplay.map { "day \($0.day)" } ?? "—"
      let ends =
        if tip.verdict == .never { "—" } else if tip.returnsUntilClosed { "returns until closed" } else {
          tip.ends.filter { $0 != .closeButton }.map(\.rawValue).joined(separator: ", ")
        }
      rows.append([tip.tip, tip.verdict.rawValue, first, String(tip.displays), ends])
    }
    let widths = header.indices.map { column in rows.map { $0[column].displayWidth }.max() ?? 0 }
    for row in rows {
      lines.append(
        row.enumerated().map { column, cell in
          column == row.count - 1 ? cell : cell.padding(toLength: widths[column])
        }
        .joined(separator: "  ").trimmingTrailingSpaces())
    }
    for tip in tips {
      switch tip.verdict {
      case .shows:
        lines.append("\(tip.tip) shows after: " + tip.witness.joined(separator: "; "))
        lines += tip.assumptions.map { "  \($0.text)" + ($0.place.isEmpty ? "" : " (\($0.place))") }
        lines += tip.rulesEnd.map { "  it ends: \($0)" }
      case .never:
        for cause in tip.causes {
          lines.append(
            "\(tip.tip) never shows: \(cause.message) [\(cause.code.rawValue)]" + (cause.place.isEmpty ? "" : " (\(cause.place))"))
        }
      case .unknown: lines.append("\(tip.tip): unknown: \(tip.note ?? "")")
      }
    }
    if !findings.isEmpty {
      lines.append("")
      lines += findings.map(\.text)
    }
    lines.append("")
    lines.append("first display and displays: \(usageModel)")
    lines.append(
      perWeek.users == 0
        ? "tip displays per user per week: none (TipKit is never configured)"
        : "tip displays per user per week: p50 \(perWeek.p50), p95 \(perWeek.p95) (\(perWeek.users) users)")
    lines.append(
      "audit: \(tips.count) tip\(tips.count == 1 ? "" : "s"): \(count(.shows)) show, \(count(.never)) never, \(count(.unknown)) unknown; \(findings.count) finding\(findings.count == 1 ? "" : "s")"
    )
    return lines.joined(separator: "\n") + "\n"
  }

  private func count(_ verdict: TipAudit.Verdict) -> Int { tips.count { $0.verdict == verdict } }
}
