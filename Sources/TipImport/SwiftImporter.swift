import Audit
import Foundation
import ScenarioLanguage
import SwiftParser
import SwiftSyntax
import TipEngine

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
    /// What `tipsim audit` reads, when asked for (`forAudit`).
    public var audit: AuditInput?
    public var fileCount: Int
    public var tipCount: Int
    /// Files left out because they build only for another platform (`--platform`).
    public var skippedFileCount = 0
    /// Files left out because they are not valid Swift (`skipInvalid`): each as a warning
    /// with its line and a caret.
    public var invalidFiles: [String] = []
  }

  /// Reads the Swift files under `paths`. Throws when a file cannot be read, is not valid
  /// Swift, or when no tip is found: the message names the file, line and column.
  /// With `folder`, paths are relative to it, and so are the places the output names.
  /// With `platform`, that platform's `#if` branches are read and files that build only for
  /// another are left out; without, the iOS branch (or else the first) of every file.
  /// With `forAudit`, the result also holds what `tipsim audit` reads. With `skipInvalid`, a
  /// file that is not valid Swift is left out (as no target of an app that builds has it) and
  /// named, rather than stopping the import.
  public static func run(
    paths: [String], in folder: String? = nil, platform: Platform? = nil, forAudit: Bool = false, skipInvalid: Bool = false
  ) throws(ImportError) -> Result {
    let target = BuildTarget(platform: platform)
    let prefix = folder.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? ""
    let files = try SwiftSources.files(under: paths.map { $0.hasPrefix("/") ? $0 : prefix + $0 })
    guard !files.isEmpty else { throw ImportError("no Swift file under \(paths.joined(separator: " "))") }
    let facts = try scanEach(files.count) { index throws(ImportError) in
      let file = files[index]
      let shown = !prefix.isEmpty && file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file
      return try read(file, as: shown, target: target, skipInvalid: skipInvalid)
    }
    return try result(of: facts, paths: paths, target: target, forAudit: forAudit)
  }

  /// The same for sources already in memory (path → text), as tests and the fuzzer give them.
  public static func run(
    sources: [(path: String, text: String)], platform: Platform? = nil, forAudit: Bool = false, skipInvalid: Bool = false
  ) throws(ImportError) -> Result {
    let target = BuildTarget(platform: platform)
    let facts = try scanEach(sources.count) { index throws(ImportError) in
      try scan(path: sources[index].path, text: sources[index].text, target: target, skipInvalid: skipInvalid)
    }
    return try result(of: facts, paths: sources.map(\.path), target: target, forAudit: forAudit)
  }

  /// Scans `count` files on every core: files are independent until the model joins them,
  /// and scanning is most of an import's time. The first failure in file order is thrown, as
  /// a scan one file after another would.
  static func scanEach(_ count: Int, _ scanOne: @Sendable (Int) throws(ImportError) -> FileFacts) throws(ImportError) -> [FileFacts] {
    let results = onEveryCore(count) { index -> Swift.Result<FileFacts, ImportError> in
      do throws(ImportError) { return .success(try scanOne(index)) } catch { return .failure(error) }
    }
    var facts: [FileFacts] = []
    facts.reserveCapacity(count)
    for result in results {
      switch result {
      case .success(let fileFacts): facts.append(fileFacts)
      case .failure(let error): throw error
      }
    }
    return facts
  }

  /// Reads the file at `path`, naming it `shown` in messages and output.
  static func read(_ path: String, as shown: String, target: BuildTarget, skipInvalid: Bool) throws(ImportError) -> FileFacts {
    guard let handle = FileHandle(forReadingAtPath: path) else { throw ImportError("\(shown): cannot be read") }
    defer { try? handle.close() }
    let data: Data
    do { data = try handle.read(upToCount: maximumFileSize + 1) ?? Data() } catch {
      throw ImportError("\(shown): cannot be read (\(error))")
    }
    guard data.count <= maximumFileSize else {
      throw ImportError("\(shown): larger than \(maximumFileSize >> 20) MiB; not an app's Swift source")
    }
    guard let text = String(data: data, encoding: .utf8), !data.contains(0) else {
      throw ImportError("\(shown): not UTF-8 text (a binary file?)")
    }
    return try scan(path: shown, text: text, target: target, skipInvalid: skipInvalid)
  }

  /// Parses one file; the first syntax error stops the import with its place and a caret,
  /// or, with `skipInvalid`, leaves the file out with them.
  static func scan(path: String, text: String, target: BuildTarget, skipInvalid: Bool = false) throws(ImportError) -> FileFacts {
    let bytes = Array(text.utf8)
    if let offset = BracketNesting.tooDeep(bytes) {
      let before = bytes[..<offset]
      let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
      let column = offset - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
      throw ImportError(
        caret(
          path: path, text: text, line: line, column: column,
          message: "`[` nested more than \(BracketNesting.limit) deep; the Swift parser's time doubles with each level past that"))
    }
    let tree = Parser.parse(source: text)
    if tree.hasError, let (node, message) = SwiftImporter.firstError(in: tree) {
      let location = node.startLocation(converter: SourceLocationConverter(fileName: path, tree: tree))
      guard skipInvalid else {
        throw ImportError(caret(path: path, text: text, line: location.line, column: location.column, message: message))
      }
      let warning = caret(
        path: path, text: text, line: location.line, column: location.column, message: message + "; the file is left out (--skip-invalid)",
        severity: "warning")
      var facts = FileFacts(path: path, isTestCode: false)
      let names = tree.tokens(viewMode: .sourceAccurate).compactMap { token in
        if case .identifier(let name) = token.tokenKind { FactScanner.unquoted(name) } else { nil }
      }
      facts.invalid = InvalidSwift(
        position: SwiftPosition(file: path, line: location.line, column: location.column), warning: warning, names: Set(names))
      return facts
    }
    if let module = target.foreignImport(among: FactScanner.imports(of: tree)) {
      var facts = FileFacts(path: path, isTestCode: false)
      facts.buildsElsewhere = "import \(module)"
      return facts
    }
    let scanner = FactScanner(path: path, bytes: bytes, tree: tree, target: target)
    scanner.walk(tree)
    return scanner.facts
  }

  /// The first place the parser could not read, and what it expected there. (swift-syntax's
  /// own diagnostics generator trapped on an input the fuzzer found, so the tree is read here.)
  static func firstError(in tree: SourceFileSyntax) -> (Syntax, String)? {
    for token in tree.tokens(viewMode: .all) {
      // A token the lexer could not read (`4AppDelegate`, an unterminated literal).
      if let diagnostic = token.tokenDiagnostic, diagnostic.severity == .error {
        let kind = "\(diagnostic.kind)".reduce(into: "") { words, c in words += c.isUppercase ? " " + c.lowercased() : String(c) }
        return (Syntax(token), "'\(token.text.prefix(40))' is not valid Swift (\(kind))")
      }
      if let unexpected = token.ancestorOrSelf(mapping: { $0.as(UnexpectedNodesSyntax.self) }) {
        let code = unexpected.trimmedDescription.prefix(40)
        return (Syntax(unexpected), "unexpected code '\(code)' (this is not valid Swift)")
      }
      if token.presence == .missing {
        let kind = "\(token.tokenKind)".prefix { $0 != "(" }
        let expected = !token.text.isEmpty ? "'\(token.text)'" : kind == "identifier" ? "a name" : "a \(kind)"
        return (Syntax(token), "expected \(expected) (this is not valid Swift)")
      }
    }
    return nil
  }

  /// `file:line:col: error: message`, the line, and a caret under the column.
  static func caret(path: String, text: String, line: Int, column: Int, message: String, severity: String = "error") -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let source = line >= 1 && line <= lines.count ? String(lines[line - 1].prefix(200)) : ""
    let pad = String(source.prefix(max(0, column - 1)).map { $0 == "\t" ? "\t" : " " })
    return "\(path):\(line):\(column): \(severity): \(message)\n\(source)\n\(pad)^"
  }

  private static func result(of all: [FileFacts], paths: [String], target: BuildTarget, forAudit: Bool) throws(ImportError) -> Result {
    let facts = all.filter { $0.buildsElsewhere == nil && $0.invalid == nil }
    let skipped = all.filter { $0.buildsElsewhere != nil }
    let invalid = all.compactMap(\.invalid)
    let model = AppModel(files: facts, target: target)
    guard !model.tips.isEmpty else {
      throw ImportError("no tip in \(ScenarioText.count(facts.count, "Swift file")) (no type conforms to Tip)")
    }
    let header = """
      Imported by `tipsim import` from \(ScenarioText.count(facts.count, "Swift file")): \(paths.joined(separator: " "))
      Definitions only: add actions and expectations below (`launch`, `open SCREEN`, `donate EVENT`…),
      or `load` it in the shell. Comments name the Swift place of each definition and its uses.
      """
    let left =
      skipped.map { Note(position: SwiftPosition(file: $0.path, line: 1, column: 1), text: "left out: \($0.buildsElsewhere ?? "")") }
      + invalid.map { Note(position: $0.position, text: "left out: not valid Swift, " + SwiftImporter.invalidAssumption) }
    let emitter = ScenarioEmitter.emitted(model, header: header, more: left)
    let scenario = emitter.lines.joined(separator: "\n") + "\n"
    // Each rule was read by the language as it was checked (`RuleChecker`); reading or
    // replaying the whole scenario again would cost more than the rest of a large import
    // (the tests and the fuzzer replay what it writes).
    var rules: [String: [RuleExpression]] = [:]
    for tip in model.tips { rules[tip.name] = tip.rules.compactMap(\.expression) }
    let findings = SwiftLinter(model: model, rules: rules).findings() + invalid.map(SwiftImporter.finding(leftOut:))
    let platform = target.platform?.displayName ?? "iOS"
    var summary = [
      "tipsim import: \(ScenarioText.count(all.count, "Swift file")) read"
        + (skipped.isEmpty ? "" : " (\(skipped.count) left out: they build only for another platform than \(platform))")
        + (invalid.isEmpty ? "" : " (\(invalid.count) left out: not valid Swift)") + ": "
        + [
          ScenarioText.count(model.tips.count, "tip"), ScenarioText.count(model.parameters.count, "parameter"),
          ScenarioText.count(model.events.count, "event"), ScenarioText.count(model.groups.count, "group"),
          ScenarioText.count(model.screens.count, "screen"),
        ].joined(separator: ", ")
    ]
    let running = model.reactions.filter { $0.steps.contains { $0.command != nil } }
    if !running.isEmpty {
      summary.append("the app's own code that runs by itself, as reactions: " + running.map(\.trigger.text).joined(separator: ", "))
    }
    let performed = model.actions.filter { $0.definition != nil }
    if !performed.isEmpty {
      summary.append(
        "the app's code that something the sources do not show calls, as actions: " + performed.map(\.name).joined(separator: ", "))
    }
    if !model.conditions.isEmpty {
      summary.append(
        "what its code tests that the import cannot decide, as app conditions: " + model.conditions.map(\.name).joined(separator: ", "))
    }
    let untranslated = emitter.untranslated
    summary.append(
      untranslated.isEmpty ? "everything read was translated" : "not translated (\(untranslated.count)), each a comment in the output:")
    for note in untranslated { summary.append("  \(note.position.fileLine): \(note.text)") }
    return Result(
      scenario: scenario, summary: summary.joined(separator: "\n"), findings: findings,
      audit: forAudit ? model.auditInput(scenario: scenario, file: paths.first ?? "", findings: findings, invalid: invalid) : nil,
      fileCount: facts.count, tipCount: model.tips.count, skippedFileCount: skipped.count,
      invalidFiles: invalid.map(\.warning))
  }

  /// What leaving out a file that is not valid Swift assumes.
  static let invalidAssumption = "assumed not part of the app's build (--skip-invalid)"

  /// The finding that names a file left out: every verdict assumes none of its code runs.
  static func finding(leftOut file: InvalidSwift) -> SwiftFinding {
    SwiftFinding(
      "invalidSwiftLeftOut", at: file.position,
      "this file is not valid Swift and was left out, \(invalidAssumption): the audit's verdicts assume none of its code runs, and a tip, parameter or event it names is not proved never displayed, written or donated",
      fix: "fix the file, or delete it if no target builds it")
  }
}
