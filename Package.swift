// swift-tools-version: 6.0
import PackageDescription

// `TIPSIM_NO_MIMALLOC=1 swift build …` builds `tipsim` on the system's malloc: the Linux
// artifact bundle's build (.ci/artifactbundle), which must start where no libmimalloc.so is
// installed (Debian and Ubuntu ship no static libmimalloc). A switch in the environment, as
// SwiftPM's own manifest reads its switches.
let linksMimalloc = Context.environment["TIPSIM_NO_MIMALLOC"] == nil

let package = Package(
  name: "TipSim",
  // TipKit apps target iOS 17; HostOS's lock and UTF-8 check stand in for what needs 18.
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .executable(name: "tipsim", targets: ["tipsim"]),
    .library(name: "TipSimKit", targets: ["TipSimKit"]),
    // `swift package tipsim-audit` and `swift package tipsim-lint` in an app's own package.
    .plugin(name: "tipsim-audit", targets: ["AuditPlugin"]),
    .plugin(name: "tipsim-lint", targets: ["LintPlugin"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // Heap, for the evaluation cache's queue of entry ends (only its HeapModule is built).
    .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    // The Swift importer's parser only: `tipsim` itself never links it (see `tipsim-import`).
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.0"),
  ],
  targets: [
    // What differs between macOS and Linux, in one place, and the only caller of the C
    // library: descriptors, the terminal, signals, a file lock, process spawning, the
    // executable's path, memory figures, sized threads, a lock, UTF-8 validation.
    .target(name: "HostOS", dependencies: ["CHostOS"]),
    // wchar.h, which Swift's Glibc module does not give (a module map and a header only).
    .systemLibrary(name: "CHostOS"),
    .target(name: "TipEngine"),
    .target(name: "Simulation", dependencies: ["TipEngine", .product(name: "HeapModule", package: "swift-collections")]),
    .target(name: "ScenarioLanguage", dependencies: ["TipEngine", "Simulation"]),
    // Log records as text, JSON Lines and `why` answers.
    .target(name: "Renderers", dependencies: ["TipEngine", "Simulation", "ScenarioLanguage"]),
    // Saved state: every device's datastore as a versioned JSON file (`save-state`, `--state`).
    .target(name: "Persistence", dependencies: ["TipEngine", "Simulation"]),
    // A session: statements run against a world, with its log, history, checkpoints and undo.
    .target(name: "Sessions", dependencies: ["TipEngine", "Simulation", "ScenarioLanguage", "Renderers", "Persistence"]),
    // What report statements print: timeline, whatif, matrix, lint, population, model.
    .target(name: "Reports", dependencies: ["TipEngine", "Simulation", "ScenarioLanguage", "Renderers", "Sessions", "HostOS"]),
    // Scenario files replayed (`tipsim run`, `tipsim test`): parse and run on two cores,
    // expectations, golden transcripts, CI reports.
    .target(
      name: "Runner",
      dependencies: ["TipEngine", "Simulation", "ScenarioLanguage", "Renderers", "Persistence", "Sessions", "Reports", "HostOS"]),
    // `tipsim audit`: what an app's tips will do, found by search and replayed (docs/Auditing.md).
    .target(
      name: "Audit",
      dependencies: [
        "HostOS", "Runner", "Reports", "Renderers", "Sessions", "ScenarioLanguage", "Simulation", "TipEngine",
        .product(name: "HeapModule", package: "swift-collections"),
      ]),
    // Inputs of `tipsim bench` and the fuzz targets; never part of the library.
    .target(name: "Tooling", dependencies: ["Audit", "Reports", "Runner", "Sessions", "ScenarioLanguage", "Simulation", "TipEngine"]),
    // The library product: what a Swift package's tests import (one module).
    .target(name: "TipSimKit", dependencies: ["TipEngine", "Simulation", "ScenarioLanguage", "Renderers", "Runner"]),
    // libedit: its header (histedit.h, in the system include folder here and in macOS's SDK)
    // and `link "edit"` in the module map. No pkg-config lookup: it warned every consumer of
    // the library where libedit.pc is missing (macOS), though only the shell links libedit.
    .systemLibrary(name: "CEditLine"),
    // Standard output and error, colours, the terminal's size: what `run` and the shell share.
    .target(name: "Terminal", dependencies: ["HostOS"]),
    .target(
      name: "Shell",
      dependencies: [
        "Runner", "Sessions", "Reports", "Renderers", "ScenarioLanguage", "Simulation", "TipEngine", "Terminal", "CEditLine", "HostOS",
      ]),
    // On Linux the executable runs on mimalloc instead of glibc's malloc: a long replay
    // allocates and frees on three threads (BENCHMARKS.md). Only the executable: TipSimKit
    // used as a library keeps the allocator of the program it is in. `TIPSIM_MIMALLOC` tells
    // its sources (`Allocator`) the condition, Linux and no TIPSIM_NO_MIMALLOC.
    .systemLibrary(name: "CMimalloc", providers: [.apt(["libmimalloc-dev"])]),
    .executableTarget(
      name: "tipsim",
      dependencies: [
        "Audit", "Runner", "Sessions", "Reports", "Renderers", "Tooling", "Shell", "Terminal", "ScenarioLanguage", "Simulation",
        "TipEngine", "HostOS", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ] + (linksMimalloc ? [.target(name: "CMimalloc", condition: .when(platforms: [.linux]))] : []),
      swiftSettings: linksMimalloc ? [.define("TIPSIM_MIMALLOC", .when(platforms: [.linux]))] : [],
      // Linked here, on the link line, rather than by the module map (`CMimalloc` only gives
      // its header): a module map's library can come after the C library (it did in an LTO
      // build), whose malloc then serves.
      linkerSettings: linksMimalloc ? [.linkedLibrary("mimalloc", .when(platforms: [.linux]))] : []
    ),
    // Reads an app's Swift sources and writes their tips as scenario definitions.
    .target(
      name: "TipImport",
      dependencies: [
        "Audit", "Runner", "Reports", "ScenarioLanguage", "Simulation", "TipEngine", "HostOS",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]),
    // Its own executable, which `tipsim import` and the shell's `import` run from the same
    // folder: swift-syntax takes minutes to build, and the shell's build must not wait for it.
    .executableTarget(
      name: "tipsim-import", dependencies: ["TipImport", "Runner", "HostOS", .product(name: "SwiftParser", package: "swift-syntax")]),
    // The importer's libFuzzer entry point (`.ci/fuzz`); in a normal build, a replayer.
    .executableTarget(name: "tipsim-import-fuzz", dependencies: ["Audit", "TipImport", "Runner", "Sessions", "HostOS"]),
    // libFuzzer's entry point (`.ci/fuzz`); in a normal build, a replayer of fuzz inputs.
    .executableTarget(name: "tipsim-fuzz", dependencies: ["Tooling", "HostOS"]),
    // The command plugins run the `tipsim` executable (and, for Swift, `tipsim-import` beside it).
    .plugin(
      name: "AuditPlugin",
      capability: .command(
        intent: .custom(verb: "tipsim-audit", description: "What the package's tips will do: tipsim audit"),
        permissions: [.writeToPackageDirectory(reason: "--emit-tests and --write-baseline write their files in the package")]),
      dependencies: ["tipsim", "tipsim-import"]),
    .plugin(
      name: "LintPlugin",
      capability: .command(
        intent: .custom(verb: "tipsim-lint", description: "Likely mistakes in the package's tips: tipsim lint"),
        permissions: [.writeToPackageDirectory(reason: "--write-baseline writes its file in the package")]),
      dependencies: ["tipsim", "tipsim-import"]),
    .testTarget(name: "TipEngineTests", dependencies: ["TipEngine"]),
    // A module's tests may drive it through scenarios (`Runner`) and read its output (`Renderers`).
    .testTarget(
      name: "SimulationTests",
      dependencies: ["Simulation", "TipEngine", "Runner", "Reports", "Renderers", "Sessions", "ScenarioLanguage", "Tooling"]),
    // HostOS: the hostile-input tests run on a thread with a Mac's secondary stack.
    .testTarget(name: "ScenarioLanguageTests", dependencies: ["ScenarioLanguage", "Renderers", "Simulation", "TipEngine", "HostOS"]),
    .testTarget(
      name: "RunnerTests",
      dependencies: [
        "Runner", "Sessions", "Reports", "Renderers", "Persistence", "Tooling", "ScenarioLanguage", "Simulation", "TipEngine", "HostOS",
      ],
      exclude: ["FuzzFixtures"]),
    .testTarget(
      name: "RendererTests", dependencies: ["Renderers", "Runner", "Sessions", "ScenarioLanguage", "Simulation", "TipEngine", "Tooling"]),
    .testTarget(name: "PersistenceTests", dependencies: ["Persistence", "Runner", "Renderers", "Simulation", "TipEngine", "Tooling"]),
    .testTarget(
      name: "ReportTests",
      dependencies: ["Reports", "Runner", "Sessions", "Renderers", "ScenarioLanguage", "Simulation", "TipEngine", "Tooling"]),
    .testTarget(
      name: "SessionTests", dependencies: ["Sessions", "Runner", "Reports", "Renderers", "ScenarioLanguage", "Simulation", "TipEngine"]),
    .testTarget(
      name: "AuditTests", dependencies: ["Audit", "Runner", "Sessions", "ScenarioLanguage", "Simulation", "TipEngine", "Tooling"]),
    // Written as an app team's tests are: `import TipSimKit` and nothing else.
    .testTarget(name: "TipSimKitTests", dependencies: ["TipSimKit"]),
    .testTarget(
      name: "TipImportTests", dependencies: ["TipImport", "Audit", "Runner", "Sessions", "Reports", "ScenarioLanguage", "HostOS"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "ShellTests", dependencies: ["Shell", "Terminal", "Runner", "Sessions", "Reports", "ScenarioLanguage", "Simulation"],
      exclude: ["Support"]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system && target.type != .plugin {
  var settings = target.swiftSettings ?? []
  settings.append(.enableUpcomingFeature("ExistentialAny"))
  target.swiftSettings = settings
}
