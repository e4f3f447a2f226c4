// swift-tools-version: 6.0
// The audit and lint plugins on a prebuilt tipsim (.ci/artifactbundle): an app's CI that
// depends on this package builds no swift-syntax. A release sets the url and checksum
// (docs/CI.md, "Releasing"); the plugins' sources are the main package's.
import PackageDescription

let package = Package(
  name: "TipSimPlugins",
  products: [
    .plugin(name: "tipsim-audit", targets: ["AuditPlugin"]),
    .plugin(name: "tipsim-lint", targets: ["LintPlugin"]),
  ],
  targets: [
    .binaryTarget(
      name: "TipSimBinaries",
      url: "https://github.com/your-org/TipSim/releases/download/v0.1.0/tipsim.artifactbundle.zip",
      checksum: "set-by-the-release: swift package compute-checksum tipsim.artifactbundle.zip"),
    .plugin(
      name: "AuditPlugin",
      capability: .command(
        intent: .custom(verb: "tipsim-audit", description: "What the package's tips will do: tipsim audit"),
        permissions: [.writeToPackageDirectory(reason: "--emit-tests and --write-baseline write their files in the package")]),
      dependencies: ["TipSimBinaries"], path: "Plugins/AuditPlugin"),
    .plugin(
      name: "LintPlugin",
      capability: .command(
        intent: .custom(verb: "tipsim-lint", description: "Likely mistakes in the package's tips: tipsim lint"),
        permissions: [.writeToPackageDirectory(reason: "--write-baseline writes its file in the package")]),
      dependencies: ["TipSimBinaries"], path: "Plugins/LintPlugin"),
  ]
)
