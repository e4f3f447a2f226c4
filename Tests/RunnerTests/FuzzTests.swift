import Foundation
import HostOS
import Renderers
import Reports
import Runner
import Sessions
import Testing
import Tooling

/// A deterministic mutation fuzzer over the whole path: bytes → decoding → lexer → parser →
/// simulation → log. Mutants of the stories in `Scenarios/` must never crash or hang: each
/// ends with exit 0, 1 or 2. `TIPSIM_FUZZ_ITERATIONS` and `TIPSIM_FUZZ_SEED` set a longer run;
/// the input being run is kept in `$TMPDIR/tipsim-fuzz-current.scenario`, so a crash leaves
/// it behind. Every crash found is kept as a fixture in `FuzzFixtures/` and replayed here.
@Suite struct FuzzTests {
  static let environment = ProcessInfo.processInfo.environment
  static let iterations = Int(environment["TIPSIM_FUZZ_ITERATIONS"] ?? "") ?? 300
  static let seed = UInt64(environment["TIPSIM_FUZZ_SEED"] ?? "") ?? 20_261_122

  /// The seed corpus: every story, without the commands that replay the whole session many
  /// times over (population, matrix, whatif), which would only make each run slower.
  static let corpus: [[UInt8]] = {
    let files = GoldenTester(paths: [packageRoot + "/Scenarios"], environment: [:]).scenarioFiles()
    return files.compactMap { path -> [UInt8]? in
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
      let kept = text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
        !["population", "matrix", "whatif"].contains { line.hasPrefix($0) }
      }
      return Array(kept.joined(separator: "\n").utf8)
    }
  }()

  static let snippets: [[UInt8]] =
    [
      "\0", "\u{FEFF}", "\r\n", "\r", "\t", "  ", "\"", "\\", "#", "((((((((((", "))))", "999999999999999999999999", "-1", "0s",
      "99999999w", "1d12h", "2026-02-30T09:00", "2026-11-01T09:00", "advance 1h", "launch", "quit", "open ", "tip x\n  title \"x\"",
      "rule ", " and ", " or not ", ".count(within: 5d)", ".largestSubset(by: k)", "expect shown ", "repeat 3 every 1h: ", "; ",
      "undo", "checkpoint a", "restore a", "next", "日本語", "é", "👍", "%", "=", "==", ":", ".", ",",
    ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE6, 0x97], [0xED, 0xA0, 0x80]]

  static func mutate(_ input: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
    var bytes = input
    for _ in 0..<(1 + Int(rng.next() % 4)) {
      let position = bytes.isEmpty ? 0 : Int(rng.next() % UInt64(bytes.count + 1))
      switch rng.next() % 7 {
      case 0:
        let length = Int(rng.next() % 40)
        bytes.removeSubrange(position..<min(bytes.count, position + length))
      case 1:
        let snippet = snippets[Int(rng.next() % UInt64(snippets.count))]
        bytes.insert(contentsOf: snippet, at: position)
      case 2:
        bytes.insert(UInt8(truncatingIfNeeded: rng.next()), at: position)
      case 3:
        // Splice a piece of another story.
        let other = corpus[Int(rng.next() % UInt64(corpus.count))]
        guard !other.isEmpty else { continue }
        let start = Int(rng.next() % UInt64(other.count))
        bytes.insert(contentsOf: other[start..<min(other.count, start + Int(rng.next() % 120))], at: position)
      case 4:
        // Duplicate a line.
        let lines = bytes.split(separator: 10, omittingEmptySubsequences: false)
        guard !lines.isEmpty else { continue }
        let line = lines[Int(rng.next() % UInt64(lines.count))]
        bytes.insert(contentsOf: Array(line) + [10], at: position)
      case 5:
        bytes = Array(bytes.prefix(position))
      default:
        if position < bytes.count { bytes[position] = UInt8(truncatingIfNeeded: rng.next()) }
      }
    }
    return bytes
  }

  static func run(_ bytes: [UInt8]) -> Int32 { FuzzHarness.run(bytes) }

  @Test func mutantsOfTheStoriesNeverCrashOrHang() throws {
    var rng = SplitMix64(seed: FuzzTests.seed)
    let current = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-fuzz-current.scenario")
    var codes: [Int32: Int] = [:]
    for _ in 0..<FuzzTests.iterations {
      let base = FuzzTests.corpus[Int(rng.next() % UInt64(FuzzTests.corpus.count))]
      let mutant = FuzzTests.mutate(base, &rng)
      try Data(mutant).write(to: current)
      codes[FuzzTests.run(mutant), default: 0] += 1
    }
    // The last mutant stays on disk only when a crash stopped the loop.
    try? FileManager.default.removeItem(at: current)
    #expect(codes.keys.allSatisfy { [0, 1, 2].contains($0) })
    // The mutants reach past the parser: some run to the end.
    #expect((codes[0] ?? 0) + (codes[1] ?? 0) > 0, "\(codes)")
  }

  @Test func fixturesFromEarlierCrashesStillRun() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FuzzFixtures")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for file in files.sorted() where file.hasSuffix(".scenario") {
      let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
      #expect([0, 1, 2].contains(FuzzTests.run(bytes)), "\(file)")
    }
  }

  @Test func theHarnessTouchesNoFilesAndRunsSmallPopulations() {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-sandbox-\(UUID().uuidString).json").path
    for command in ["save-state \(path)", "load-state \(path)", "timeline --svg \(path)"] {
      let report = FuzzTests.sandboxed("launch\n" + command + "\n")
      #expect(report.exitCode == 2)
      #expect(report.errors.contains("sandboxed run does not allow"), "\(report.errors)")
    }
    #expect(!FileManager.default.fileExists(atPath: path))
    let population = FuzzTests.sandboxed("event e\ncohort all 100%\n  donate e 1 per day fixed\npopulation 100000 for 3d seed 1\n")
    #expect(population.exitCode == 0, "\(population.errors)")
    #expect(population.transcript.contains("population: 20 users × 3 days"), "\(population.transcript)")
    #expect(FuzzHarness.run(Array("launch\nsave-state \(path)\n".utf8)) == 2)
  }

  static func sandboxed(_ source: String) -> RunReport {
    var session = Session()
    session.isSandboxed = true
    return ScenarioRunner.run(source: source, session: session, options: RunOptions(format: .text(.plain)))
  }

  @Test(arguments: [
    ("NUL byte", [UInt8]("launch\0\n".utf8), "NUL byte"),
    ("invalid UTF-8", [0x6C, 0x61, 0xFF, 0x0A], "not valid UTF-8"),
  ])
  func badBytesAreRefusedWithAClearError(name: String, bytes: [UInt8], message: String) {
    guard case .failure(let problem) = ScenarioFile.decode(Data(bytes)) else {
      Issue.record("\(name) was accepted")
      return
    }
    #expect(problem.message.contains(message))
  }

  /// Run on a thread with the stack a Mac gives every thread but the main one, as a library's
  /// caller may run them.
  @Test func hostileInputGetsCleanErrorsOnAMacsThreadStack() {
    let cases: [(String, String)] = [
      ("tip t\n  title \"T\"\n  rule " + String(repeating: "not ", count: 200) + "true", "nested more than 32 levels"),
      (
        "tip t\n  title \"T\"\n  rule " + String(repeating: "(", count: 500) + "true" + String(repeating: ")", count: 500),
        "nested more than 32 levels"
      ),
      ("advance " + String(repeating: "9", count: 30) + "d", "too large"),
      ("set x " + String(repeating: "1", count: 40), "too large"),
      (String(repeating: "x", count: 20_000), "longer than 10000 characters"),
      ("launch\r\nadvance 1h\r\n", ""),
    ]
    let reports = HostOS.onThread(stackSize: HostOS.secondaryThreadStack) { cases.map { ScenarioRunner.run(source: $0.0) } }
    for ((_, message), report) in zip(cases, reports) {
      if message.isEmpty {
        #expect(report.exitCode == 0, "\(report.errors)")
      } else {
        #expect(report.exitCode == 2)
        #expect(report.errors.contains(message), "\(report.errors)")
      }
    }
  }
}

/// Output to a closed pipe (`tipsim run x | head -1`) ends quietly, with status 0.
@Suite struct ClosedPipeTests {
  @Test func aClosedPipeEndsTheRunQuietly() throws {
    let binary = try #require(StateFileKillTests.binary, "build tipsim first")
    // Far more output than a pipe buffers (64 KiB), so the writes after the close fail.
    let scenario = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-pipe-\(UUID().uuidString).scenario")
    try "start 2026-11-02T08:00\nevent e\nlaunch\nrepeat 20000 every 1m: donate e\n".write(to: scenario, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: scenario) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["run", scenario.path]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Read one line, then close the reading end, as `head -1` does.
    var first = Data()
    while !first.contains(10) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      first.append(chunk)
    }
    try output.fileHandleForReading.close()
    process.waitUntilExit()
    #expect(first.starts(with: Array("2026-11-02 08:00:00  launch".utf8)))
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 0)
    #expect(errors.fileHandleForReading.readDataToEndOfFile().isEmpty)
  }
}
