import Foundation
import Runner

/// How findings are printed for tools (`--reporter`, SwiftLint's names): Xcode's and
/// compilers' lines, a JSON array, SARIF 2.1.0 for code scanning, GitHub Actions' workflow
/// commands, JUnit XML.
public enum FindingReporter: String, CaseIterable, Sendable {
  case xcode
  case json
  case sarif
  case githubActionsLogging = "github-actions-logging"
  case junit

  public func render(_ findings: [AuditFinding], tool: String) -> String {
    switch self {
    case .xcode: findings.map(Self.xcodeLine).joined()
    case .json: Self.encode(findings.map(JSONFinding.init)) + "\n"
    case .sarif: Self.sarif(findings, tool: tool)
    case .githubActionsLogging: findings.map(Self.githubLine).joined()
    case .junit: Self.junit(findings, tool: tool)
    }
  }

  /// `file:line:column: warning: message (rule)`; the column or line is left out when unknown.
  private static func xcodeLine(_ finding: AuditFinding) -> String {
    "\(finding.place): warning: \(finding.message) (\(finding.rule))\n"
  }

  private static func githubLine(_ finding: AuditFinding) -> String {
    let (file, line, column) = finding.location
    var properties = ["file=\(CIReport.property(file))"]
    if line > 0 { properties.append("line=\(line)") }
    if column > 0 { properties.append("col=\(column)") }
    properties.append("title=\(CIReport.property(finding.rule))")
    return "::warning \(properties.joined(separator: ","))::\(CIReport.data(finding.message + " — fix: " + finding.fix))\n"
  }

  private struct JSONFinding: Encodable {
    var rule_id: String
    var file: String
    var line: Int?
    var column: Int?
    var severity = "warning"
    var reason: String
    var fix: String

    init(_ finding: AuditFinding) {
      let (file, line, column) = finding.location
      rule_id = finding.rule
      self.file = file
      self.line = line > 0 ? line : nil
      self.column = column > 0 ? column : nil
      reason = finding.message
      fix = finding.fix
    }
  }

  private static func encode(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: (try? encoder.encode(value)) ?? Data(), as: UTF8.self)
  }

  private static func sarif(_ findings: [AuditFinding], tool: String) -> String {
    struct Log: Encodable {
      var version = "2.1.0"
      var schema = "https://json.schemastore.org/sarif-2.1.0.json"
      var runs: [Run]
      enum CodingKeys: String, CodingKey {
        case version, runs
        case schema = "$schema"
      }
    }
    struct Run: Encodable {
      var tool: Tool
      var results: [Result]
    }
    struct Tool: Encodable { var driver: Driver }
    struct Driver: Encodable {
      var name: String
      var rules: [Rule]
    }
    struct Rule: Encodable {
      var id: String
      var shortDescription: Message
    }
    struct Message: Encodable { var text: String }
    struct Result: Encodable {
      var ruleId: String
      var level = "warning"
      var message: Message
      var locations: [Location]
    }
    struct Location: Encodable { var physicalLocation: Physical }
    struct Physical: Encodable {
      var artifactLocation: Artifact
      var region: Region?
    }
    struct Artifact: Encodable { var uri: String }
    struct Region: Encodable {
      var startLine: Int
      var startColumn: Int?
    }
    let rules = Set(findings.map(\.rule)).sorted().map { Rule(id: $0, shortDescription: Message(text: $0)) }
    let results = findings.map { finding in
      let (file, line, column) = finding.location
      let region = line > 0 ? Region(startLine: line, startColumn: column > 0 ? column : nil) : nil
      return Result(
        ruleId: finding.rule, message: Message(text: finding.message + " Fix: " + finding.fix),
        locations: [Location(physicalLocation: Physical(artifactLocation: Artifact(uri: file), region: region))])
    }
    return encode(Log(runs: [Run(tool: Tool(driver: Driver(name: tool, rules: rules)), results: results)])) + "\n"
  }

  private static func junit(_ findings: [AuditFinding], tool: String) -> String {
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites tests=\"\(findings.count)\" failures=\"\(findings.count)\">\n"
    xml += "  <testsuite name=\"\(CIReport.escaped(tool))\" tests=\"\(findings.count)\" failures=\"\(findings.count)\">\n"
    for finding in findings {
      xml +=
        "    <testcase classname=\"\(CIReport.escaped(finding.location.file))\" name=\"\(CIReport.escaped(finding.rule)) at \(CIReport.escaped(finding.place))\">\n"
      xml +=
        "      <failure message=\"\(CIReport.escaped(finding.message))\" type=\"warning\">\(CIReport.escaped("fix: " + finding.fix))</failure>\n"
      xml += "    </testcase>\n"
    }
    xml += "  </testsuite>\n</testsuites>\n"
    return xml
  }

}
