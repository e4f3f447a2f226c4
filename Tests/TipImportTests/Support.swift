import Foundation
import Renderers
import Runner
import TipImport

/// The fixtures' folder: small apps written for these tests, one per concern.
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

/// Imports a fixture app, naming its files relative to the fixtures' folder.
func imported(_ app: String) throws -> SwiftImporter.Result {
  try SwiftImporter.run(paths: [app], in: fixtures)
}

/// Imports sources given as text.
func imported(_ sources: [(String, String)]) throws(ImportError) -> SwiftImporter.Result {
  try SwiftImporter.run(sources: sources.map { (path: $0.0, text: $0.1) })
}

extension SwiftImporter.Result {
  /// The scenario's lines without their comments.
  var definitions: [String] {
    scenario.split(separator: "\n").map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
  }

  var codes: [String] { findings.map(\.code) }
}
