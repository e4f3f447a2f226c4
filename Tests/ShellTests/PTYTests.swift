import Foundation
import Reports
import Sessions
import Testing

/// End-to-end tests: the real `tipsim` binary driven through a pseudo-terminal with a window
/// size and EDITRC=/dev/null (Support/pty_driver.py does the terminal work).
@Suite(.serialized) struct PTYTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

  /// The built `tipsim` next to this test bundle, or in `.build/debug`.
  static var binary: String? {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tipsim").path,
      root + "/.build/debug/tipsim",
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  struct Result: Decodable {
    var output: String
    var status: Int?
    var failed: [JSONStep]?
  }

  enum JSONStep: Decodable, CustomStringConvertible {
    case text(String)
    case number(Double)
    init(from decoder: any Decoder) throws {
      let c = try decoder.singleValueContainer()
      if let s = try? c.decode(String.self) { self = .text(s) } else { self = .number(try c.decode(Double.self)) }
    }
    var description: String {
      switch self {
      case .text(let s): s
      case .number(let n): String(n)
      }
    }
  }

  /// Runs the binary through the driver. Without a `history` path the run gets a fresh history
  /// file, removed afterwards with its lock.
  func drive(_ steps: [[Any]], arguments: [String] = [], history: String? = nil) throws -> Result {
    guard let history else {
      let history = temporaryHistory()
      defer { removeHistory(history) }
      return try drive(steps, arguments: arguments, history: history)
    }
    let binary = try #require(PTYTests.binary, "build tipsim first (swift build)")
    let spec: [String: Any] = [
      "argv": [binary] + arguments,
      "env": ["EDITRC": "/dev/null", "TERM": "xterm", "NO_COLOR": "1", "TIPSIM_HISTORY": history, "LANG": utf8Locale],
      "steps": steps,
    ]
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", PTYTests.root + "/Tests/ShellTests/Support/pty_driver.py"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: spec))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return try JSONDecoder().decode(Result.self, from: data)
  }

  func temporaryHistory() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-history-\(UUID().uuidString)").path
  }

  func removeHistory(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
    try? FileManager.default.removeItem(atPath: path + ".lock")
  }

  let prompt = "tipsim> "

  @Test func typingWithTabCompletion() throws {
    let result = try drive(
      [
        ["wait", prompt], ["send", "open back\t\r"], ["wait", "shown +addBackyard"], ["send", "why favoriteBa\t\r"],
        ["wait", "Save as a Favorite"], ["wait", prompt],
        ["send", "\u{4}"], ["eof", 10, "\u{4}"],
      ])
    #expect(result.failed == nil, "\(result.output)")
    #expect(result.output.contains("open backyards"))
    #expect(result.status == 0)
  }

  @Test func historyIsRecalledWithTheUpArrowAcrossTwoRuns() throws {
    let history = temporaryHistory()
    defer { removeHistory(history) }
    let first = try drive(
      [
        ["wait", prompt], ["send", "status favoriteBackyard\r"], ["wait", "displays 0 of 5"], ["wait", prompt], ["send", "\u{4}"],
        ["eof", 10, "\u{4}"],
      ], history: history)
    #expect(first.failed == nil, "\(first.output)")
    let second = try drive(
      [
        ["wait", prompt], ["send", "\u{1B}[A\r"], ["wait", "displays 0 of 5"], ["wait", prompt], ["send", "\u{4}"], ["eof", 10, "\u{4}"],
      ], history: history)
    #expect(second.failed == nil, "\(second.output)")
    #expect(second.status == 0)
  }

  @Test func ctrlCCancelsTheLineAndCtrlDLeavesWithStatusZero() throws {
    let result = try drive(
      [
        ["wait", prompt], ["send", "opn garbage"], ["wait", "opn garbage"], ["send", "\u{3}"], ["wait", prompt], ["send", "tip half\r"],
        ["wait", "\\.\\.\\.> "],
        ["send", "\u{3}"], ["wait", prompt], ["send", "status\r"], ["wait", "addBackyard +available"], ["wait", prompt], ["send", "\u{4}"],
        ["eof", 10, "\u{4}"],
      ])
    #expect(result.failed == nil, "\(result.output)")
    #expect(!result.output.contains("unknown command"))
    #expect(result.output.contains("tip block cancelled"))
    #expect(result.status == 0)
  }

  @Test func aCtrlCPressedWhileTheEditorIsBusyEchoingIsNotLost() throws {
    // Ctrl-C at varying instants after a burst of keys: some land while libedit echoes them,
    // between two reads. libedit's own reader lost about 2% of those; each must give a prompt.
    var steps: [[Any]] = [["wait", prompt]]
    for round in 0..<120 {
      steps += [["send", "opn garbage"], ["pause", Double(round % 40) * 0.000_05], ["send", "\u{3}"], ["wait", prompt, 3]]
    }
    steps += [["send", "\u{4}"], ["eof", 10, "\u{4}"]]
    let result = try drive(steps)
    #expect(result.failed == nil, "\(result.output.suffix(400))")
    #expect(!result.output.contains("unknown command"))
    #expect(result.status == 0)
  }

  @Test func aPopulationsProgressBarIsErasedBeforeItsReport() throws {
    let result = try drive(
      [
        ["wait", prompt], ["send", "cohort everyone 100%\r"], ["wait", "\\.\\.\\.> "], ["send", "  open backyards 1 per day poisson\r"],
        ["wait", "\\.\\.\\.> "], ["send", "\r"], ["wait", prompt], ["send", "population 300 for 3d\r"], ["wait", "held back"],
        ["wait", prompt],
        ["send", "\u{4}"], ["eof", 10, "\u{4}"],
      ])
    #expect(result.failed == nil, "\(result.output)")
    #expect(result.output.contains("/300 users"), "a bar was drawn")
    #expect(result.output.contains("\r\u{1B}[Kpopulation: 300 users"))
  }

  @Test func ctrlCStopsALongPopulationAndKeepsTheSession() throws {
    // A million users would take minutes in a debug build: only Ctrl-C brings the prompt back.
    let result = try drive(
      [
        ["wait", prompt], ["send", "cohort everyone 100%\r"], ["wait", "\\.\\.\\.> "], ["send", "  open backyards 1 per day poisson\r"],
        ["wait", "\\.\\.\\.> "], ["send", "\r"], ["wait", prompt], ["send", "population 1000000 for 14d\r"], ["wait", "/1000000 users"],
        ["send", "\u{3}"], ["wait", "population stopped after [0-9]+ of 1000000 users: no report"], ["wait", prompt],
        ["send", "status addBackyard\r"], ["wait", "addBackyard +available"], ["wait", prompt], ["send", "\u{4}"], ["eof", 10, "\u{4}"],
      ])
    #expect(result.failed == nil, "\(result.output.suffix(600))")
    #expect(result.status == 0)
  }

  @Test func linesAndTheEndOfInputTypedWhileACommandRunsAreKept() throws {
    // Typed while the population runs: two lines, then Ctrl-D (which the terminal's line mode
    // turns into a read of nothing, and libedit's raw mode into a NUL).
    let result = try drive(
      [
        ["wait", prompt], ["send", "population 3000 for 30d\r"], ["wait", "/3000 users"], ["send", "status addBackyard\r"],
        ["send", "advance 1d\r"], ["send", "\u{4}"], ["wait", "held back"], ["wait", "addBackyard +available"],
        ["wait", "day 2"], ["eof", 20],
      ])
    #expect(result.failed == nil, "\(result.output.suffix(800))")
    #expect(result.status == 0)
    let status = try #require(result.output.range(of: "tipsim> status addBackyard"))
    #expect(result.output[status.upperBound...].contains("tipsim> advance 1d"))
  }

  @Test func aJapaneseTitleIsTypedAndEchoedIntact() throws {
    let result = try drive(
      [
        ["wait", prompt], ["send", "tip colleagues\r"], ["wait", "\\.\\.\\.> "], ["send", "  title \"Eightを利用している同僚がわかるようになりました\"\r"],
        ["wait", "\\.\\.\\.> "], ["send", "\r"], ["wait", prompt], ["send", "why colleagues\r"],
        ["wait", "colleagues \"Eightを利用している同僚がわかるようになりました\""], ["wait", prompt],
        ["send", "\u{4}"], ["eof", 10, "\u{4}"],
      ])
    #expect(result.failed == nil, "\(result.output)")
  }

  @Test func anErrorIsFollowedByAGoodCommand() throws {
    let result = try drive(
      [
        ["wait", prompt], ["send", "open detial\r"], ["wait", "did you mean 'detail'\\?"], ["send", "open detail\r"],
        ["wait", "suppressed +favoriteBackyard"], ["wait", prompt],
        ["send", "\u{4}"], ["eof", 10, "\u{4}"],
      ])
    #expect(result.failed == nil, "\(result.output)")
    #expect(result.output.contains("error: unknown screen 'detial'"))
    #expect(result.output.contains("^~~~~~"))
  }

  /// `help` fits the screen and points on; a tip block's word is explained, not "did you mean".
  @Test func helpFitsTheScreenAndExplainsATipBlocksWords() throws {
    let result = try drive(
      [
        ["wait", prompt], ["send", "help\r"], ["wait", "`help all`: every command"], ["wait", prompt],
        ["send", "help maxDisplayCount\r"], ["wait", "invalidated after N displays"], ["wait", prompt],
        ["send", "help rules\r"], ["wait", "largestSubset"], ["wait", prompt],
        ["send", "help tip\r"], ["wait", "style custom|default"], ["wait", prompt],
        ["send", "\u{4}"], ["eof", 10, "\u{4}"],
      ], arguments: ["--empty"])
    #expect(result.failed == nil, "\(result.output)")
    #expect(!result.output.contains("did you mean"))
    // `help tip`'s two columns never run together: a long syntax puts its words below.
    #expect(
      result.output.contains(
        "anchor SCREEN.ANCHOR [inline|popover] [via collectionViewCell|anchorID]\r\n" + String(repeating: " ", count: 32)
          + "where it appears"))
    #expect(!result.output.contains("popover]where") && !result.output.contains("[false]may"))
  }

  /// A tip block with a bad line keeps its good lines: the corrected line completes it.
  @Test func aBadLineOfATipBlockCanBeTypedAgain() throws {
    let result = try drive(
      [
        ["wait", prompt], ["send", "screen home: list\r"], ["wait", prompt],
        ["send", "tip welcome\r"], ["send", "  anchor home.list\r"], ["send", "  maxDisplayCount two\r"], ["send", "\r"],
        ["wait", "the other lines of the block are kept"], ["send", "  maxDisplayCount 2\r"], ["send", "\r"],
        ["wait", "tip welcome \"welcome\": 0 rules, max 2 displays at home.list"], ["wait", prompt],
        ["send", "\u{4}"], ["eof", 10, "\u{4}"],
      ], arguments: ["--empty"])
    #expect(result.failed == nil, "\(result.output)")
  }

  /// A product manager types a definition and sees it was taken; `model` lists the model.
  @Test func aDefinitionAnswersOneLineAndModelShowsTheModel() throws {
    let result = try drive(
      [
        ["wait", prompt], ["send", "screen home: list\r"], ["wait", "screen home: 1 anchor \\(list\\)"], ["wait", prompt],
        ["send", "tip welcome\r"], ["send", "  anchor home.list\r"], ["send", "\r"],
        ["wait", "tip welcome \"welcome\": 0 rules at home.list"], ["wait", prompt],
        ["send", "model\r"], ["wait", "screens:"], ["wait", prompt],
        ["send", "\u{4}"], ["eof", 10, "\u{4}"],
      ], arguments: ["--empty"])
    #expect(result.failed == nil, "\(result.output)")
    #expect(result.output.contains("  welcome \"welcome\": 0 rules at home.list · pending"))
  }

  /// `import` runs tipsim-import (built beside tipsim by `swift build`) and loads what it
  /// writes; a path that cannot be read leaves the session as it was.
  @Test func importLoadsAnAppsSwiftTipsIntoTheSession() throws {
    let app = PTYTests.root + "/Tests/TipImportTests/Fixtures/BirdsApp"
    let result = try drive(
      [
        ["wait", prompt], ["send", "import /nonexistent/App\r"], ["wait", "no such file or folder"], ["wait", prompt],
        ["send", "import \(app)\r"], ["wait", "4 tips, 2 parameters, 2 events, 1 group, 2 screens"], ["wait", prompt],
        ["send", "launch\r"], ["wait", prompt], ["send", "open BackyardListView\r"],
        ["wait", "shown +AddBackyardTip at BackyardListView.AddBackyardTip"], ["wait", prompt],
        ["send", "\u{4}"], ["eof", 10, "\u{4}"],
      ], arguments: ["--empty"])
    #expect(result.failed == nil, "\(result.output)")
    #expect(result.status == 0)
  }

  /// A PM's second session on the demo: days instead of dates, `status` says which day it is,
  /// and `report` writes the page (and its Markdown summary) to send the team.
  @Test func daysStatusAndAReportInTheShell() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-pty-report-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try drive([
      ["wait", prompt], ["send", "open backyards\r"], ["wait", prompt],
      ["send", "advance to day 3 09:00\r"], ["wait", "2d to 2026-11-03 09:00:00"], ["wait", prompt],
      ["send", "status\r"], ["wait", "day 3 since the start"], ["wait", prompt],
      ["send", "advance to day 2\r"], ["wait", "is in the past"], ["wait", prompt],
      ["send", "report \(folder)/plan.html --whatif frequency weekly\r"], ["wait", "wrote \(folder)/plan.html", 90], ["wait", prompt],
      ["send", "report \(folder)/plan.md --title \"Demo plan\"\r"], ["wait", "wrote \(folder)/plan.md"], ["wait", prompt],
      ["send", "report \(folder)/missing/plan.html\r"], ["wait", "cannot write"], ["wait", prompt],
      ["send", "\u{4}"], ["eof", 10, "\u{4}"],
    ])
    #expect(result.failed == nil, "\(result.output)")
    #expect(result.status == 0)
    let html = try String(contentsOfFile: folder + "/plan.html", encoding: .utf8)
    #expect(html.contains("<title>Backyard Birds demo · TipSim report</title>") && html.contains("<h2>With frequency weekly</h2>"))
    #expect(html.contains("Across many users"))
    let markdown = try String(contentsOfFile: folder + "/plan.md", encoding: .utf8)
    #expect(markdown.hasPrefix("# Demo plan\n"))
    #expect(markdown.contains("| addBackyard | Add a backyard | day 1 · 2026-11-01 09:00 |"), "\(markdown)")
  }

  @Test func aHistoryFileThatCannotBeWrittenOnlyCostsAWarning() throws {
    let history = try UnwritableHistory.make()
    defer { UnwritableHistory.remove(history) }
    let result = try drive(
      [
        ["wait", prompt], ["send", "status addBackyard\r"], ["wait", "cannot write the history file"], ["wait", prompt],
        ["send", "open backyards\r"], ["wait", "shown +addBackyard"], ["wait", prompt], ["send", "\u{4}"], ["eof", 10, "\u{4}"],
      ],
      history: history)
    #expect(result.failed == nil, "\(result.output)")
    #expect(result.status == 0)
  }

  /// The executable runs on mimalloc, not glibc's malloc (see `Package.swift`): linked after
  /// the C library, or preloaded over, it would not serve `malloc`, and a long replay would
  /// quietly lose about a tenth of its speed. `tipsim bench` says which allocator serves
  /// `malloc` on its first line; the run is stopped there.
  @Test func theExecutableRunsOnMimallocOnLinux() throws {
    #if os(Linux)
      let binary = try #require(PTYTests.binary, "build tipsim first (swift build)")
      let process = Process()
      process.executableURL = URL(fileURLWithPath: binary)
      process.arguments = ["bench", "--quick"]
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      var first = Data()
      while !first.contains(UInt8(ascii: "\n")) {
        let more = output.fileHandleForReading.availableData
        if more.isEmpty { break }
        first.append(more)
      }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let line = String(decoding: first, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
      #expect(line.hasPrefix("tipsim bench — "), "\(line)")
      #expect(line.contains(", mimalloc 2.") || line.contains(", mimalloc 3."), "\(line)")
      #expect(!line.contains("does not serve malloc"), "\(line)")
    #endif
  }
}

/// A UTF-8 locale the system has: C.UTF-8 on Linux, en_US.UTF-8 on a Mac (which has no C.UTF-8).
#if os(Linux)
  let utf8Locale = "C.UTF-8"
#else
  let utf8Locale = "en_US.UTF-8"
#endif
