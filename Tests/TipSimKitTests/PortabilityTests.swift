import Foundation
import Testing

/// Most app teams test on macOS, and CI here runs Linux only: the library's sources must not
/// use what exists on Linux alone (or not on iOS) outside a `#if` that says so.
@Suite struct PortabilityTests {
  /// The modules of the `TipSimKit` product (Package.swift).
  static let libraryModules = ["TipEngine", "Simulation", "ScenarioLanguage", "Renderers", "Runner", "TipSimKit"]

  /// Words that compile on Linux but not on macOS or iOS.
  static let linuxOnly = [
    "Glibc", "mallopt", "malloc_trim", "malloc_usable_size", "get_nprocs", "sched_getaffinity", "/proc/", "epoll_",
    "eventfd", "inotify_", "Process()", "CMimalloc", "CEditLine",
  ]

  @Test func librarySourcesUseNoLinuxOnlyAPIOutsideAnIf() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    var found: [String] = []
    for module in Self.libraryModules {
      let folder = root.appendingPathComponent("Sources/\(module)")
      let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
      #expect(!files.isEmpty, "no sources in \(folder.path)")
      for file in files {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        found += Self.unguardedUses(in: text).map { "Sources/\(module)/\(file):\($0.line): \($0.word)" }
      }
    }
    #expect(found == [])
  }

  @Test func theScanSeesThroughCommentsButNotThroughAnIf() {
    let text = """
      import Foundation
      #if canImport(Glibc)
        import Glibc
      #elseif canImport(Darwin)
        import Darwin
      #endif
      // mallopt is named in a comment only
      let n = get_nprocs()
      """
    #expect(Self.unguardedUses(in: text).map(\.line) == [8])
  }

  /// Lines that use a Linux-only word outside `#if canImport(Glibc)` / `#if os(Linux)`.
  static func unguardedUses(in text: String) -> [(line: Int, word: String)] {
    var guarded: [Bool] = []
    var uses: [(Int, String)] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("#if") {
        guarded.append(trimmed.contains("canImport(Glibc)") || trimmed.contains("os(Linux)"))
      } else if trimmed.hasPrefix("#elseif") || trimmed.hasPrefix("#else") {
        if !guarded.isEmpty { guarded[guarded.count - 1] = trimmed.contains("canImport(Glibc)") || trimmed.contains("os(Linux)") }
      } else if trimmed.hasPrefix("#endif") {
        _ = guarded.popLast()
      } else if !guarded.contains(true), !trimmed.hasPrefix("//") {
        let code = trimmed.components(separatedBy: "//").first ?? ""
        if let word = linuxOnly.first(where: { code.contains($0) }) { uses.append((index + 1, word)) }
      }
    }
    return uses
  }
}
