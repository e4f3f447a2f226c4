import Foundation
import Testing

/// The library's public API, read from its compiled module with the toolchain's
/// `swift-symbolgraph-extract`: only the types a test needs, each symbol documented.
@Suite struct LibrarySurfaceTests {
  /// The types a consumer of `import TipSimKit` can name.
  static let types: Set<String> = [
    "TipSim", "ScenarioReport", "ScenarioFailure", "ExpectationFailure", "SourceLine", "SuppressionReason",
    "InstantSyntaxError", "Instant", "TipStatus", "InvalidationReason",
  ]

  @Test func theLibraryExportsOnlyWhatATestNeedsAndDocumentsAll() throws {
    let symbols = try Self.publicSymbols()
    #expect(Set(symbols.map { $0.path.first ?? "" }) == Self.types)
    let undocumented = symbols.filter { !$0.documented && $0.declaredHere }.map { $0.path.joined(separator: ".") }
    #expect(undocumented == [], "public symbols without a /// comment")
  }

  struct Symbol {
    var path: [String]
    var documented: Bool
    /// Written in our source (not synthesized, not inherited from a protocol's default).
    var declaredHere: Bool
  }

  /// TipSimKit's symbols and its extensions, and the engine types it re-exports.
  static func publicSymbols() throws -> [Symbol] {
    // Beside the test binary on Linux; on a Mac the tests run in Xcode's xctest, and the
    // modules are in the package's build folder.
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("Modules")
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let modules = FileManager.default.fileExists(atPath: beside.path) ? beside : root.appendingPathComponent(".build/debug/Modules")
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-symbols-\(getpid())")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: output) }
    var symbols: [Symbol] = []
    for module in ["TipSimKit", "TipEngine"] {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments =
        extractor + [
          "-module-name", module, "-I", modules.path, "-target", try Self.triple(),
          // HostOS's C headers, whose module map SwiftPM gives every target built on TipSimKit.
          "-Xcc", "-fmodule-map-file=" + root.appendingPathComponent("Sources/CHostOS/module.modulemap").path,
          "-output-dir", output.path, "-minimum-access-level", "public",
        ]
      try process.run()
      process.waitUntilExit()
      try #require(process.terminationStatus == 0, "swift-symbolgraph-extract failed for \(module)")
    }
    for file in try FileManager.default.contentsOfDirectory(atPath: output.path) where file.hasSuffix(".symbols.json") {
      let graph = try JSONDecoder().decode(Graph.self, from: Data(contentsOf: output.appendingPathComponent(file)))
      for symbol in graph.symbols {
        // Of the engine, only the re-exported types (the rest is not the library's).
        if file.hasPrefix("TipEngine"), !types.contains(symbol.pathComponents[0]) { continue }
        symbols.append(
          Symbol(path: symbol.pathComponents, documented: symbol.docComment != nil, declaredHere: symbol.location != nil))
      }
    }
    return symbols
  }

  /// The toolchain's extractor: on PATH with Linux's toolchain, through xcrun on a Mac.
  #if os(macOS)
    static let extractor = ["xcrun", "swift-symbolgraph-extract"]
  #else
    static let extractor = ["swift-symbolgraph-extract"]
  #endif

  static func triple() throws -> String {
    let process = Process()
    let pipe = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "-print-target-info"]
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    struct Info: Decodable {
      struct Target: Decodable { var triple: String }
      var target: Target
    }
    return try JSONDecoder().decode(Info.self, from: data).target.triple
  }

  struct Graph: Decodable {
    struct Symbol: Decodable {
      var pathComponents: [String]
      var docComment: DocComment?
      var location: Location?
    }
    struct DocComment: Decodable {}
    struct Location: Decodable {}
    var symbols: [Symbol]
  }
}
