import Foundation
import Testing
import TipImport

/// `tipsim import` and `tipsim lint` on Swift, through the built executables as a user runs
/// them: `tipsim` finds `tipsim-import` beside itself.
@Suite struct CommandLineTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

  /// Runs the built `tipsim` (beside this test bundle, or in `.build/debug`).
  func tipsim(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
    let binary = try #require(builtExecutable("tipsim"), "build tipsim first (swift build)")
    return try runProgram(binary, arguments, in: fixtures)
  }

  @Test func importWritesTheScenarioToStandardOutputAndTheSummaryToStandardError() throws {
    let run = try tipsim(["import", "BirdsApp"])
    #expect(run.status == 0)
    #expect(run.output == (try imported("BirdsApp").scenario))
    #expect(run.errors.hasPrefix("tipsim import: 6 Swift files read: 4 tips"))
  }

  @Test func importWritesToAFileWithDashO() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-import-\(UUID().uuidString).scenario").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = try tipsim(["import", "NoConfigure/Lonely.swift", "-o", path])
    #expect(run.status == 0)
    #expect(run.output.isEmpty)
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("tip LonelyTip"))
    let replay = try tipsim(["run", path])
    #expect(replay.status == 0, "\(replay.errors)")
  }

  /// The example of docs/Importing.md: import, include it in a scenario of one's own, run.
  @Test func theImportPagesExampleHolds() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-birds-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let imported = try tipsim(["import", "BirdsApp", "-o", folder + "/birds-tips.scenario"])
    #expect(imported.status == 0)
    #expect(
      imported.errors.hasPrefix(
        """
        tipsim import: 6 Swift files read: 4 tips, 2 parameters, 2 events, 1 group, 2 screens
        the app's own code that runs by itself, as reactions: app launch
        the app's code that something the sources do not show calls, as actions: BackyardDetailView_opens_values, BackyardDetailView_Button_Favorite, BackyardListView_Button_Add, BackyardListView_onSubmit
        not translated (2), each a comment in the output:
        """))
    let story = """
      include birds-tips.scenario
      launch                                   # the app's launch code sets isLoggedIn, as the app does
      open BackyardDetailView                  # its .task donates didViewBackyard for the backyard it shows:
      perform BackyardDetailView_opens_values backyardID=2
      perform BackyardDetailView_opens_values backyardID=2
      perform BackyardDetailView_opens_values backyardID=2
      expect shown FavoriteBackyardTip

      """
    try story.write(toFile: folder + "/favorite.scenario", atomically: true, encoding: .utf8)
    let run = try tipsim(["run", folder + "/favorite.scenario"])
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    #expect(run.output.contains("set         isLoggedIn = true, was false"))
    #expect(run.output.hasSuffix("── 1 expectation held\n"))
  }

  @Test func importExitsTwoWithAMessageWhenNothingCanBeRead() throws {
    let missing = try tipsim(["import", "NoSuchApp"])
    #expect(missing.status == 2)
    #expect(missing.errors == "tipsim import: NoSuchApp: no such file or folder\n")
    let noTip = try tipsim(["import", "BirdsApp/Views/BackyardDetailView.swift"])
    #expect(noTip.status == 2)
    #expect(noTip.errors.contains("no tip in 1 Swift file"))
    #expect(try tipsim(["import"]).status != 0)
  }

  /// A file that is not valid Swift stops `import`, `lint` and `audit` with exit 2; with
  /// `--skip-invalid` each goes on without it, with a warning and a caret.
  @Test func skipInvalidGoesOnWithoutAFileThatIsNotValidSwift() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-invalid-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("App"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (path, text) in SkipInvalidTests.sources {
      try text.write(to: folder.appendingPathComponent(path), atomically: true, encoding: .utf8)
    }
    let app = folder.appendingPathComponent("App").path
    let warning =
      "App/Broken.swift:10:7: warning: expected a name (this is not valid Swift); the file is left out (--skip-invalid)\nstruct\n      ^\n"
    for command in ["import", "lint", "audit"] {
      let stopped = try tipsim([command, app])
      #expect(stopped.status == 2, "\(command)")
      #expect(stopped.errors.contains("App/Broken.swift:10:7: error: expected a name"), "\(command)")
      let goes = try tipsim([command, app, "--skip-invalid"])
      #expect(goes.status == 0, "\(command): \(goes.errors)")
      #expect(goes.errors.hasPrefix(folder.path + "/" + warning) || goes.errors.contains("/" + warning), "\(command)")
    }
    let audit = try tipsim(["audit", app, "--skip-invalid"])
    #expect(
      audit.output.contains(
        "StrayTip: unknown: no display of StrayTip is placed, but not every use of it is accounted for: it is named at "))
    #expect(audit.output.contains("[invalidSwiftLeftOut]"))
  }

  /// A `tipsim` without `tipsim-import` beside it says how to build it, and exits 2.
  @Test func aMissingImporterIsNamedWithItsBuildCommand() throws {
    let built = try #require(builtExecutable("tipsim"))
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-alone-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let alone = folder.appendingPathComponent("tipsim").path
    try FileManager.default.copyItem(atPath: built, toPath: alone)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: alone)
    process.arguments = ["import", fixtures + "/NoConfigure"]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = Pipe()
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 2)
    #expect(text.contains("needs the tipsim-import executable beside tipsim"))
    #expect(text.contains("Build it once with: swift build --product tipsim-import"))
  }

  @Test func lintReadsSwiftPathsWithStrictAndJSON() throws {
    let text = try tipsim(["lint", "LintApp"])
    #expect(text.status == 0)
    #expect(text.output.contains("LintApp/Tips.swift:17:27: warning: tip QuickTip's MaxDisplayDuration is 30s"))
    #expect(text.output.hasSuffix("lint: 13 warnings in 3 Swift files\n"))
    #expect(try tipsim(["lint", "--strict", "LintApp"]).status == 1)
    let json = try tipsim(["lint", "--json", "LintApp"])
    let lines = json.output.split(separator: "\n")
    #expect(lines.count == 13)
    let first = try JSONDecoder().decode(SwiftFinding.self, from: Data(lines[0].utf8))
    #expect(first.file == "LintApp/InboxView.swift" && first.line == 10 && first.code == "sharedGenericTip")
  }

  /// The SwiftPM plugins take a file or folder after an option that expects a value as that
  /// value, not as a path to audit: each such option of `audit` and `lint` is in their list.
  @Test func thePluginsKnowEveryOptionThatTakesAValue() throws {
    let tool = try String(contentsOfFile: CommandLineTests.root + "/Plugins/AuditPlugin/TipSimTool.swift", encoding: .utf8)
    let start = try #require(tool.range(of: "static let optionsWithValues"))
    let end = try #require(tool.range(of: "]", range: start.upperBound..<tool.endIndex))
    let listed = Set(tool[start.upperBound..<end.lowerBound].split(separator: "\"").filter { $0.hasPrefix("--") }.map(String.init))
    for command in ["audit", "lint"] {
      let help = try tipsim([command, "--help"]).output
      // `--baseline <baseline>`: an option with a value.
      let words = help.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "[" || $0 == "]" }).map(String.init)
      for (word, next) in zip(words, words.dropFirst()) where word.hasPrefix("--") && next.hasPrefix("<") {
        #expect(listed.contains(word), "\(command) \(word) takes a value: add it to TipSimTool.optionsWithValues")
      }
    }
    #expect(listed.contains("--baseline") && listed.contains("--emit-tests"))
  }
}
