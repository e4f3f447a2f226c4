import ScenarioLanguage

/// `help` and `help COMMAND`, generated from the command table that drives parsing.
public enum Help {
  public static func text(for topic: String?) -> String {
    guard let topic else { return overview }
    guard let info = CommandTable.info(topic) else {
      let hint = suggestion(for: topic, among: CommandTable.names).map { " Did you mean '\($0)'?" } ?? ""
      return "No command '\(topic)'.\(hint) Type `help` for the list."
    }
    var lines = [info.syntax, "  " + info.summary, "", "Example:"]
    lines += info.example.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
    if info.name == "tip" {
      lines += ["", "Block lines:"] + tipLineHelp.map { "  " + $0 }
    }
    return lines.joined(separator: "\n")
  }

  static let tipLineHelp = [
    "title \"...\"                 the text users read (default: the name)",
    "message \"...\"               optional",
    "image NAME                  optional image name",
    "anchor SCREEN.ANCHOR [inline|popover]",
    "rule EXPRESSION             any number; all must hold",
    "maxDisplayCount N           invalidated after N displays (rule 21)",
    "maxDisplayDuration DURATION invalidated after that long on screen in total (rule 24)",
    "ignoresDisplayFrequency     may appear although the interval has not passed (rule 23)",
    "action [ID] \"Title\"         a button; without an id it gets its index (rule 8)",
    "id NAME                     the persisted id (default: the tip's name; rule 1)",
    "presentation blocking|tapToDismiss|passthrough   what other taps on the screen do (default: TipKit's for the kind)",
    "style custom|default        drawn with a custom TipViewStyle (rule 41)",
  ]

  static var overview: String {
    var lines: [String] = []
    let width = (CommandTable.all.map(\.name.count).max() ?? 8) + 2
    for group in CommandInfo.Group.allCases {
      let commands = CommandTable.all.filter { $0.group == group }
      guard !commands.isEmpty else { continue }
      lines.append(group.rawValue + ":")
      for info in commands {
        lines.append("  " + info.name + String(repeating: " ", count: width - info.name.count) + info.summary)
      }
    }
    lines.append("")
    lines.append("`help COMMAND` shows its syntax and an example.")
    return lines.joined(separator: "\n")
  }
}
