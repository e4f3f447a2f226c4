import Foundation
import Testing

/// docs/Architecture.md's table of imports is what the sources import.
@Suite struct ArchitectureDocTests {
  @Test func theArchitecturePagesImportsAreTheSources() throws {
    let page = try String(contentsOfFile: packageRoot + "/docs/Architecture.md", encoding: .utf8)
    var documented: [String: Set<String>] = [:]
    for line in page.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| target") && !line.hasPrefix("| ---") {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count == 2, !cells[0].contains(" ") else { continue }
      documented[cells[0]] = cells[1] == "—" ? [] : Set(cells[1].components(separatedBy: ", "))
    }
    let sources = packageRoot + "/Sources"
    let targets = try FileManager.default.contentsOfDirectory(atPath: sources).filter { !$0.hasPrefix("C") }
    let modules = Set(targets.map { $0.replacingOccurrences(of: "-", with: "_") } + ["CEditLine", "CMimalloc", "CHostOS"])
    var actual: [String: Set<String>] = [:]
    for target in targets {
      var imports: Set<String> = []
      for file in try FileManager.default.subpathsOfDirectory(atPath: "\(sources)/\(target)") where file.hasSuffix(".swift") {
        for line in try String(contentsOfFile: "\(sources)/\(target)/\(file)", encoding: .utf8).split(separator: "\n") {
          // `import X`, `@testable import X`, or with an access level (`internal import X`).
          let words = line.split(separator: " ")
          let attributes: Set<Substring> = ["@testable", "public", "package", "internal", "fileprivate", "private"]
          guard words.first == "import" || (words.first.map(attributes.contains) == true && words.dropFirst().first == "import"),
            let module = words.last.map(String.init), modules.contains(module), module != "CMimalloc"
          else { continue }
          imports.insert(module)
        }
      }
      actual[target] = imports
    }
    #expect(documented == actual)
  }
}
