import Foundation
import HostOS
import Renderers
import ScenarioLanguage
import Simulation
import TipEngine

/// Reading scenario files: text, UTF-8, no NUL bytes, of a sane size.
public enum ScenarioFile {
  public static let maximumSize = 64 << 20

  public struct Problem: Error, Sendable {
    public var message: String
  }

  /// Reads a scenario; `-` is standard input, and pipes such as `/dev/stdin` work too.
  public static func read(_ path: String) -> Result<String, Problem> {
    var isDirectory: ObjCBool = false
    let exists = path == "-" || FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
    guard exists else { return .failure(Problem(message: "no such file")) }
    guard !isDirectory.boolValue else { return .failure(Problem(message: "is a directory, not a scenario file")) }
    guard let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path) else {
      return .failure(Problem(message: "cannot read the file"))
    }
    // `readToEnd()` answers nil for no bytes at all: an empty scenario, which runs nothing.
    do { return decode(try handle.readToEnd() ?? Data()) } catch { return .failure(Problem(message: "cannot read the file")) }
  }

  /// Checks and decodes a scenario's bytes: at most `maximumSize`, no NUL byte, valid UTF-8;
  /// CRLF line ends and a leading byte-order mark are accepted.
  public static func decode(_ data: Data) -> Result<String, Problem> {
    guard data.count <= maximumSize else { return .failure(Problem(message: "file is larger than \(maximumSize >> 20) MiB")) }
    // Through the bytes, with `memchr` and the standard library's validation, since nothing
    // runs before a script is decoded. Foundation dropped one byte-order mark and this drops
    // one more: both are dropped still.
    let decoded: Result<String, Problem> = data.withUnsafeBytes { raw in
      if let base = raw.baseAddress, memchr(base, 0, raw.count) != nil {
        return .failure(Problem(message: "file contains a NUL byte; a scenario is text"))
      }
      let bytes = raw.assumingMemoryBound(to: UInt8.self)
      let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
      guard let text = String(validatingUTF8Bytes: UnsafeBufferPointer(rebasing: bytes[start...])) else {
        return .failure(Problem(message: "file is not valid UTF-8 text"))
      }
      return .success(text)
    }
    return decoded.map { $0.hasPrefix("\u{FEFF}") ? String($0.dropFirst()) : $0 }
  }
}
