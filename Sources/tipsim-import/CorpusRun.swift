import Audit
import Foundation
import Runner
import TipImport

/// `tipsim-import --score-corpus ANSWERS [--apps DIR]`: audits each app of the corpus that is
/// present on this machine (a git copy `DIR/OWNER+NAME`, as the search tool's `fetch` leaves
/// it, at the answers' commit) and scores the audit against the answers written by reading
/// it (`CorpusScore`). An app that is not present is said to be skipped, never scored 0.
enum CorpusRun {
  static func run(_ arguments: [String]) -> Int32 {
    var folder: String?
    var appFolders: [String] = []
    var index = 0
    while index < arguments.count {
      if arguments[index] == "--apps", index + 1 < arguments.count {
        appFolders.append(arguments[index + 1])
        index += 2
      } else {
        folder = arguments[index]
        index += 1
      }
    }
    guard let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
      ImportMain.printError("usage: tipsim-import --score-corpus ANSWERS-FOLDER [--apps DIR]...")
      return 2
    }
    var total = CorpusScore()
    var scored = 0
    var skipped = 0
    for name in names.filter({ $0.hasSuffix(".answers") }).sorted() {
      let path = (folder as NSString).appendingPathComponent(name)
      let answers: CorpusAnswers
      do { answers = try CorpusAnswers(parsing: (try? String(contentsOfFile: path, encoding: .utf8)) ?? "") } catch {
        ImportMain.printError("\(path):\(error.line): \(error.message)")
        return 2
      }
      guard let repository = gitDirectory(of: answers.repo, in: appFolders), has(answers.commit, in: repository) else {
        print("\(answers.repo): skipped: not present (\(answers.tips.count) tips)")
        skipped += 1
        continue
      }
      let (score, leftOut) = audit(answers, from: repository)
      scored += 1
      total = total + score
      print("\(answers.repo): \(score.summary)")
      for line in leftOut { print("  left out: " + line) }
      for line in score.disagreements { print("  " + line) }
    }
    print("corpus: \(scored) apps audited, \(skipped) skipped (not present): \(total.summary)")
    return 0
  }

  /// The app's audit at the answers' commit, scored, and the files it left out as not valid
  /// Swift (`--skip-invalid`, as its team would audit it); an app that does not import or
  /// audit scores every tip as not found.
  static func audit(_ answers: CorpusAnswers, from repository: String) -> (CorpusScore, leftOut: [String]) {
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-corpus-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: copy) }
    var failed = CorpusScore()
    failed.tips = answers.tips.count
    failed.missing = answers.tips.count
    guard (try? FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)) != nil,
      // Only the Swift: a snapshot may lack the large files (assets), which stops `git archive`
      // with an error after the files asked for are out.
      shell(
        "git --git-dir='\(repository)' archive '\(answers.commit)' -- ':(glob)**/*.swift' 2>/dev/null | tar -x -C '\(copy)' 2>/dev/null; true"
      )
    else {
      failed.disagreements = ["the commit could not be copied out"]
      return (failed, [])
    }
    do {
      let result = try SwiftImporter.run(
        paths: answers.sources, in: copy, platform: Platform(rawValue: answers.platform), forAudit: true, skipInvalid: true)
      guard let input = result.audit else { return (failed, []) }
      let leftOut = result.invalidFiles.map { String($0.prefix { $0 != "\n" }) }
      return (CorpusScore(answers, try Auditor(input: input).audit()), leftOut)
    } catch let error as ImportError {
      failed.disagreements = ["no import: \(error.message)"]
    } catch {
      failed.disagreements = ["no audit: \(error)"]
    }
    return (failed, [])
  }

  /// `DIR/OWNER+NAME/repo` or `DIR/OWNER+NAME`, whichever is a git directory.
  static func gitDirectory(of repo: String, in folders: [String]) -> String? {
    let name = repo.replacingOccurrences(of: "/", with: "+")
    for folder in folders {
      for candidate in ["\(folder)/\(name)/repo", "\(folder)/\(name)"]
      where FileManager.default.fileExists(atPath: candidate + "/HEAD") {
        return candidate
      }
    }
    return nil
  }

  static func has(_ commit: String, in repository: String) -> Bool {
    shell("git --git-dir='\(repository)' cat-file -e '\(commit)^{commit}' 2>/dev/null")
  }

  static func shell(_ command: String) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}
