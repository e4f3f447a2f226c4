import Foundation

/// Finds the Swift files under the paths a user names: a file as it is, a folder recursively,
/// without build products, dependencies and hidden folders.
public enum SwiftSources {
  /// Folders an app's sources never live in.
  static let skipped: Set<String> = [".build", "Pods", "Carthage", "DerivedData"]

  /// The `.swift` files, sorted, so the output does not depend on the file system's order;
  /// a path that does not exist is reported, not skipped.
  public static func files(under paths: [String]) throws(ImportError) -> [String] {
    var found: [String] = []
    let manager = FileManager.default
    for path in paths {
      var isFolder: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isFolder) else { throw ImportError("\(path): no such file or folder") }
      guard isFolder.boolValue else {
        found.append(path)
        continue
      }
      found += swiftFiles(in: path)
    }
    var seen: Set<String> = []
    return found.filter { seen.insert($0).inserted }
  }

  private static func swiftFiles(in folder: String) -> [String] {
    let manager = FileManager.default
    guard let names = try? manager.contentsOfDirectory(atPath: folder) else { return [] }
    var files: [String] = []
    for name in names.sorted() where !name.hasPrefix(".") && !skipped.contains(name) {
      let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
      var isFolder: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
      if isFolder.boolValue {
        files += swiftFiles(in: path)
      } else if name.hasSuffix(".swift") {
        files.append(path)
      }
    }
    return files
  }
}
