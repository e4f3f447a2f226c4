import Simulation
import TipEngine

/// The page's inputs: each tip as defined (where it shows, its conditions as written and in
/// words, its limits), each cohort's usage lines as written and in words, and the one user's
/// story the timeline follows — what a teammate needs to check the answers.
extension StoryReport {
  func inputs() -> [ReportBlock] {
    var blocks: [ReportBlock] = [.paragraph("Display frequency: \(frequencyWords).")]
    var rows: [[String]] = []
    for tip in world.engine.catalog.tips {
      let placement = world.placements[tip.name].map { "\($0.screen).\($0.anchor) (\($0.style.rawValue))" } ?? "no place on a screen"
      let conditions =
        tip.rules.isEmpty
        ? "none: it shows whenever its place is on screen"
        : tip.rules.map { "`\($0)`: \(RuleWords.words($0, labels: RuleWords.Labels(world.engine.catalog)))" }.joined(separator: "\n")
      var options: [String] = []
      if let most = tip.options.maxDisplayCount { options.append("shows at most \(most) time\(most == 1 ? "" : "s")") }
      if let most = tip.options.maxDisplayDuration { options.append("at most \(RuleWords.span(most)) on screen in all") }
      if tip.options.ignoresDisplayFrequency { options.append("ignores the display frequency") }
      for group in world.engine.catalog.groups where group.members.contains(tip.name) {
        options.append("in group \(group.name) (\(group.priority == .ordered ? "in order" : "first available goes first"))")
      }
      if !tip.actions.isEmpty { options.append("\(tip.actions.count) button\(tip.actions.count == 1 ? "" : "s")") }
      rows.append([quoted(tip.name), placement, conditions, options.isEmpty ? "—" : options.joined(separator: "\n")])
    }
    blocks.append(.heading("Tips"))
    blocks.append(.table(header: ["Tip", "Where", "Conditions", "Limits and options"], numeric: [], rows: rows))
    if !cohorts.isEmpty {
      blocks.append(.heading("Cohorts: what each kind of user does"))
      var rows: [[String]] = []
      for (cohort, lines) in cohorts {
        var what = zip(lines.filter(StoryReport.isUsageLine), cohort.usage).map { line, usage in "`\(line)`: \(StoryReport.words(usage))" }
        if cohort.churnPerDay > 0 { what.append("\(PopulationReport.percent(cohort.churnPerDay)) stop using the app each day") }
        for name in cohort.conditions.keys.sorted() { what.append("app condition \(name) is \(cohort.conditions[name] == true)") }
        rows.append([cohort.name, PopulationReport.percent(cohort.share), what.joined(separator: "\n")])
      }
      blocks.append(.table(header: ["Cohort", "Share", "Usage"], numeric: [false, true], rows: rows))
      // Beside the shares it changes, as well as above the figures that use them.
      if let warning = population?.rescalingWarning { blocks.append(.paragraph("Warning: \(warning).")) }
    }
    blocks.append(.heading("The one user the timeline follows"))
    if script.isEmpty {
      blocks.append(.paragraph("The story has no actions: nobody opens the app."))
    } else {
      let shown = script.count > 40 ? Array(script.prefix(40)) : script
      var items = shown.map { "`\($0.replacingOccurrences(of: "\n", with: " · "))`" }
      if script.count > shown.count { items.append("… and \(script.count - shown.count) more lines") }
      blocks.append(.list(items))
    }
    return blocks
  }

  var frequencyWords: String {
    switch world.frequency {
    case .immediate: "immediate: no wait between tips"
    case .hourly: "hourly: after a tip first shows, other tips wait an hour"
    case .daily: "daily: after a tip first shows, other tips wait a day"
    case .weekly: "weekly: after a tip first shows, other tips wait a week"
    case .monthly: "monthly: after a tip first shows, other tips wait a month"
    }
  }

  /// A cohort's usage line, not its `churn` or `condition` line.
  static func isUsageLine(_ line: String) -> Bool { !line.hasPrefix("churn") && !line.hasPrefix("condition") && !line.hasPrefix("#") }

  /// "opens today about 0.7 times a day at random, staying 2 minutes".
  static func words(_ usage: Usage) -> String {
    let what = StoryReport.words(usage.action)
    let rate = usage.perDay
    var how: String
    if usage.days == .every {
      how = rate >= 1 || rate == 0 ? times(rate) + " a day" : times(rate * 7) + " a week"
    } else {
      how = times(rate) + " a day on " + usage.days.words
    }
    switch usage.distribution {
    case .fixed: how += ", evenly spaced"
    case .poisson: how += " on average, at random"
    case .heavytail: how += " on average, at random, a few users far more often"
    }
    if let seconds = usage.timeOfDay { how += ", at \(Usage.clock(seconds))" }
    if case .open(_, let length) = usage.action { how += ", staying \(RuleWords.span(length))" }
    let during = usage.during.map { visit in
      StoryReport.words(visit.action) + (visit.probability < 1 ? " (\(PopulationReport.percent(visit.probability)) of visits)" : "")
    }
    return "\(what) \(how)" + (during.isEmpty ? "" : "; during a visit, halfway through it, " + during.joined(separator: ", "))
  }

  /// One action of a usage line, or during a visit: "opens today", "does planMade", "sets hasReminder to true".
  static func words(_ action: Usage.Action) -> String {
    let what: String
    switch action {
    case .open(let screen, _): what = "opens \(screen)"
    case .donate(let event, let fields):
      what =
        "does \(event)" + (fields.isEmpty ? "" : " (" + fields.keys.sorted().map { "\($0)=\(fields[$0]!)" }.joined(separator: ", ") + ")")
    case .set(let name, let value): what = "sets \(name) to \(value)"
    case .write(let key, let value): what = "writes \(value) to \(key)"
    case .perform(let action, let inputs):
      what =
        "does \(action)" + (inputs.isEmpty ? "" : " (" + inputs.keys.sorted().map { "\($0)=\(inputs[$0]!)" }.joined(separator: ", ") + ")")
    case .relaunch: what = "quits and opens the app again"
    }
    return what
  }

  /// "once", "twice", "0.7 times".
  static func times(_ n: Double) -> String {
    let rounded = (n * 10).rounded() / 10
    if rounded == 1 { return "once" }
    if rounded == 2 { return "twice" }
    return ModelReport.number(n) + " times"
  }
}
