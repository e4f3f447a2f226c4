import Foundation
import Testing

/// The CI workflow files, and the workflow docs/CI.md gives app teams, parse as YAML and run
/// what they say: read with PyYAML (`.ci/setup --tests` installs it on Linux; elsewhere the
/// test is skipped when it is missing).
@Suite(.enabled(if: PyYAML.isInstalled || PyYAML.isRequired, "python3 with PyYAML is not installed"))
struct WorkflowTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test func theRepositorysWorkflowHasALinuxAndAMacJobRunningTheREADMEsTestCommand() throws {
    let jobs = try Self.jobs(ofYAML: String(contentsOf: Self.root.appendingPathComponent(".github/workflows/ci.yml"), encoding: .utf8))
    #expect(jobs.keys.sorted() == ["linux", "macos"])
    #expect(jobs["macos"]?.runsOn.hasPrefix("macos-") == true)
    for (name, job) in jobs { #expect(job.commands.contains("bash .ci/run"), "\(name): \(job.commands)") }
    // .ci/run is exactly the README's test command.
    let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let run = try String(contentsOf: Self.root.appendingPathComponent(".ci/run"), encoding: .utf8)
    let command = try #require(run.split(separator: "\n").last.map(String.init))
    #expect(readme.contains(command))
  }

  @Test func theAppTeamsWorkflowInTheDocsParsesAndLintsAuditsAndTests() throws {
    let page = try String(contentsOf: Self.root.appendingPathComponent("docs/CI.md"), encoding: .utf8)
    let block = try #require(page.components(separatedBy: "```yaml\n").dropFirst().first?.components(separatedBy: "```").first)
    let jobs = try Self.jobs(ofYAML: block)
    #expect(jobs.count == 2)
    for (name, job) in jobs {
      let commands = job.commands.joined(separator: "\n")
      for needed in ["lint", "audit", "--reporter github-actions-logging", "--baseline", "test", "--junit"] {
        #expect(commands.contains(needed), "\(name) lacks \(needed)")
      }
    }
  }

  /// The pull-request workflow: the audit compared with the base branch as Markdown, posted as
  /// one comment that each push edits, and the check's status kept.
  @Test func thePullRequestWorkflowInTheDocsComparesWithTheBaseAndComments() throws {
    let page = try String(contentsOf: Self.root.appendingPathComponent("docs/CI.md"), encoding: .utf8)
    let block = try #require(page.components(separatedBy: "```yaml\n").dropFirst(2).first?.components(separatedBy: "```").first)
    let jobs = try Self.jobs(ofYAML: block)
    #expect(Set(jobs.keys) == ["tips-change", "comment"])
    let compare = try #require(jobs["tips-change"]).commands.joined(separator: "\n")
    #expect(compare.contains("tipsim audit Sources/MyApp --compare-ref \"origin/$GITHUB_BASE_REF\" --format md"))
    #expect(compare.contains("exit ${{ steps.compare.outputs.status }}"))
    #expect(
      try #require(jobs["comment"]).commands.joined().contains(
        "gh pr comment \"$PR\" --repo \"$GITHUB_REPOSITORY\" --body-file tips-change.md --edit-last"))
    #expect(block.contains("fetch-depth: 0") && block.contains("pull-requests: write"))
  }

  /// Both macOS jobs (TipSim's, and the app team's in docs/CI.md) select Xcode with
  /// `.ci/select-xcode`, which takes the newest Xcode 26 release and fails when there is none:
  /// never a beta, a release candidate or an empty path.
  @Test func theMacJobsSelectAnXcodeReleaseNeverABetaOrNothing() throws {
    let ours = try Self.jobs(ofYAML: String(contentsOf: Self.root.appendingPathComponent(".github/workflows/ci.yml"), encoding: .utf8))
    #expect(ours["macos"]?.commands.first { $0.contains("xcode") } == "bash .ci/select-xcode")
    let page = try String(contentsOf: Self.root.appendingPathComponent("docs/CI.md"), encoding: .utf8)
    let block = try #require(page.components(separatedBy: "```yaml\n").dropFirst().first?.components(separatedBy: "```").first)
    let theirs = try #require(try Self.jobs(ofYAML: block).values.first { $0.runsOn.hasPrefix("macos") })
    #expect(theirs.commands.first { $0.contains("xcode") } == "bash /tmp/tipsim/.ci/select-xcode")
    #expect(!(ours.values.map(\.commands) + [theirs.commands]).joined().contains { $0.contains("xcode-select") })

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-xcodes-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    func select(among names: [String]) throws -> (status: Int32, output: String) {
      try? FileManager.default.removeItem(at: folder)
      for name in names {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
      }
      let run = try Tool.run(["bash", Self.root.appendingPathComponent(".ci/select-xcode").path, "--print", folder.path])
      return (run.status, run.output.trimmingCharacters(in: .newlines))
    }
    let betas = ["Xcode_26.1_beta_2.app", "Xcode_26.2_Release_Candidate.app", "Xcode_16.4.app"]
    #expect(try select(among: betas + ["Xcode_26.0.app", "Xcode_26.0.1.app"]) == (0, folder.path + "/Xcode_26.0.1.app"))
    #expect(try select(among: betas + ["Xcode_26.0.app", "Xcode_26.10.app", "Xcode_26.9.app"]) == (0, folder.path + "/Xcode_26.10.app"))
    #expect(try select(among: betas).status == 1)
    #expect(try select(among: []).status == 1)
  }

  /// Each job's `runs-on` and `run` lines, as PyYAML reads the text.
  static func jobs(ofYAML text: String) throws -> [String: (runsOn: String, commands: [String])] {
    let script = """
      import json, sys, yaml
      document = yaml.safe_load(sys.stdin.read())
      print(json.dumps({name: {"runsOn": job["runs-on"], "commands": [s["run"] for s in job["steps"] if "run" in s]}
                        for name, job in document["jobs"].items()}))
      """
    let run = try PyYAML.python(["-c", script], input: text)
    try #require(run.status == 0, "not YAML: \(run.errors)")
    let decoded = try JSONDecoder().decode([String: Job].self, from: Data(run.output.utf8))
    return decoded.mapValues { ($0.runsOn, $0.commands) }
  }

  struct Job: Decodable {
    var runsOn: String
    var commands: [String]
  }
}

/// Whether python3 can read YAML; on Linux `.ci/setup --tests` installs it, so its absence
/// there is a failure, not a skip.
enum PyYAML {
  static let isInstalled = (try? python(["-c", "import yaml"]).status) == 0
  #if os(Linux)
    static let isRequired = true
  #else
    static let isRequired = false
  #endif

  static func python(_ arguments: [String], input: String = "") throws -> (status: Int32, output: String, errors: String) {
    try Tool.run(["python3"] + arguments, input: input)
  }
}
