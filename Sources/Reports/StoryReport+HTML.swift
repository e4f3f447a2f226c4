import Simulation
import TipEngine

/// The report as one self-contained HTML page: no network, no framework; a few lines of
/// inline script show a mark's reason on hover or tap (its tooltip and the mark list below
/// work without them). Readable in dark mode, printable.
extension StoryReport {
  public func html() -> String {
    var out: [String] = [
      "<!doctype html>", #"<html lang="en">"#, "<head>", #"<meta charset="utf-8">"#,
      #"<meta name="viewport" content="width=device-width, initial-scale=1">"#, #"<meta name="color-scheme" content="light dark">"#,
      "<title>\(e(title)) · TipSim report</title>", "<style>", StoryReport.css, "</style>", "</head>", "<body>", "<main>",
      "<header>", "<h1>\(e(title))</h1>", #"<p class="sub">\#(e(span(of: story))). Simulated by TipSim, not measured on a device.</p>"#,
      "</header>",
    ]
    if let plan { out += section("targets", "Targets", targetsBox(plan).flatMap(\.html)) }
    out += section("findings", "What to look at first", findings().flatMap(\.html))
    out += section("inputs", "Inputs", inputs().flatMap(\.html))
    out += section("summary", "What each tip does", summaryRows(story))
    var timeline = [#"<div class="stories\#(alternatives.count == 1 ? " pair" : "")">"#]
    let axis = ChartAxis(report: self, stories: stories)
    for item in stories {
      timeline += ["<figure>", "<figcaption>\(e(item.label))</figcaption>", chart(item, axis: axis), "</figure>"]
    }
    timeline += [
      "</div>",
      #"<p id="reason" class="reason" aria-live="polite">Hover over or tap a mark to read what happened and why.</p>"#,
      legend(),
    ]
    out += section("timeline", "Timeline", timeline)
    for (index, alternative) in alternatives.enumerated() {
      let id = alternatives.count == 1 ? "whatif" : "whatif-\(PlanResult.letter(index))"
      let name = alternativeName(index)
      out += section(id, "With \(name)", [#"<p class="sub">\#(e(span(of: alternative.story))).</p>"#] + summaryRows(alternative.story))
    }
    if let population {
      out += section("population", "Across many users", populationSection(population))
      if alternatives.count > 1 {
        out += section("whatif-population", "The same users under each change", sideBySide(population, alternatives).flatMap(\.html))
      } else if let whatIfPopulation, let whatIf {
        out += section(
          "whatif-population", "The same users with \(whatIf.label)",
          comparison(population, whatIfPopulation, change: whatIf.label).flatMap(\.html))
      }
    }
    out += section("marks", "Every mark, with its reason", markList(stories))
    out += ["</main>", "<script>", StoryReport.script, "</script>", "</body>", "</html>"]
    return out.joined(separator: "\n") + "\n"
  }

  private func section(_ id: String, _ title: String, _ body: [String]) -> [String] {
    [#"<section id="\#(id)">"#, "<h2>\(e(title))</h2>"] + body + ["</section>"]
  }

  private func summaryRows(_ story: Story) -> [String] {
    var out = [
      #"<div class="scroll"><table class="summary">"#,
      "<thead><tr><th>Tip</th><th>First shown</th><th class=\"n\">Displays</th><th class=\"n\">On screen</th><th>Last shown</th><th>At the end</th></tr></thead>",
      "<tbody>",
    ]
    for s in story.summaries {
      let first = s.firstShown.map { e(when($0)) } ?? #"<span class="never">never</span>"#
      out.append(
        "<tr><td><strong>\(e(s.title))</strong><br><code>\(e(s.tip))</code></td><td class=\"when\">\(first)</td><td class=\"n\">\(s.displays)</td>"
          + "<td class=\"n\">\(e(s.onScreen.description))</td><td class=\"when\">\(s.lastShown.map { e(when($0)) } ?? "—")</td>"
          + "<td>\(ReportBlock.inline(s.end))</td></tr>")
    }
    return out + ["</tbody>", "</table></div>"]
  }

  private func legend() -> String {
    let items = Timeline.Mark.allCases.reversed().filter { $0 != .nothing }.map { mark in
      #"<span><i class="k \#(StoryReport.cssClass(mark))"></i>\#(e(TimelineSVG.shortLabel(mark)))</span>"#
    }
    return #"<p class="legend">\#(items.joined(separator: " "))</p>"#
  }

  private func markList(_ stories: [Story]) -> [String] {
    var out: [String] = []
    for story in stories {
      if stories.count > 1 { out.append("<h3>\(e(story.label))</h3>") }
      for summary in story.summaries {
        let marks = story.marks.filter { $0.tip == summary.tip }
        out.append(
          "<details><summary>\(e(summary.title)) <code>\(e(summary.tip))</code> · \(marks.count) mark\(marks.count == 1 ? "" : "s")</summary>"
        )
        if marks.isEmpty {
          out.append(#"<p class="sub">No display, suppression or invalidation of it was logged.</p>"#)
        } else {
          out.append(#"<div class="scroll"><table class="marks"><tbody>"#)
          for mark in marks {
            let device = mark.device.map { " [\(e($0))]" } ?? ""
            out.append(
              #"<tr><td class="when">\#(e(when(mark.at)))\#(device)</td><td><i class="k \#(StoryReport.cssClass(mark.kind))"></i></td><td>\#(mark.words.map { e(StoryReport.plain($0)) }.joined(separator: "<br>"))</td></tr>"#
            )
          }
          out.append("</tbody></table></div>")
        }
        out.append("</details>")
      }
    }
    return out
  }

  private func populationSection(_ p: PopulationReport) -> [String] {
    var out = [#"<p class="sub">\#(e(populationHeading(p))). Reach: the share of users who saw the tip at least once.</p>"#]
    out += acrossUsers(p).flatMap(\.html)
    out.append(#"<div class="reach">"#)
    for figures in p.tips { out.append(reachChart(figures, cohorts: p.cohorts.map(\.0))) }
    out.append("</div>")
    return out
  }

  func e(_ text: String) -> String { TimelineSVG.escape(text) }

  static func cssClass(_ mark: Timeline.Mark) -> String {
    switch mark {
    case .shown: "shown"
    case .invalidated: "invalidated"
    case .suppressedByFrequency: "frequency"
    case .suppressedByRules: "rules"
    case .suppressed, .nothing: "other"
    }
  }

  static let script = """
    (function () {
      var out = document.getElementById("reason");
      var marks = document.querySelectorAll(".m");
      function show(mark) {
        for (var i = 0; i < marks.length; i++) marks[i].classList.remove("sel");
        mark.classList.add("sel");
        out.textContent = mark.getAttribute("data-r");
      }
      for (var i = 0; i < marks.length; i++) {
        (function (mark) {
          mark.addEventListener("mouseenter", function () { show(mark); });
          mark.addEventListener("focus", function () { show(mark); });
          mark.addEventListener("click", function () { show(mark); });
        })(marks[i]);
      }
      window.addEventListener("beforeprint", function () {
        var all = document.querySelectorAll("details");
        for (var i = 0; i < all.length; i++) all[i].open = true;
      });
    })();
    """

  static let css = """
    :root { --bg: #ffffff; --fg: #1d1f23; --muted: #5b616b; --line: #d9dce1; --lane: #f3f4f6; --head: #f7f8fa;
      --shown: #2e9d4f; --invalidated: #d0342c; --frequency: #e09100; --rules: #7b818c; --other: #b7bcc4; --accent: #2f6fde; }
    @media (prefers-color-scheme: dark) {
      :root { --bg: #16181c; --fg: #e7e9ec; --muted: #a3a9b3; --line: #3a3f47; --lane: #22252b; --head: #1e2126;
        --shown: #4cc26e; --invalidated: #ff6b61; --frequency: #ffb340; --rules: #9aa1ad; --other: #5d636d; --accent: #7aa7ff; }
    }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; }
    main { max-width: 1180px; margin: 0 auto; padding: 24px 20px 48px; }
    #findings { background: var(--head); border-left: 4px solid var(--accent); padding: 2px 16px 8px; margin-top: 20px; }
    #findings h2 { border-bottom: none; margin-top: 12px; }
    #findings li { margin: 6px 0; }
    h1 { font-size: 26px; margin: 0 0 4px; }
    h2 { font-size: 19px; margin: 32px 0 10px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
    h3 { font-size: 16px; margin: 18px 0 6px; }
    .sub { color: var(--muted); margin: 4px 0 12px; }
    code { font: 12px/1.3 ui-monospace, Menlo, Consolas, monospace; color: var(--muted); }
    .scroll { overflow-x: auto; }
    table { border-collapse: collapse; width: 100%; }
    th, td { text-align: left; vertical-align: top; padding: 7px 9px; border-bottom: 1px solid var(--line); }
    th { background: var(--head); font-weight: 600; font-size: 13px; }
    td.n, th.n { text-align: right; white-space: nowrap; }
    .never { color: var(--muted); font-style: italic; }
    td.when { white-space: nowrap; }
    .stories { display: grid; grid-template-columns: 1fr; gap: 16px; }
    .stories.pair { grid-template-columns: 1fr 1fr; }
    @media (max-width: 900px) { .stories.pair { grid-template-columns: 1fr; } }
    figure { margin: 0; }
    figcaption { font-weight: 600; margin-bottom: 4px; }
    svg { width: 100%; height: auto; display: block; }
    svg text { fill: var(--fg); font: 12px Helvetica, Arial, sans-serif; }
    svg text.small { fill: var(--muted); font-size: 11px; }
    svg .lane { fill: var(--lane); }
    svg .grid { stroke: var(--line); stroke-width: 1; }
    svg .grid.week { stroke: var(--muted); }
    .m { cursor: pointer; outline: none; }
    .m.sel > *, .m:focus > * { stroke: var(--accent); stroke-width: 2.5; }
    .shown { fill: var(--shown); background: var(--shown); }
    .invalidated { fill: var(--invalidated); background: var(--invalidated); stroke: var(--invalidated); }
    .frequency { fill: var(--frequency); background: var(--frequency); }
    .rules { fill: var(--rules); background: var(--rules); }
    .other { fill: var(--other); background: var(--other); }
    i.k { display: inline-block; width: 11px; height: 11px; border-radius: 2px; margin: 0 5px 0 12px; vertical-align: -1px; }
    .legend i.k:first-child { margin-left: 0; }
    .legend { color: var(--muted); font-size: 13px; }
    .reason { white-space: pre-wrap; min-height: 3.2em; padding: 8px 10px; background: var(--head); border-left: 3px solid var(--accent); font: 13px/1.4 ui-monospace, Menlo, Consolas, monospace; }
    details { margin: 4px 0; }
    summary { cursor: pointer; padding: 4px 0; }
    table.marks td { font-size: 13px; padding: 4px 8px; }
    table.marks td.when { color: var(--muted); }
    .reach { display: grid; grid-template-columns: repeat(auto-fill, minmax(340px, 1fr)); gap: 12px; margin-top: 12px; }
    .reach svg .line { fill: none; stroke-width: 2; }
    .reach svg .overall { stroke: var(--fg); stroke-width: 2.5; }
    @media print {
      body { background: #ffffff; color: #000000; font-size: 11pt; }
      main { max-width: none; padding: 0; }
      .reason { display: none; }
      .stories.pair { grid-template-columns: 1fr; }
      section, figure, tr { break-inside: avoid; }
      details > summary { list-style: none; }
    }
    """
}
