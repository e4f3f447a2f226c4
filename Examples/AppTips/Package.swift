// swift-tools-version: 6.0
// An app team's test package: it depends on TipSim by path, as yours would by URL, and tests
// its tips' cadence through the `TipSimKit` library alone.
import PackageDescription

let package = Package(
  name: "AppTips",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "TipSim", path: "../..")
  ],
  targets: [
    .testTarget(
      name: "AppTipsTests",
      dependencies: [.product(name: "TipSimKit", package: "TipSim")],
      exclude: ["favorite.scenario"],
      // With it, a member is visible only through an import of its module: `import TipSimKit`
      // must be enough.
      swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
    )
  ]
)
