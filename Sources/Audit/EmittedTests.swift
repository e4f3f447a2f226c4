import Foundation
import Runner
import ScenarioLanguage
import Sessions

/// `--emit-tests DIR`: the definitions, and beside them one scenario per tip that shows, which
/// includes them, replays its witness and expects the tip shown, with its golden transcript:
/// ready for `tipsim run` and `tipsim test DIR`. Written the same for the same input, so a
/// change in the app shows up as a diff in review.
public struct EmittedTests {
  let report: AuditReport
  let definitions: String

  public init(report: AuditReport, definitions: String) {
    self.report = report
    self.definitions = definitions
  }

  static let definitionsFile = "definitions.scenario"

  /// The files, by name.
  var files: [(name: String, text: String)] {
    var files = [(Self.definitionsFile, definitions)]
    for tip in report.tips where tip.verdict == .shows {
      let text =
        "# \(tip.tip) shows from a fresh install after these steps (found by `tipsim audit`).\n"
        + tip.assumptions.map { "# \($0.text)" + ($0.place.isEmpty ? "" : " (\($0.place))") + "\n" }.joined()
        + "include \(Self.definitionsFile)\n" + tip.witness.map { $0 + "\n" }.joined() + Auditor.expectation(of: tip) + "\n"
      files.append(("\(tip.tip).scenario", text))
    }
    return files
  }

  /// Each test run in memory, its `include` read from `definitions`: the ones that do not
  /// run or whose expectation fails, each with why. None, for an import's output to be sound.
  public func failures() -> [String] {
    let definitions = IncludeReader.File(name: Self.definitionsFile, path: Self.definitionsFile, text: self.definitions)
    let includes = IncludeReader { path, _ in
      path == Self.definitionsFile ? .success(definitions) : .failure(IncludeProblem("an emitted test includes only \(Self.definitionsFile)"))
    }
    return files.dropFirst().compactMap { file in
      var session = Session()
      session.isSandboxed = true
      let report = ScenarioRunner.run(
        source: file.text, file: file.name, session: session, options: RunOptions(keepsLog: false, printsLog: false, includes: includes))
      guard report.exitCode != 0 || report.expectationsChecked != 1 else { return nil }
      return "\(file.name): exit \(report.exitCode), \(report.expectationsChecked) expectations checked\n\(report.errors)\(report.failures)"
    }
  }

  /// Writes every file into `folder`, created when missing, and records each test's
  /// transcript beside it; the scenarios' names.
  func write(to folder: String) throws -> [String] {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for file in files {
      try file.text.write(toFile: (folder as NSString).appendingPathComponent(file.name), atomically: true, encoding: .utf8)
    }
    let recorder = GoldenTester(paths: [], environment: ["TIPSIM_UPDATE": "1"])
    for file in files.dropFirst() {
      let outcome = recorder.test((folder as NSString).appendingPathComponent(file.name))
      guard outcome.passed else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: outcome.message]) }
    }
    return files.map(\.name)
  }
}
