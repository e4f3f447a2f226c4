import ScenarioLanguage

/// `help`, `help all`, `help rules`, `help COMMAND` and `help WORD` (a line of a tip block),
/// generated from the command table that drives parsing.
public enum Help {
  public static func text(for topic: String?) -> String {
    guard let topic else { return overview }
    switch topic {
    case "all": return everyCommand
    case "rules", "rule-expressions": return rules
    default: break
    }
    if let info = CommandTable.info(topic) {
      var lines = [info.syntax, "  " + info.summary, "", "Example:"]
      lines += info.example.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
      if info.name == "tip" {
        // A syntax wider than its column puts its summary on the next line, under the column.
        lines +=
          ["", "Block lines (`help WORD` explains one):"]
          + tipLines.map { line in
            line.syntax.displayWidth < 30
              ? "  " + line.syntax.padding(toLength: 30) + line.summary
              : "  " + line.syntax + "\n" + String(repeating: " ", count: 32) + line.summary
          }
      }
      if info.name == "cohort" { lines += ["", "Usage lines:"] + cohortLines.map { "  " + $0 } }
      return lines.joined(separator: "\n")
    }
    if let line = tipLines.first(where: { $0.word == topic }) {
      return [
        "\(line.syntax)   (a line of a `tip` block)", "  " + line.summary, "", "Example:", "  tip favoriteBackyard",
        "    " + line.example,
      ].joined(separator: "\n")
    }
    let known = CommandTable.names + tipLines.map(\.word) + ["all", "rules"]
    let hint = suggestion(for: topic, among: known).map { " Did you mean '\($0)'?" } ?? ""
    return "No command or tip line '\(topic)'.\(hint) Type `help` for the list."
  }

  /// The grammar of a `cohort` block's lines.
  static let cohortLines = [
    "ACTION [RATE per day|week] [on DAYS] [fixed|poisson|heavytail] [at HH:MM] [for DURATION]",
    "  ACTION: open SCREEN · donate EVENT [FIELD=VALUE…] · set PARAM|CONDITION VALUE · perform ACTION [INPUT=VALUE…]",
    "          write STORE.KEY VALUE · relaunch (quit and launch again)",
    "  RATE: 1 per day when left out; a weekly rate is spread over the days it happens on",
    "  on DAYS: weekends, weekdays, or days such as sat,sun or mon,wed,fri (the scenario's time zone)",
    "  fixed: evenly spaced from a random start (the default) · poisson: at random · heavytail: poisson, a few users far more",
    "  at HH:MM: each occurrence at that time on its day · for DURATION: how long an `open` stays (1m)",
    "churn P% per day                  the daily chance that a user stops using the app",
    "condition NAME true|false         an app condition this cohort's users have from the start",
  ]

  /// The lines of a `tip` block.
  public static var tipLines: [TipBlockLine] { TipBlockLine.all }

  /// Every group on a line or two of command names: fits a 40-row screen.
  static var overview: String {
    var lines: [String] = []
    let width = (CommandInfo.Group.allCases.map(\.rawValue.count).max() ?? 8) + 3
    for group in CommandInfo.Group.allCases {
      let names = CommandTable.all.filter { $0.group == group }.map(\.name)
      guard !names.isEmpty else { continue }
      var line = (group.rawValue + ":").padding(toLength: width)
      for name in names {
        if line.count + name.count + 1 > 96 {
          lines.append(line)
          line = String(repeating: " ", count: width)
        }
        line += name + " "
      }
      lines.append(String(line.dropLast()))
    }
    lines += [
      "",
      "Start with `help tip` (a tip), `help rules` (what a rule can say), `help advance` (time travel).",
      "`help COMMAND`: its syntax and an example. `help WORD`: a line of a tip block (`help anchor`).",
      "`help all`: every command, one line each. `model`: what you have defined so far.",
    ]
    return lines.joined(separator: "\n")
  }

  /// Every command, one line each, by group.
  static var everyCommand: String {
    var lines: [String] = []
    let width = (CommandTable.all.map(\.name.count).max() ?? 8) + 2
    for group in CommandInfo.Group.allCases {
      let commands = CommandTable.all.filter { $0.group == group }
      guard !commands.isEmpty else { continue }
      lines.append(group.rawValue + ":")
      for info in commands {
        lines.append("  " + info.name.padding(toLength: width) + info.summary)
      }
    }
    lines.append("")
    lines.append("`help COMMAND` shows its syntax and an example.")
    return lines.joined(separator: "\n")
  }

  static let rules = """
    A rule is a condition on parameters and donated events; a tip's rules must all hold (rule 19).

    Parameters (`param NAME = VALUE`): compare them, or use a Bool alone.
      rule isLoggedIn == true
      rule isLoggedIn                      (the same)
      rule launchCount >= 3
      rule plan != "pro"

    Events (`event NAME(FIELD, ...)`, then `donate NAME FIELD=VALUE`): count donations.
      rule viewedBackyard.count >= 3                         every donation kept
      rule viewedBackyard.count(within: 5d) >= 3             in the last 5 days (rolling: rule 17)
      rule viewedBackyard.count(where: backyardID == 2) > 0  only donations with that field value
      rule viewedBackyard.largestSubset(by: backyardID, within: 5d) >= 3
                                        the same backyard 3 times in 5 days (smallestSubset: the least)

    Combine with and / or / not and parentheses:
      rule isLoggedIn and (viewedBackyard.count >= 3 or isPro)
      rule not hasSeenOnboarding

    Durations: 30s 15m 2h 5d 1w 1d12h. `why TIP` shows every rule with the values it read.
    """
}
