import Foundation

/// `--write-baseline FILE` keeps today's findings; `--baseline FILE` leaves them out, so an
/// app adopts `audit` or `lint` without fixing everything first. A finding is matched by its
/// rule, file and message, not its line, so edits above it do not bring it back; each entry
/// covers one finding.
public struct Baseline: Codable, Sendable {
  public struct Entry: Codable, Hashable, Sendable {
    public var rule: String
    public var file: String
    public var message: String
  }

  public var format = "tipsim-baseline"
  public var version = 1
  public var findings: [Entry]

  public init(_ findings: [AuditFinding]) {
    self.findings = findings.map { Entry(rule: $0.rule, file: $0.location.file, message: $0.message) }
      .sorted { ($0.file, $0.rule, $0.message) < ($1.file, $1.rule, $1.message) }
  }

  /// Of the findings at `indices`, those not in the baseline.
  func filter(_ indices: [Int], _ findings: [AuditFinding]) -> [Int] {
    var left: [Entry: Int] = [:]
    for entry in self.findings { left[entry, default: 0] += 1 }
    return indices.filter { index in
      let finding = findings[index]
      let entry = Entry(rule: finding.rule, file: finding.location.file, message: finding.message)
      guard let count = left[entry], count > 0 else { return true }
      left[entry] = count - 1
      return false
    }
  }

  public var json: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self) + "\n"
  }

  /// Reads a baseline file; nil with a message when it is not one.
  public static func read(_ path: String) -> Result<Baseline, Auditor.Problem> {
    guard let data = FileManager.default.contents(atPath: path) else {
      return .failure(Auditor.Problem(message: "\(path): cannot read the baseline"))
    }
    guard let baseline = try? JSONDecoder().decode(Baseline.self, from: data), baseline.format == "tipsim-baseline" else {
      return .failure(Auditor.Problem(message: "\(path): not a tipsim baseline (write one with --write-baseline)"))
    }
    return .success(baseline)
  }
}
