import Foundation
import Reports
import Runner
import Sessions
import Testing

/// The headless browser the page is rendered in, if one is installed.
enum Browser {
  static let path: String? = {
    let candidates = [
      "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome",
      "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// On Linux `.ci/setup` installs Chromium: its absence is a failure there, not a skip.
  #if os(Linux)
    static let isRequired = true
  #else
    static let isRequired = false
  #endif
}

/// The report as a browser shows it: headless Chromium (Debian's `chromium`, which
/// `.ci/setup` installs) renders a story's page, runs its script and prints it. On Linux a
/// missing browser fails the test; elsewhere it is skipped when none is installed.
@Suite(.enabled(if: Browser.path != nil || Browser.isRequired, "no Chromium or Chrome installed"))
struct BrowserTests {
  /// A story with cohorts, rendered with a what-if beside it: every part of the page.
  static func page() throws -> String {
    let file = "\(packageRoot)/Scenarios/habit-plan.scenario"
    var session = Session()
    session.skipsReports = true
    let run = ScenarioRunner.run(file: file, session: session)
    #expect(run.exitCode == 0, "\(run.errors)")
    return try StoryReport(session: run.session, whatIf: .frequency(.weekly)).html()
  }

  /// The five-tip plan with three cohorts (one weekend-only), its title and its what-if.
  static func lessonPlan() throws -> String {
    var session = Session()
    session.skipsReports = true
    let run = ScenarioRunner.run(file: "\(packageRoot)/Scenarios/lesson-plan.scenario", session: session)
    #expect(run.exitCode == 0, "\(run.errors)")
    return try StoryReport(session: run.session, whatIf: .frequency(.weekly), title: "Lessons: the five-tip plan").html()
  }

  /// The meal plan's page: its Targets box (the plan's best option as the what-if), with
  /// cohort shares that add up to 110%.
  static func mealPlan() throws -> StoryReport {
    var session = Session()
    session.skipsReports = true
    let source = try String(contentsOfFile: "\(packageRoot)/Scenarios/meal-plan.scenario", encoding: .utf8)
      .replacingOccurrences(of: "cohort power 20%", with: "cohort power 30%")
    let run = ScenarioRunner.run(source: source, session: session)
    #expect(run.exitCode == 0, "\(run.errors)")
    return try StoryReport(session: run.session, title: "Meal plan")
  }

  /// Runs the browser on `page` (written to a file of its own) with `arguments`; its standard
  /// output, and its log (where the page's console messages and errors go).
  func render(_ page: String, _ arguments: [String]) throws -> (out: String, log: String, folder: URL) {
    let browser = try #require(Browser.path, "install Chromium: bash .ci/setup (apt-get install chromium)")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-browser-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("report.html")
    try page.write(to: file, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: browser)
    process.arguments =
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--enable-logging=stderr", "--v=0",
        "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
      ] + arguments + [file.absoluteString]
    let log = folder.appendingPathComponent("log.txt")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let logHandle = try FileHandle(forWritingTo: log)
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = logHandle
    process.currentDirectoryURL = folder
    try process.run()
    // A browser that hangs is stopped rather than holding the suite.
    let watchdog = DispatchWorkItem { process.terminate() }
    DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: watchdog)
    let out = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    watchdog.cancel()
    try logHandle.close()
    return (String(decoding: out, as: UTF8.self), try String(contentsOf: log, encoding: .utf8), folder)
  }

  /// The page's console lines: any message, error or uncaught exception.
  func consoleLines(_ log: String) -> [String] { log.split(separator: "\n").map(String.init).filter { $0.contains(":CONSOLE") } }

