/// What a person who read an app's Swift says of each of its tips, written before any audit
/// of it ran (Tests/Corpus): the answers an audit is scored against.
///
/// ```
/// repo: OWNER/NAME
/// commit: 40 hex digits
/// sources: Folder ["Folder with spaces"…]
/// platform: ios
/// answered: 2026-11-29
/// tip Outer.InnerTip shows [uncertain]
///   why: …
///   ends: …
/// ```
public struct CorpusAnswers: Hashable, Sendable {
  public struct Answer: Hashable, Sendable {
    /// The Swift type, nested types joined by `.`.
    public var type: String
    public var shows: Bool
    /// The reader could not tell for sure from the code (server data, an account).
    public var uncertain: Bool
    public var why: String
    public var ends: String
  }

  public var repo: String
  public var commit: String
  /// The app's source folders, relative to the repository's root.
  public var sources: [String]
  public var platform: String
  public var tips: [Answer]

  /// Why a file is not answers: its line and what is wrong.
  public struct Problem: Error, Sendable {
    public var line: Int
    public var message: String
  }

  /// Words separated by spaces; a word in double quotes may hold spaces.
  static func words(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quoted = false
    for character in text {
      if character == "\"" {
        quoted.toggle()
      } else if character == " " && !quoted {
        if !current.isEmpty { words.append(current) }
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  public init(parsing text: String) throws(Problem) {
    var fields: [String: String] = [:]
    var tips: [Answer] = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = String(raw)
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
      if line.hasPrefix("tip ") {
        let words = trimmed.split(separator: " ").map(String.init)
        guard words.count >= 3, ["shows", "never"].contains(words[2]), words.count == 3 || words.dropFirst(3) == ["uncertain"] else {
          throw Problem(line: index + 1, message: "expected `tip TYPE shows|never [uncertain]`")
        }
        tips.append(Answer(type: words[1], shows: words[2] == "shows", uncertain: words.count == 4, why: "", ends: ""))
      } else if line.hasPrefix(" "), let colon = trimmed.firstIndex(of: ":"), !tips.isEmpty {
        let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        switch trimmed[..<colon] {
        case "why": tips[tips.count - 1].why = value
        case "ends": tips[tips.count - 1].ends = value
        default: throw Problem(line: index + 1, message: "a tip's lines are `why:` and `ends:`")
        }
      } else if let colon = line.firstIndex(of: ":"), tips.isEmpty {
        fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      } else {
        throw Problem(line: index + 1, message: "expected a header field (`repo:`), `tip …`, or an indented `why:` or `ends:`")
      }
    }
    for name in ["repo", "commit", "sources", "platform"] where (fields[name] ?? "").isEmpty {
      throw Problem(line: 1, message: "no `\(name):` line")
    }
    repo = fields["repo"] ?? ""
    commit = fields["commit"] ?? ""
    sources = CorpusAnswers.words(fields["sources"] ?? "")
    platform = fields["platform"] ?? ""
    self.tips = tips
  }
}
