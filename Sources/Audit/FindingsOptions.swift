import Foundation

/// What `audit` and `lint` share about findings: the comments that turn them off, the
/// baseline, the reporter and `--strict`.
public struct FindingsOptions: Sendable {
  /// `--reporter`: findings alone, for tools.
  public var reporter: FindingReporter?
  /// `--baseline FILE`: leave out the findings it keeps.
  public var baseline: String?
  /// `--write-baseline FILE`: keep today's findings there.
  public var writeBaseline: String?
  /// Exit 1 when any finding is left.
  public var strict = false
  /// The audited root (`Baseline.root(of:)`), which a baseline names files relative to, and
  /// the folder findings name them from; nil keeps the files as findings name them.
  public var root: (folder: String, workingDirectory: String)?

  public init() {}

  /// Baselines relative to the root of `paths` (the audited or linted paths), read from the
  /// current folder.
  public mutating func root(at paths: [String]) {
    root = (Baseline.root(of: paths), FileManager.default.currentDirectoryPath)
  }

  /// The findings left after the sources' comments and the baseline, with the baseline
  /// written when asked; a problem when a baseline cannot be read or written. `read` gives a
  /// file's text by the name findings give it.
  public func filter(_ findings: [AuditFinding], read: (String) -> String? = Self.readFile) -> Result<[AuditFinding], Auditor.Problem> {
    kept(findings, read: read).map { $0.map { findings[$0] } }
  }

  /// The same, as the indices of the findings kept, in order.
  public func kept(_ findings: [AuditFinding], read: (String) -> String? = Self.readFile) -> Result<[Int], Auditor.Problem> {
    var left = DisableComments.filter(Array(findings.indices), findings, read: read)
    if let path = writeBaseline {
      do { try Baseline(left.map { findings[$0] }, root: root).json.write(toFile: path, atomically: true, encoding: .utf8) } catch {
        return .failure(Auditor.Problem(message: "\(path): cannot write the baseline: \(error.localizedDescription)"))
      }
    }
    if let path = baseline {
      switch Baseline.read(path) {
      case .success(let baseline): left = baseline.filter(left, findings, root: root)
      case .failure(let problem): return .failure(problem)
      }
    }
    return .success(left)
  }

  /// Reads a file relative to the current folder, as the findings name it.
  public static func readFile(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }
}