  @Test func thePageRendersWithItsContentAndNoConsoleMessage() throws {
    let (dom, log, folder) = try render(try Self.page(), ["--dump-dom"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(consoleLines(log).isEmpty, "\(consoleLines(log))")
    // Not a blank page: the rendered DOM holds the summary, both timelines and the population.
    #expect(dom.contains("<h2>What each tip does</h2>"), "\(dom.prefix(400))")
    #expect(dom.contains("Keep your streak going") && dom.contains("day 4 · 2026-11-05 08:00"))
    #expect(dom.components(separatedBy: "<figure>").count - 1 == 2)
    #expect(dom.contains("Across many users") && dom.contains("reach by day"))
  }

  @Test func theTargetsBoxComesFirstWithEveryFigureAndTheSharesWarningStandsBesideTheShares() throws {
    let probe = """
      <script>
      var sections = Array.from(document.querySelectorAll("main > section")).map(function (s) { return s.id; });
      document.body.setAttribute("data-sections", sections.slice(0, 2).join(","));
      var cells = Array.from(document.querySelectorAll("#targets td"));
      var hidden = cells.filter(function (c) { var r = c.getBoundingClientRect(); return r.width < 1 || r.height < 1; });
      document.body.setAttribute("data-cells", cells.length + "/" + hidden.length);
      var note = Array.from(document.querySelectorAll("#population p")).filter(function (p) { return p.textContent.indexOf("cohort shares add up to 110.0%") >= 0; });
      var table = document.querySelector("#population table");
      document.body.setAttribute("data-note", note.length === 1 && table && (note[0].compareDocumentPosition(table) & 4) ? "before-table" : "missing");
      </script>
      """
    let report = try Self.mealPlan()
    let page = report.html().replacingOccurrences(of: "</body>", with: probe + "\n</body>")
    let (dom, log, folder) = try render(page, ["--dump-dom"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(consoleLines(log).isEmpty, "\(consoleLines(log))")
    #expect(dom.contains(#"data-sections="targets,findings""#), "\(dom.prefix(400))")
    // Five targets, three cells each, none laid out empty.
    #expect(dom.contains(#"data-cells="15/0""#), "\(dom.prefix(400))")
    #expect(dom.contains(#"data-note="before-table""#))
    // The reasons in the events' labels; the what-if is the plan's closest option.
    #expect(dom.contains("No option meets every target.") && dom.contains("never made a meal plan"), "\(dom)")
    let closest = try #require(report.plan?.closest?.changes.joined(separator: "; "))
    #expect(!closest.isEmpty && dom.contains("<h2>With \(closest.replacingOccurrences(of: ">", with: "&gt;"))</h2>"), "\(closest)")
  }

  @Test func threeWhatIfsStandSideBySideAndEveryColumnIsLaidOut() throws {
    var session = Session()
    session.skipsReports = true
    let run = ScenarioRunner.run(file: "\(packageRoot)/Scenarios/habit-plan.scenario", session: session)
    #expect(run.exitCode == 0, "\(run.errors)")
    let page = try StoryReport(
      session: run.session,
      whatIfs: [[.frequency(.weekly)], [.frequency(.immediate)], [.tipOption(tip: "logTip", option: "maxDisplayCount", .count(1))]]
    ).html()
    let probe = """
      <script>
      var heads = Array.from(document.querySelectorAll("#whatif-population th")).map(function (h) { return h.textContent; });
      document.body.setAttribute("data-heads", heads.slice(0, 6).join(","));
      var cells = Array.from(document.querySelectorAll("#whatif-population td"));
      var hidden = cells.filter(function (c) { var r = c.getBoundingClientRect(); return r.width < 1 || r.height < 1; });
      document.body.setAttribute("data-hidden", String(hidden.length));
      document.body.setAttribute("data-figures", String(document.querySelectorAll(".stories figure").length));
      </script>
      """
    let (dom, log, folder) = try render(page.replacingOccurrences(of: "</body>", with: probe + "\n</body>"), ["--dump-dom"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(consoleLines(log).isEmpty, "\(consoleLines(log))")
    #expect(dom.contains(#"data-heads="Tip,Users,As planned,A,B,C""#), "\(dom.prefix(300))")
    #expect(dom.contains(#"data-hidden="0""#) && dom.contains(#"data-figures="4""#))
    #expect(dom.contains("<h2>With C: logTip.maxDisplayCount 1</h2>"))
  }

  @Test func tappingAMarkShowsItsReason() throws {
    // The page as written, and a test's script after its own that taps the first display.
    let tap = """
      <script>
      var mark = document.querySelector(".m");
      mark.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      document.body.setAttribute("data-after-tap", document.getElementById("reason").textContent);
      document.body.setAttribute("data-selected", document.querySelectorAll(".m.sel").length);
      </script>
      """
    let page = try Self.page().replacingOccurrences(of: "</body>", with: tap + "\n</body>")
    let (dom, log, folder) = try render(page, ["--dump-dom"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(consoleLines(log).isEmpty, "\(consoleLines(log))")
    #expect(dom.contains(#"data-after-tap="day 1 · 2026-11-02 08:00 · logTip shown"#), "\(dom.prefix(600))")
    #expect(dom.contains(#"data-selected="1""#))
  }

  /// The page's colours as the browser computes them, light and dark (Blink's
  /// `preferredColorScheme`: 0 dark, 1 light).
  @Test(arguments: [(0, "rgb(22, 24, 28)"), (1, "rgb(255, 255, 255)")])
  func thePageFollowsTheSystemsColourScheme(scheme: Int, background: String) throws {
    let probe = #"<script>document.body.setAttribute("data-bg", getComputedStyle(document.body).backgroundColor);</script>"#
    let page = try Self.page().replacingOccurrences(of: "</body>", with: probe + "\n</body>")
    let (dom, log, folder) = try render(page, ["--blink-settings=preferredColorScheme=\(scheme)", "--dump-dom"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(dom.contains(#"data-bg="\#(background)""#), "\(dom.prefix(300))")
    #expect(consoleLines(log).isEmpty, "\(consoleLines(log))")
  }

  @Test func thePagePrints() throws {
    let (_, log, folder) = try render(try Self.page(), ["--print-to-pdf=report.pdf", "--no-pdf-header-footer"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let pdf = try Data(contentsOf: folder.appendingPathComponent("report.pdf"))
    #expect(pdf.starts(with: Array("%PDF".utf8)), "\(log.suffix(600))")
    // A blank page prints to about 1 KB; the report, its text and fonts, to far more.
    #expect(pdf.count > 20_000, "\(pdf.count) bytes")
    #expect(consoleLines(log).isEmpty, "\(consoleLines(log))")
  }

  /// Each chart's text as the browser lays it out: a label that runs past its SVG's width (or
  /// before its left edge), or a lane title that runs into its lane, is clipped or covered.
  @Test func theLessonPlanPageAnswersTheTeamsQuestionsAndNoLabelIsClipped() throws {
    let probe = """
      <script>
      var clipped = [];
      var svgs = document.querySelectorAll("svg");
      for (var i = 0; i < svgs.length; i++) {
        var svg = svgs[i];
        var width = svg.viewBox.baseVal.width;
        var lane = svg.querySelector("rect.lane");
        var laneX = lane ? lane.x.baseVal.value : width;
        var texts = svg.querySelectorAll("text");
        for (var j = 0; j < texts.length; j++) {
          var box = texts[j].getBBox();
          var inLabels = texts[j].getAttribute("x") === "8";
          if (box.x < -0.5 || box.x + box.width > width + 0.5 || (inLabels && box.x + box.width > laneX)) {
            clipped.push(texts[j].textContent + " [" + Math.round(box.x) + "+" + Math.round(box.width) + " of " + width + "]");
          }
        }
      }
      document.body.setAttribute("data-clipped", clipped.join(" | "));
      document.body.setAttribute("data-svgs", svgs.length);
      document.body.setAttribute("data-findings", document.querySelectorAll("#findings li").length);
      </script>
      """
    let page = try Self.lessonPlan().replacingOccurrences(of: "</body>", with: probe + "\n</body>")
    let (dom, log, folder) = try render(page, ["--window-size=1280,2000", "--dump-dom"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(consoleLines(log).isEmpty, "\(consoleLines(log))")
    #expect(dom.contains(#"data-clipped="""#), "\(dom.components(separatedBy: "data-clipped=").dropFirst().first?.prefix(600) ?? "")")
    // Long titles wrap in full rather than end in "…".
    #expect(!dom.contains("…</text>") && dom.contains(">Try speaking</text>"))
    // Two timelines and a reach chart per tip.
    #expect(dom.contains(#"data-svgs="7""#))
    #expect(dom.contains("<title>Lessons: the five-tip plan · TipSim report</title>"))
    // The findings box: the tip that returns until closed, and who never sees what, and why.
    #expect(!dom.contains(#"data-findings="0""#))
    #expect(dom.contains("comes back at every eligible visit until the user closes it"))
    #expect(dom.contains("by 100.0% of weekend users (lessonStarted happened fewer than 3 times in the last 7 days: 100.0%)"))
    // The inputs: rules as written and in words, each cohort's usage lines.
    #expect(
      dom.contains("<code>lessonStarted.count(within: 1w) &gt;= 3</code>: lessonStarted happened at least 3 times in the last 7 days"))
    #expect(dom.contains("<code>donate lessonDone 2 per week on sat,sun at 10:15</code>: does lessonDone once a day on weekends"))
    // The same users under the change, with the differences.
    #expect(dom.contains(#"<section id="whatif-population">"#))
    #expect(dom.contains("day 4 → day 15 (11 days later)"))
    // Rule numbers and policy names stay in `why`.
    #expect(dom.range(of: #"rule \d"#, options: .regularExpression) == nil)
    #expect(!dom.contains("cooldownStart"))
  }
}
