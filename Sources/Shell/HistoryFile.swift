import CEditLine
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The shell's history file, shared by every shell: an entry is added under an exclusive
/// lock by re-reading the file, adding the line and replacing the file atomically, so two
/// shells typing at once keep each other's lines and a crash never leaves half a file.
public enum HistoryFile {
  /// How many entries the file keeps.
  public static let capacity: Int32 = 2000

  /// Adds `line` to the history at `path`; false when the file cannot be written.
  public static func append(_ line: String, to path: String) -> Bool {
    let lockPath = path + ".lock"
    let lock = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
    guard lock >= 0 else { return false }
    defer { close(lock) }
    guard flock(lock, LOCK_EX) == 0 else { return false }
    defer { flock(lock, LOCK_UN) }
    guard let history = history_init() else { return false }
    defer { history_end(history) }
    tipsim_history_set_size(history, capacity)
    if FileManager.default.fileExists(atPath: path) { tipsim_history_load(history, path) }
    tipsim_history_enter(history, line)
    let temporary = path + ".\(getpid()).tmp"
    guard tipsim_history_save(history, temporary) >= 0 else {
      unlink(temporary)
      return false
    }
    return rename(temporary, path) == 0
  }
}
