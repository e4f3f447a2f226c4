import Audit
import Foundation
import HostOS
import Runner
import Sessions
import TipImport

/// One fuzz input through the whole importer: bytes → UTF-8 → swift-syntax → facts → the
/// scenario, which must run, launch included (so the app's code at launch runs too), and be
/// audited (a small search), and every test the audit emits must replay. 0: imported; 2:
/// refused with a message (not UTF-8, invalid Swift, no tip). An imported scenario that does
/// not run or audit is an importer bug: it traps.
/// The input is imported alone, then beside a small app with `--skip-invalid`, where a file
/// that is not valid Swift is left out and the rest must still import, run and audit.
func importOneInput(_ bytes: some Collection<UInt8>) -> Int32 {
  guard let text = String(validatingUTF8Bytes: Array(bytes)) else { return 2 }
  let alone = importAndCheck([(path: "Fuzz.swift", text: text)], skipInvalid: false)
  _ = importAndCheck([(path: "Fuzz.swift", text: text), (path: "Beside.swift", text: besideApp)], skipInvalid: true)
  return alone
}

/// A small app the fuzz input is imported beside.
private let besideApp = """
  import SwiftUI
  import TipKit

  struct BesideTip: Tip {
    var title: Text { Text("Beside") }
  }

  struct BesideView: View {
    var body: some View { TipView(BesideTip()) }
  }
  """

private func importAndCheck(_ sources: [(path: String, text: String)], skipInvalid: Bool) -> Int32 {
  do {
    let result = try SwiftImporter.run(sources: sources, forAudit: true, skipInvalid: skipInvalid)
    precondition(!result.scenario.isEmpty)
    var session = Session()
    session.isSandboxed = true
    let report = ScenarioRunner.run(source: result.scenario + "launch\n", file: "imported.scenario", session: session)
    precondition(report.exitCode == 0, "the imported scenario does not run (an importer bug):\n\(report.errors)")
    guard let input = result.audit else { preconditionFailure("an import for the audit gave nothing to audit") }
    var auditor = Auditor(input: input, days: 3)
    auditor.searchLimit = 40
    auditor.populationUsers = 5
    let audit: AuditReport
    do { audit = try auditor.audit() } catch { preconditionFailure("the imported app does not audit: \(error.message)") }
    // Every test the audit would emit replays: its witness, its assumptions as comments.
    let failures = EmittedTests(report: audit, definitions: input.definitions).failures()
    precondition(failures.isEmpty, "an emitted test does not replay (an importer or audit bug):\n" + failures.joined(separator: "\n"))
    return 0
  } catch {
    precondition(!error.isImporterBug, error.message)
    return 2
  }
}

// Built by `.ci/fuzz` with `swift build --sanitize=fuzzer -Xswiftc -DFUZZING`: libFuzzer
// brings `main` and calls this entry point with its mutants.
#if FUZZING
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = importOneInput(data.map { UnsafeBufferPointer(start: $0, count: size) } ?? UnsafeBufferPointer(start: nil, count: 0))
    return 0
  }
#else
  /// In a normal build, `tipsim-import-fuzz FILE...` replays inputs (a corpus, a crash
  /// libFuzzer kept) and prints each one's exit code.
  @main struct ImportFuzzReplay {
    static func main() {
      let files = CommandLine.arguments.dropFirst()
      guard !files.isEmpty else {
        FileHandle.standardError.write(Data("usage: tipsim-import-fuzz FILE...  (replays fuzz inputs; see .ci/fuzz)\n".utf8))
        HostOS.exit(2)
      }
      for file in files {
        guard let data = FileManager.default.contents(atPath: file) else {
          FileHandle.standardError.write(Data("\(file): cannot read\n".utf8))
          HostOS.exit(2)
        }
        print("\(file): exit \(importOneInput([UInt8](data)))")
      }
    }
  }
#endif
