import ArgumentParser
import Shell

struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Read an app's Swift sources and write its tips as scenario definitions.",
    discussion: """
      PATH is a Swift file or a folder, searched recursively (.build, Pods, Carthage, DerivedData and \
      hidden folders are skipped). The scenario goes to FILE or standard output, a summary of what \
      was read and not translated to standard error. Runs the tipsim-import executable beside \
      tipsim (build it with `swift build --product tipsim-import`). Exit status: 0 written; 2 \
      nothing readable, no tip, or invalid Swift (unless --skip-invalid).
      """)

  @Argument(help: "Swift files or folders.") var paths: [String]
  @Option(name: .shortAndLong, help: "Write the scenario to this file.") var output: String?
  @Option(
    help:
      "Read this platform's #if branches and leave out files that build only for another (ios, ipados, macos, visionos, watchos, tvos); without it, the iOS branch, or else the first."
  )
  var platform: String?
  @Flag(
    name: .customLong("skip-invalid"),
    help:
      "Leave out a Swift file that is not valid Swift, with a warning, as if no target built it (the audit names what that assumes), instead of stopping with exit 2."
  ) var skipInvalid = false

  func validate() throws {
    if paths.isEmpty { throw ValidationError("give at least one Swift file or folder") }
  }

  func run() throws {
    let status = ImporterExecutable.run(
      paths + (output.map { ["-o", $0] } ?? []) + (platform.map { ["--platform", $0] } ?? []) + (skipInvalid ? ["--skip-invalid"] : []))
    if status != 0 { throw ExitCode(status) }
  }
}
