import Foundation
import Testing

/// `make install PREFIX=…` puts tipsim and tipsim-import side by side, and `tipsim import`
/// works from there; `make uninstall` takes both away. The test installs the debug build
/// the suite runs on (`BUILD_DIR`), so it builds nothing.
@Suite struct InstallTests {
  @Test func makeInstallPutsBothExecutablesSideBySideAndImportWorksFromThere() throws {
    let importer = try #require(builtExecutable("tipsim-import"), "build first (swift build)")
    let folder = URL(fileURLWithPath: importer).deletingLastPathComponent().path
    let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-prefix-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: prefix) }

    let install = try Self.run("/usr/bin/env", ["make", "-s", "install", "PREFIX=\(prefix)", "BUILD_DIR=\(folder)"])
    #expect(install.status == 0, "\(install.errors)")
    let version = try Self.run(prefix + "/bin/tipsim", ["--version"])
    let importerVersion = try Self.run(prefix + "/bin/tipsim-import", ["--version"])
    #expect(version.output == importerVersion.output)
    #expect(version.output.split(separator: ".").count == 3, "\(version.output)")
    let imported = try Self.run(prefix + "/bin/tipsim", ["import", fixtures + "/BirdsApp"])
    #expect(imported.status == 0, "\(imported.errors)")
    #expect(imported.output.contains("\ntip "))

    let uninstall = try Self.run("/usr/bin/env", ["make", "-s", "uninstall", "PREFIX=\(prefix)"])
    #expect(uninstall.status == 0, "\(uninstall.errors)")
    #expect(!FileManager.default.fileExists(atPath: prefix + "/bin/tipsim"))
    #expect(!FileManager.default.fileExists(atPath: prefix + "/bin/tipsim-import"))
  }

  /// The Homebrew formula's `test do` block replays a scenario and imports a Swift file:
  /// both, taken from the formula, work with the tipsim built here.
  @Test func theFormulasTestBlockPassesWithThisBuild() throws {
    let formula = try String(contentsOfFile: CommandLineTests.root + "/Formula/tipsim.rb", encoding: .utf8)
    func heredoc(_ tag: String) throws -> String {
      let body = try #require(
        formula.components(separatedBy: "<<~\(tag)\n").dropFirst().first?.components(separatedBy: "\n").prefix {
          $0.trimmingCharacters(in: .whitespaces) != tag
        })
      let indent = body.first?.prefix { $0 == " " }.count ?? 0
      return body.map { String($0.dropFirst(indent)) }.joined(separator: "\n") + "\n"
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-formula-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try heredoc("SCENARIO").write(toFile: folder + "/story.scenario", atomically: true, encoding: .utf8)
    try heredoc("SWIFT").write(toFile: folder + "/App.swift", atomically: true, encoding: .utf8)
    let tipsim = try #require(builtExecutable("tipsim"), "build tipsim first (swift build)")
    let replay = try Self.run(tipsim, ["run", folder + "/story.scenario"])
    #expect(replay.status == 0, "\(replay.errors)")
    let imported = try Self.run(tipsim, ["import", folder + "/App.swift"])
    #expect(imported.output.contains("tip WelcomeTip"), "\(imported.errors)")
    #expect(formula.contains("assert_match \"tip WelcomeTip\""))
  }

  static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
    // Not the test's TIPSIM_IMPORT, if any: the installed tipsim must find its own.
    try runProgram(
      program, arguments, in: CommandLineTests.root, environment: ProcessInfo.processInfo.environment.filter { $0.key != "TIPSIM_IMPORT" })
  }

}
