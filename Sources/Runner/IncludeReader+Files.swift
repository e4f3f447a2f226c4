import Foundation
import ScenarioLanguage

extension IncludeReader {
  /// Reads included files from the file system: an `include` line names a file relative to
  /// the folder of the file it is in, and the scenario's own lines relative to the folder of
  /// `scenario` (the current folder for standard input or text without a file).
  public static func files(relativeTo scenario: String) -> IncludeReader {
    let base = scenario == "-" || scenario.hasPrefix("<") ? "" : (scenario as NSString).deletingLastPathComponent
    return IncludeReader { path, includer in
      let folder = includer.map { ($0.name as NSString).deletingLastPathComponent } ?? base
      let name = path.hasPrefix("/") || folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
      switch ScenarioFile.read(name) {
      case .failure(let problem): return .failure(IncludeProblem(problem.message))
      case .success(let text):
        return .success(File(name: name, path: URL(fileURLWithPath: name).standardizedFileURL.path, text: text))
      }
    }
  }
}
