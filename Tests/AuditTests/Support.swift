import Foundation
import Runner

@testable import Audit

/// A scenario written to a file of its own, audited as `tipsim audit FILE` audits it.
func audit(_ scenario: String, days: Int = 30, budget: Int = 3) throws -> (report: AuditReport, input: AuditInput, path: String) {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-audit-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let path = folder.appendingPathComponent("app.scenario").path
  try scenario.write(toFile: path, atomically: true, encoding: .utf8)
  let input = try AuditInput.scenario(path).get()
  var auditor = Auditor(input: input, days: days, budget: budget, includes: .files(relativeTo: path))
  auditor.populationUsers = 40
  let report = try auditor.audit()
  return (report, input, path)
}

extension AuditReport {
  func tip(_ name: String) -> TipAudit? { tips.first { $0.tip == name } }
}

/// Every witness of `report`, written by `--emit-tests` and replayed by the runner: the
/// failures' names (empty when every one displays its tip).
func replayEmittedTests(_ report: AuditReport, _ input: AuditInput) throws -> [String] {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-emitted-\(UUID().uuidString)").path
  let names = try EmittedTests(report: report, definitions: input.definitions).write(to: folder)
  var failed: [String] = []
  for name in names where name != EmittedTests.definitionsFile {
    let run = ScenarioRunner.run(file: (folder as NSString).appendingPathComponent(name))
    if run.exitCode != 0 || run.expectationsChecked != 1 { failed.append(name) }
  }
  return failed
}
