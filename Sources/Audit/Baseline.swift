import Foundation

/// `--write-baseline FILE` keeps today's findings; `--baseline FILE` leaves them out, so an
/// app adopts `audit` or `lint` without fixing everything first. A finding is matched by its
/// rule, file and subject (the tip, event or screen it is about), not its line or the numbers
/// in its message, so edits above it and a figure that moves do not bring it back; each entry
/// covers one finding. Files are named relative to the audited root (`root(of:)`), so that
/// `./App`, `App` and `/path/to/App`, from any folder, match the same entries.
public struct Baseline: Codable, Sendable {
  public struct Entry: Codable, Hashable, Sendable {
    public var rule: String
    public var file: String
    public var subject: String
    /// The message when it was written, for a person reading the file.
    public var message: String

    /// `root`: the audited root and the folder the finding's file is named from; nil keeps
    /// the file as the finding names it.
    init(_ finding: AuditFinding, root: (folder: String, workingDirectory: String)? = nil) {
      rule = finding.rule
      file = root.map { Baseline.relative(finding.location.file, to: $0.folder, from: $0.workingDirectory) } ?? finding.location.file
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
  /// 3: files relative to the audited root; 2 and 1 named them from the working folder.
  public var version = 3
  public var findings: [Entry]

  public init(_ findings: [AuditFinding], root: (folder: String, workingDirectory: String)? = nil) {
    self.findings = findings.map { Entry($0, root: root) }.sorted { ($0.file, $0.rule, $0.subject) < ($1.file, $1.rule, $1.subject) }
  }

  /// Of the findings at `indices`, those not in the baseline. An older file's entries are
  /// read from the working folder, as they were written.
  func filter(_ indices: [Int], _ findings: [AuditFinding], root: (folder: String, workingDirectory: String)? = nil) -> [Int] {
    var left: [[String]: Int] = [:]
    for var entry in self.findings {
      if version < 3, let root { entry.file = Baseline.relative(entry.file, to: root.folder, from: root.workingDirectory) }
      left[entry.key, default: 0] += 1
    }
    return indices.filter { index in
      let key = Entry(findings[index], root: root).key
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

extension Baseline {
  /// The folder an audit's or a lint's paths are read under, absolute: the one path given
  /// when it is a folder, a file's folder, or the deepest folder that holds them all.
  public static func root(of paths: [String], from workingDirectory: String = FileManager.default.currentDirectoryPath) -> String {
    let folders = paths.map { path -> [String] in
      let url = absolute(path, from: workingDirectory)
      var isFolder: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
      return (exists && isFolder.boolValue ? url : url.deletingLastPathComponent()).pathComponents
    }
    guard var common = folders.first else { return absolute(".", from: workingDirectory).path }
    for components in folders.dropFirst() { common = zip(common, components).prefix { $0 == $1 }.map(\.0) }
    return NSString.path(withComponents: common)
  }

  /// `file` (absolute, or named from `workingDirectory`) relative to the folder `root`; as it
  /// is when it lies outside.
  static func relative(_ file: String, to root: String, from workingDirectory: String) -> String {
    let path = absolute(file, from: workingDirectory).path
    let folder = root.hasSuffix("/") ? root : root + "/"
    return path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : file
  }

  private static func absolute(_ path: String, from workingDirectory: String) -> URL {
    URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: workingDirectory, isDirectory: true)).standardizedFileURL
  }
}
