import Foundation

/// What CI reads of a `tipsim run` or `tipsim test`: one test case per scenario with its
/// problems, written as JUnit XML (every CI dashboard reads it) or as GitHub Actions
/// workflow commands (`::error file=…,line=…::`), which annotate the lines in a pull request.
public struct CIReport: Sendable {
  /// One scenario.
  public struct Case: Sendable {
    public var file: String
    public var problems: [ScenarioProblem]

    public init(file: String, problems: [ScenarioProblem]) {
      self.file = file
      self.problems = problems
    }
  }

  /// `tipsim run` or `tipsim test`: the suite's name.
  public var suite: String
  public var cases: [Case]

  public init(suite: String, cases: [Case] = []) {
    self.suite = suite
    self.cases = cases
  }

  /// Whether GitHub Actions runs this process (it sets `GITHUB_ACTIONS=true`).
  public static func isGitHubActions(_ environment: [String: String]) -> Bool { environment["GITHUB_ACTIONS"] == "true" }

  /// JUnit XML: a case with an input error counts as an error, one with failed expectations
  /// as a failure; each problem is its own element, with `file:line:` and the message.
  public func junitXML() -> String {
    let errors = cases.filter { $0.problems.contains { $0.kind == .error } }.count
    let failures = cases.filter { !$0.problems.isEmpty && !$0.problems.contains { $0.kind == .error } }.count
    let counts = "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites name=\"\(Self.escaped(suite))\" \(counts)>\n"
    xml += "  <testsuite name=\"\(Self.escaped(suite))\" \(counts)>\n"
    for testCase in cases {
      let name = Self.escaped(testCase.file)
      xml += "    <testcase name=\"\(name)\" classname=\"\(Self.escaped(suite))\" file=\"\(name)\""
      guard !testCase.problems.isEmpty else {
        xml += "/>\n"
        continue
      }
      xml += ">\n"
      for problem in testCase.problems {
        let element = problem.kind == .error ? "error" : "failure"
        let place = problem.line.map { "\(problem.file):\($0): " } ?? "\(problem.file): "
        xml +=
          "      <\(element) message=\"\(Self.escaped(problem.title))\" type=\"\(problem.kind == .error ? "invalid input" : "expectation")\">"
        xml += Self.escaped(place + problem.message) + "</\(element)>\n"
      }
      xml += "    </testcase>\n"
    }
    xml += "  </testsuite>\n</testsuites>\n"
    return xml
  }

  /// One `::error` line per problem.
  public func githubAnnotations() -> String {
    cases.flatMap(\.problems).map { problem in
      var properties = ["file=\(Self.property(problem.file))"]
      if let line = problem.line { properties.append("line=\(line)") }
      if let column = problem.column { properties.append("col=\(column)") }
      properties.append("title=\(Self.property(problem.title))")
      return "::error \(properties.joined(separator: ","))::\(Self.data(problem.detail.isEmpty ? problem.title : problem.detail))\n"
    }.joined()
  }

  /// Text for an XML attribute or element.
  public static func escaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      // XML 1.0 has no way to write other control characters.
      case "\n", "\t": out.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20: out += "?"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// A workflow command's message (GitHub's escaping).
  public static func data(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
  }

  /// A workflow command's property value.
  public static func property(_ text: String) -> String {
    data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }
}
