import CEditLine
import Foundation
import HostOS

/// The shell's history file, shared by every shell: an entry is added under an exclusive
/// lock by re-reading the file, adding the line and replacing the file atomically, so two
/// shells typing at once keep each other's lines and a crash never leaves half a file.
public enum HistoryFile {
  /// How many entries the file keeps.
  public static let capacity: Int32 = 2000

  /// Adds `line` to the history at `path`; false when the file cannot be written.
  public static func append(_ line: String, to path: String) -> Bool {
    let appended = HostOS.withExclusiveLock(onFile: path + ".lock") { () -> Bool in
      guard let history = history_init() else { return false }
      defer { history_end(history) }
      tipsim_history_set_size(history, capacity)
      if FileManager.default.fileExists(atPath: path) { tipsim_history_load(history, path) }
      tipsim_history_enter(history, line)
      let temporary = path + ".\(ProcessInfo.processInfo.processIdentifier).tmp"
      guard tipsim_history_save(history, temporary) >= 0, HostOS.replaceFile(path, with: temporary) else {
        try? FileManager.default.removeItem(atPath: temporary)
        return false
      }
      return true
    }
    return appended ?? false
  }
}
