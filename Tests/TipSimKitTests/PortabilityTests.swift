import Foundation
import Testing

/// Most app teams work on macOS, and CI here runs Linux only: the library's sources must not
/// use what exists on Linux alone (or not on iOS) outside a `#if` that says so, and no module
/// but HostOS may use what a Mac's compiler or SDK lacks.
@Suite struct PortabilityTests {
  /// The modules of the `TipSimKit` product (Package.swift).
  static let libraryModules = ["TipEngine", "Simulation", "ScenarioLanguage", "Renderers", "Runner", "TipSimKit", "HostOS"]

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

  /// Constructs that compile here but not on a Mac, wherever they appear outside the
  /// platform module (`Sources/HostOS`), guarded or not: each with the way that works.
  static let outsideHostOS: [(pattern: String, instead: String)] = [
    (#"\bGlibc\.[a-z_]"#, "a Glibc-qualified call (Darwin has no Glibc module): call HostOS"),
    ("__sigaction_handler", "__sigaction_handler, glibc's sigaction field: HostOS.handle"),
    ("__sigaction_u", "__sigaction_u, Darwin's sigaction field: HostOS.handle"),
    (#"posix_spawn(_file_actions|attr)_t\(\)"#, "posix_spawn_file_actions_t(), glibc's struct (a pointer on Darwin): SilentProcess"),
    (#"(?<![A-Za-z0-9_.])environ\b"#, "the C global environ (Darwin's headers do not declare it): SilentProcess"),
    ("/proc/", "/proc/, which Linux alone has: HostOS"),
    (#"\bMutex\b|\bAtomic<|import Synchronization"#, "Synchronization needs macOS 15 / iOS 18: Locked"),
    (#"String\(validating:"#, "String(validating:as:) needs macOS 15 / iOS 18: String(validatingUTF8Bytes:)"),
    (#"_NSGetExecutablePath|\btask_info\b|mach_task_self_"#, "Darwin only: HostOS"),
    // A type leaves no symbol in the objects: this word list is the net for it.
    ("__priority_which_t", "__priority_which_t, glibc's enum for setpriority (Darwin's takes an Int32): HostOS.lowPriorityThread"),
  ]

  /// The C headers of system library modules: only what the macOS SDK's libedit declares.
  static let inHeaders: [(pattern: String, instead: String)] = [
    (#"(?<![A-Za-z0-9_])el_rfunc_t\b"#, "the macOS SDK's histedit.h has no el_rfunc_t: declare a typedef of our own")
  ]

  static var root: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  }

  @Test func noModuleButHostOSUsesWhatAMacLacks() throws {
    var found: [String] = []
    let sources = Self.root.appendingPathComponent("Sources")
    let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0 != "HostOS" }.sorted()
    #expect(modules.count > 15, "\(modules)")
    for module in modules {
      let folder = sources.appendingPathComponent(module)
      for file in FileManager.default.enumerator(atPath: folder.path)?.compactMap({ $0 as? String }).sorted() ?? [] {
        let rules = file.hasSuffix(".swift") ? Self.outsideHostOS : file.hasSuffix(".h") ? Self.inHeaders : []
        guard !rules.isEmpty else { continue }
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        found += Self.uses(of: rules, in: text).map { "Sources/\(module)/\(file):\($0.line): \($0.instead)" }
        if file.hasSuffix(".swift") {
          found += Self.glibcImportsWithoutDarwin(in: text).map { "Sources/\(module)/\(file):\($0): imports Glibc with no Darwin branch" }
        }
      }
    }
    #expect(found == [])
  }

  /// Each construct, put back where it was once written, is caught: the scan is not vacuous.
  @Test(arguments: [
    ("let written = Glibc.write(fd, base + offset, count)", "Glibc-qualified"),
    ("action.__sigaction_handler.sa_handler = handler", "__sigaction_handler"),
    ("action.__sigaction_u.__sa_handler = handler", "__sigaction_u"),
    ("var actions = posix_spawn_file_actions_t()", "posix_spawn"),
    ("posix_spawn(&pid, path, &actions, nil, argv, environ)", "environ"),
    (#"try String(contentsOfFile: "/proc/self/statm")"#, "/proc/"),
    ("private let state: Mutex<State>", "Synchronization"),
    ("import Synchronization", "Synchronization"),
    ("guard let text = String(validating: bytes, as: UTF8.self)", "String(validating"),
    ("task_info(mach_task_self_, flavor, info, &count)", "Darwin only"),
    ("let which = __priority_which_t(PRIO_PROCESS.rawValue)", "__priority_which_t"),
  ])
  func eachConstructIsCaughtWhenReintroduced(line: String, named: String) {
    let uses = Self.uses(of: Self.outsideHostOS, in: "import Foundation\n\(line)\n")
    #expect(uses.map(\.line) == [2], "\(line)")
    #expect(uses.first?.instead.contains(named) == true, "\(uses)")
    // In a comment it is only words.
    #expect(Self.uses(of: Self.outsideHostOS, in: "// \(line)\n").isEmpty)
  }

  @Test func theHeaderRuleCatchesLibeditsTypedefButNotOurs() {
    let ours = "typedef int (*tipsim_el_rfunc_t)(EditLine *, wchar_t *);\n"
    let theirs = "static inline int set(EditLine *el, el_rfunc_t read);\n"
    #expect(Self.uses(of: Self.inHeaders, in: ours).isEmpty)
    #expect(Self.uses(of: Self.inHeaders, in: theirs).map(\.line) == [1])
  }

  @Test func aGlibcImportNeedsADarwinBranch() {
    #expect(Self.glibcImportsWithoutDarwin(in: "#if canImport(Glibc)\n  import Glibc\n#endif\n") == [2])
    #expect(Self.glibcImportsWithoutDarwin(in: "import Foundation\nimport Glibc\n") == [2])
    #expect(
      Self.glibcImportsWithoutDarwin(in: "#if canImport(Glibc)\n  import Glibc\n#elseif canImport(Darwin)\n  import Darwin\n#endif\n") == []
    )
  }

  /// Lines (1-based) that match a rule, outside `//` comments.
  static func uses(of rules: [(pattern: String, instead: String)], in text: String) -> [(line: Int, instead: String)] {
    var uses: [(Int, String)] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let code = String(line.components(separatedBy: "//").first ?? "")
      if let rule = rules.first(where: { code.range(of: $0.pattern, options: .regularExpression) != nil }) {
        uses.append((index + 1, rule.instead))
      }
    }
    return uses
  }

  /// `import Glibc` lines outside an `#if`, or in one that has no `canImport(Darwin)` branch.
  static func glibcImportsWithoutDarwin(in text: String) -> [Int] {
    var blocks: [(glibcLine: Int?, darwin: Bool)] = []
    var found: [Int] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("#if") {
        blocks.append((nil, trimmed.contains("canImport(Darwin)")))
      } else if trimmed.hasPrefix("#elseif") || trimmed.hasPrefix("#else") {
        if trimmed.contains("canImport(Darwin)") || trimmed.contains("os(macOS)") { blocks[blocks.count - 1].darwin = true }
      } else if trimmed.hasPrefix("#endif"), let block = blocks.popLast() {
        if let line = block.glibcLine, !block.darwin { found.append(line) }
      } else if trimmed == "import Glibc" {
        // Outside any `#if`, it fails on a Mac at once.
        if blocks.isEmpty { found.append(index + 1) } else { blocks[blocks.count - 1].glibcLine = index + 1 }
      }
    }
    return found
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
