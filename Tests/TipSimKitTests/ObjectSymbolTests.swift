import Foundation
import Testing

/// No module but HostOS calls the C library, proved from what the compiler produced: the
/// undefined symbols of each module's objects (`nm -u .build/<config>/<Module>.build/*.o`),
/// where a word list would miss what Foundation re-exports (`setpriority` came in that way).
@Suite struct ObjectSymbolTests {
  /// Each construct, as `nm` prints it: refused or allowed, on Linux's ELF and a Mac's Mach-O.
  @Test(arguments: [
    ("                 U setpriority", "Runner", false),
    ("                 U $s5Glibc5errnos5Int32Vvg", "Shell", false),
    ("                 U $s5Glibc4openys5Int32VSPys4Int8VG_AEtF", "Shell", false),
    ("_setpriority", "Runner", true),
    ("                 U _$s6Darwin5errnos5Int32Vvg", "Terminal", true),
    ("                 U $sSo6pollfdVMn", "Shell", false),
    ("_$sSo7winsizeVMn", "Terminal", true),
    ("                 U el_gets", "Runner", false),
    ("                 U mi_version", "Shell", false),
    ("                 U _isatty", "Terminal", true),
  ])
  func aCCallIsRefused(line: String, module: String, machO: Bool) {
    let refused = UndefinedSymbols.refusals(in: ["\(module).swift.o:", line, ""], module: module, machO: machO)
    #expect(refused.map(\.symbol) == [line.split(separator: " ").last.map(String.init) ?? ""], "\(line)")
  }

  @Test(arguments: [
    ("                 U el_gets", "Shell", false),
    ("                 U history_init", "Shell", false),
    ("                 U mi_version", "tipsim", false),
    ("                 U memcpy", "Runner", false),
    ("_memcpy", "Runner", true),
    ("                 U ___stack_chk_fail", "Shell", true),
    ("                 U __stack_chk_fail", "Shell", false),
    ("                 U _Block_copy", "Runner", false),
    ("                 U __NSConcreteStackBlock", "Runner", true),
    ("                 U roundf", "Simulation", false),
    ("                 U _floor", "Simulation", true),
    ("                 U swift_retain", "Audit", false),
    ("                 U __swift_FORCE_LOAD_$_swiftFoundation", "Audit", true),
    ("                 U $s10Foundation4DataV15_RepresentationOMn", "Audit", false),
    ("                 U _$sSo8NSStringCMa", "Audit", true),
    ("                 U _$sSo17OS_dispatch_queueCMa", "Audit", true),
    ("                 U _$sSo18NSQualityOfServiceVMa", "Runner", true),
    ("                 U _OBJC_CLASS_$_NSLock", "Audit", true),
    ("                 U _objc_msgSend", "Audit", true),
    ("                 U $s6HostOS15standardStreamsSpySo8_IO_FILEVSg5input_AF6outputAF5errortvgZ", "Shell", false),
  ])
  func whatSwiftEmitsAndWhatAModuleWrapsIsAllowed(line: String, module: String, machO: Bool) {
    #expect(UndefinedSymbols.refusals(in: [line], module: module, machO: machO) == [], "\(line)")
  }

  @Test func headersAndBlankLinesAreNoSymbols() {
    #expect(UndefinedSymbols.symbol(onLine: "/x/.build/debug/Shell.build/TerminalInput.swift.o:") == nil)
    #expect(UndefinedSymbols.symbol(onLine: "") == nil)
    #expect(UndefinedSymbols.symbol(onLine: "                 U poll") == "poll")
    #expect(UndefinedSymbols.symbol(onLine: "_poll") == "_poll")
  }

  /// The live check: every module's objects, as this test binary's build left them. No
  /// objects is a failure, not a pass: the check must have read something.
  @Test func noModuleButHostOSCallsTheCLibrary() throws {
    let build = try #require(Self.buildFolder(), "no build folder with HostOS.build above \(Self.binaryPaths)")
    var refused: [String] = []
    let modules = try Self.swiftModules()
    #expect(modules.count > 15, "\(modules)")
    for module in modules where module != "HostOS" {
      let folder = build.appendingPathComponent(module.replacingOccurrences(of: "-", with: "_") + ".build")
      // A deleted source's object stays in the build folder: only the sources' own are read.
      let sources = try Self.sourceFiles(of: module)
      let objects = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
        $0.hasSuffix(".o") && sources.contains(String($0.dropLast(2)))
      }.sorted()
      guard !objects.isEmpty else {
        Issue.record("no objects in \(folder.path): build every target first (swift build --build-tests)")
        continue
      }
      let output = try Self.run(["nm", "-u"] + objects.map { folder.appendingPathComponent($0).path })
      #if canImport(Darwin)
        let machO = true
      #else
        let machO = false
      #endif
      let found = UndefinedSymbols.refusals(in: output.split(separator: "\n").map(String.init), module: module, machO: machO)
      refused += try found.map { "\(module): \(try Self.demangled($0.symbol)) — \($0.why)" }
    }
    #expect(refused == [], "move these calls into HostOS, each with its Darwin and Glibc branch")
  }

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The Swift targets in `Sources/`: those without a module map (a system library's).
  static func swiftModules() throws -> [String] {
    let sources = root.appendingPathComponent("Sources")
    return try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { name in
      !FileManager.default.fileExists(atPath: sources.appendingPathComponent(name).appendingPathComponent("module.modulemap").path)
    }.sorted()
  }

  /// The names of a module's Swift files, in any of its folders.
  static func sourceFiles(of module: String) throws -> Set<String> {
    let folder = root.appendingPathComponent("Sources").appendingPathComponent(module)
    return Set(
      try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.map {
        ($0 as NSString).lastPathComponent
      })
  }

  /// Where this test binary is: its path on Linux, and on a Mac the `.xctest` bundle that
  /// `xctest` or SwiftPM's test helper loaded.
  static var binaryPaths: [String] {
    CommandLine.arguments.filter { $0.contains(".xctest") } + Bundle.allBundles.map(\.bundlePath).filter { $0.hasSuffix(".xctest") }
      + [CommandLine.arguments.first ?? ""]
  }

  /// The configuration's build folder (`.build/debug`, `.build/arm64-apple-macosx/release`):
  /// the first folder above the test binary that holds `HostOS.build`.
  static func buildFolder() -> URL? {
    for path in binaryPaths where !path.isEmpty {
      var folder = URL(fileURLWithPath: path).deletingLastPathComponent()
      while folder.path != "/" {
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("HostOS.build").path) { return folder }
        folder.deleteLastPathComponent()
      }
    }
    return nil
  }

  /// A mangled name as `swift demangle` reads it; a C name as it is.
  static func demangled(_ symbol: String) throws -> String {
    guard symbol.contains("$s") else { return symbol }
    return try run(["swift", "demangle", "--compact", symbol]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  static func run(_ arguments: [String]) throws -> String {
    let run = try Tool.run(arguments)
    try #require(run.status == 0, "\(arguments.prefix(2).joined(separator: " ")) failed: \(run.errors)")
    return run.output
  }
}
