import Foundation
import ScenarioLanguage

extension IncludeReader {
  /// Reads included files from the file system: an `include` line names a file relative to
  /// the folder of the file it is in. A file is named, in the log and in diagnostics, by its
  /// path from the folder of `scenario` (the current folder for standard input or text without
  /// a file), as the `include` lines wrote it: a transcript reads the same wherever it runs.
  public static func files(relativeTo scenario: String) -> IncludeReader {
    let base = scenario == "-" || scenario.hasPrefix("<") ? "" : (scenario as NSString).deletingLastPathComponent
    return IncludeReader { path, includer in
      let folder = includer.map { ($0.name as NSString).deletingLastPathComponent } ?? ""
      let name = path.hasPrefix("/") || folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
      let location = name.hasPrefix("/") || base.isEmpty ? name : (base as NSString).appendingPathComponent(name)
      switch ScenarioFile.read(location) {
      case .failure(let problem): return .failure(IncludeProblem(problem.message))
      case .success(let text):
        return .success(File(name: name, path: URL(fileURLWithPath: location).standardizedFileURL.path, text: text))
      }
    }
  }
}
