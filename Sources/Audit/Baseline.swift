import Foundation

/// `--write-baseline FILE` keeps today's findings; `--baseline FILE` leaves them out, so an
/// app adopts `audit` or `lint` without fixing everything first. A finding is matched by its
/// rule, file and subject (the tip, event or screen it is about), not its line or the numbers
/// in its message, so edits above it and a figure that moves do not bring it back; each entry
/// covers one finding.
public struct Baseline: Codable, Sendable {
  public struct Entry: Codable, Hashable, Sendable {
    public var rule: String
    public var file: String
    public var subject: String
    /// The message when it was written, for a person reading the file.
    public var message: String

    init(_ finding: AuditFinding) {
      rule = finding.rule
      file = finding.location.file
      subject = finding.baselineSubject
      message = finding.message
    }

    /// Entries written before subjects (version 1) match by their message's subject.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      rule = try container.decode(String.self, forKey: .rule)
      file = try container.decode(String.self, forKey: .file)
      message = try container.decode(String.self, forKey: .message)
      subject =
        try container.decodeIfPresent(String.self, forKey: .subject)
        ?? AuditFinding(rule: rule, place: file, message: message, fix: "").baselineSubject
    }

    /// What matches: rule, file, subject.
    var key: [String] { [rule, file, subject] }
  }

  public var format = "tipsim-baseline"
  public var version = 2
  public var findings: [Entry]

  public init(_ findings: [AuditFinding]) {
    self.findings = findings.map(Entry.init).sorted { ($0.file, $0.rule, $0.subject) < ($1.file, $1.rule, $1.subject) }
  }

  /// Of the findings at `indices`, those not in the baseline.
  func filter(_ indices: [Int], _ findings: [AuditFinding]) -> [Int] {
    var left: [[String]: Int] = [:]
    for entry in self.findings { left[entry.key, default: 0] += 1 }
    return indices.filter { index in
      let key = Entry(findings[index]).key
      guard let count = left[key], count > 0 else { return true }
      left[key] = count - 1
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
