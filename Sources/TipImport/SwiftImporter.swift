import Foundation
import SwiftDiagnostics
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax
import TipSimKit

/// Reads an app's Swift sources and gives its tips as a scenario of definitions, with a
/// summary of what was read and lint findings.
public struct SwiftImporter {
  /// A file larger than this is refused: no hand-written Swift file comes near it.
  public static let maximumFileSize = 8 << 20

  public struct Result: Sendable {
    /// The scenario: definitions only, with comments.
    public var scenario: String
    /// What was read and what was not translated, for standard error.
    public var summary: String
    public var findings: [SwiftFinding]
    public var fileCount: Int
    public var tipCount: Int
  }

  /// Reads the Swift files under `paths`. Throws when a file cannot be read, is not valid
  /// Swift, or when no tip is found: the message names the file, line and column.
  /// With `folder`, paths are relative to it, and so are the places the output names.
  public static func run(paths: [String], in folder: String? = nil) throws(ImportError) -> Result {
    let prefix = folder.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? ""
    let files = try SwiftSources.files(under: paths.map { $0.hasPrefix("/") ? $0 : prefix + $0 })
    guard !files.isEmpty else { throw ImportError("no Swift file under \(paths.joined(separator: " "))") }
    var facts: [FileFacts] = []
    for file in files {
      let shown = !prefix.isEmpty && file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file
      facts.append(try read(file, as: shown))
    }
    return try result(of: facts, paths: paths)
  }

  /// The same for sources already in memory (path → text), as tests and the fuzzer give them.
  public static func run(sources: [(path: String, text: String)]) throws(ImportError) -> Result {
    var facts: [FileFacts] = []
    for (path, text) in sources { facts.append(try scan(path: path, text: text)) }
    return try result(of: facts, paths: sources.map(\.path))
  }

  /// Reads the file at `path`, naming it `shown` in messages and output.
  static func read(_ path: String, as shown: String) throws(ImportError) -> FileFacts {
    guard let handle = FileHandle(forReadingAtPath: path) else { throw ImportError("\(shown): cannot be read") }
    defer { try? handle.close() }
    let data: Data
    do { data = try handle.read(upToCount: maximumFileSize + 1) ?? Data() } catch {
      throw ImportError("\(path): cannot be read (\(error))")
    }
    guard data.count <= maximumFileSize else {
      throw ImportError("\(shown): larger than \(maximumFileSize >> 20) MiB; not an app's Swift source")
    }
    guard let text = String(data: data, encoding: .utf8), !data.contains(0) else {
      throw ImportError("\(shown): not UTF-8 text (a binary file?)")
    }
    return try scan(path: shown, text: text)
  }

  /// Parses one file; the first syntax error stops the import with its place and a caret.
  static func scan(path: String, text: String) throws(ImportError) -> FileFacts {
    let tree = Parser.parse(source: text)
    if tree.hasError {
      let converter = SourceLocationConverter(fileName: path, tree: tree)
      let diagnostics = ParseDiagnosticsGenerator.diagnostics(for: tree)
      if let first = diagnostics.first {
        let location = first.location(converter: converter)
        throw ImportError(caret(path: path, text: text, line: location.line, column: location.column, message: first.message))
      }
    }
    let scanner = FactScanner(path: path, tree: tree)
    scanner.walk(tree)
    return scanner.facts
  }

  /// `file:line:col: error: message`, the line, and a caret under the column.
  static func caret(path: String, text: String, line: Int, column: Int, message: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let source = line >= 1 && line <= lines.count ? String(lines[line - 1].prefix(200)) : ""
    let pad = String(source.prefix(max(0, column - 1)).map { $0 == "\t" ? "\t" : " " })
    return "\(path):\(line):\(column): error: \(message) (this is not valid Swift)\n\(source)\n\(pad)^"
  }

  private static func result(of facts: [FileFacts], paths: [String]) throws(ImportError) -> Result {
    let model = AppModel(files: facts)
    guard !model.tips.isEmpty else {
      throw ImportError("no tip in \(facts.count) Swift file\(facts.count == 1 ? "" : "s") (no type conforms to Tip)")
    }
    let header = """
      Imported by `tipsim import` from \(facts.count) Swift file\(facts.count == 1 ? "" : "s"): \(paths.joined(separator: " "))
      Definitions only: add actions and expectations below (`launch`, `open SCREEN`, `donate EVENT`…),
      or `load` it in the shell. Comments name the Swift place of each definition and its uses.
      """
    let (scenario, emitter) = ScenarioEmitter.text(of: model, header: header)
    // The scenario must run as it is; the language's reading of it also gives lint its rules.
    let report = TipSim.replay(scenario, name: "<import>")
    guard report.exitCode != 2 else {
      throw ImportError("the imported scenario does not run (an importer bug; please report it):\n\(report.errors)")
    }
    let findings = SwiftLinter(model: model, catalog: report.session.world.engine.catalog).findings()
    var summary = [
      "tipsim import: \(ScenarioText.count(facts.count, "Swift file")) read: "
        + [
          ScenarioText.count(model.tips.count, "tip"), ScenarioText.count(model.parameters.count, "parameter"),
          ScenarioText.count(model.events.count, "event"), ScenarioText.count(model.groups.count, "group"),
          ScenarioText.count(model.screens.count, "screen"),
        ].joined(separator: ", ")
    ]
    let untranslated = emitter.untranslated.sorted { $0.position < $1.position }
    summary.append(
      untranslated.isEmpty ? "everything read was translated" : "not translated (\(untranslated.count)), each a comment in the output:")
    for note in untranslated { summary.append("  \(note.position.fileLine): \(note.text)") }
    return Result(
      scenario: scenario, summary: summary.joined(separator: "\n"), findings: findings, fileCount: facts.count, tipCount: model.tips.count)
  }
}
