/// SwiftLint-style comments in the app's sources (or a scenario's `#` comments) that turn
/// findings off where a team has decided: `tipsim:disable:next RULE` for the next line,
/// `tipsim:disable RULE` … `tipsim:enable RULE` for the lines between. RULE is one or more
/// rule ids, or `all`.
public struct DisableComments {
  /// Line (1-based) → the rules off on it.
  private var off: [Int: Set<String>] = [:]

  public init(text: String) {
    var region: Set<String> = []
    var next: Set<String> = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let number = index + 1
      var here = region.union(next)
      next = []
      if let range = line.range(of: "tipsim:") {
        let words = line[range.upperBound...].split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        if let command = words.first {
          let rules = Set(words.dropFirst().prefix { !$0.hasPrefix("//") && !$0.hasPrefix("*/") })
          switch command {
          case "disable:next": next = rules
          case "disable:this": here.formUnion(rules)
          case "disable": region.formUnion(rules)
          case "enable": region.subtract(rules)
          default: break
          }
        }
      }
      if !here.isEmpty { off[number] = here }
    }
  }

  public func disables(_ rule: String, atLine line: Int) -> Bool {
    guard let rules = off[line] else { return false }
    return rules.contains(rule) || rules.contains("all")
  }

  /// Of the findings at `indices`, those their files' comments do not turn off; `read`
  /// gives a file's text.
  static func filter(_ indices: [Int], _ findings: [AuditFinding], read: (String) -> String?) -> [Int] {
    var comments: [String: DisableComments?] = [:]
    return indices.filter { index in
      let (file, line, _) = findings[index].location
      if comments[file] == nil { comments[file] = .some(read(file).map(DisableComments.init)) }
      guard line > 0, let parsed = comments[file] ?? nil else { return true }
      return !parsed.disables(findings[index].rule, atLine: line)
    }
  }
}
