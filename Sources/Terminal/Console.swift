import Foundation
import HostOS

/// Writing to the terminal or a pipe. A closed pipe (`tipsim run x | head -1`) ends the
/// program quietly instead of crashing it.
public enum Console {
  /// Writes to standard output.
  public static func out(_ text: String) { write(text, to: 1) }
  /// Writes to standard error.
  public static func err(_ text: String) { write(text, to: 2) }

  public static func write(_ text: String, to fd: Int32) {
    let bytes = Array(text.utf8)
    bytes.withUnsafeBytes { write(raw: $0, to: fd) }
  }

  /// Writes every byte, retrying after a signal; a closed pipe exits quietly.
  static func write(raw bytes: UnsafeRawBufferPointer, to fd: Int32) {
    if HostOS.writeAll(fd, bytes) == .brokenPipe { HostOS.exit(0) }
  }

  /// Standard output gathered into blocks of 64 KiB: a replay's log is hundreds of
  /// thousands of lines, too many for a write each.
  /// `flush()` before anything goes to standard error, and at the end.
  public final class BufferedOut {
    private var buffer: [UInt8] = []

    public init() { buffer.reserveCapacity(1 << 16) }

    public func write(_ text: String) {
      var text = text
      text.withUTF8 { write(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Writes UTF-8 bytes as they are. A block of 16 KiB or more (a replay's log comes in
    /// batches of about 30 KiB) is written as it is, after what was gathered before it,
    /// instead of being copied into the buffer.
    public func write(bytes: UnsafeRawBufferPointer) {
      if bytes.count >= 1 << 14 {
        flush()
        Console.write(raw: bytes, to: 1)
        return
      }
      buffer.append(contentsOf: bytes)
      if buffer.count >= 1 << 16 { flush() }
    }

    public func flush() {
      guard !buffer.isEmpty else { return }
      buffer.withUnsafeBytes { Console.write(raw: $0, to: 1) }
      buffer.removeAll(keepingCapacity: true)
    }
  }

  /// A one-line progress bar on standard error, erased once every user is done so that the
  /// report starts on a clean line.
  public static func progress(_ done: Int, of total: Int, _ unit: String = "users") {
    guard done < total else {
      err("\r\u{1B}[K")
      return
    }
    let width = 30
    let filled = total == 0 ? width : width * done / total
    err("\r[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] \(done)/\(total) \(unit)")
  }

  /// Makes a write to a closed pipe fail with EPIPE instead of killing the process.
  public static func ignoreBrokenPipe() { HostOS.ignoreBrokenPipe() }

  /// Colour only on a terminal, and never with NO_COLOR or TERM=dumb.
  public static func wantsColor(fd: Int32) -> Bool {
    let env = ProcessInfo.processInfo.environment
    if env["NO_COLOR"].map({ !$0.isEmpty }) ?? false { return false }
    if env["TERM"] == "dumb" { return false }
    return HostOS.isTerminal(fd)
  }

  /// The terminal's width in columns, when standard output is a terminal.
  public static func terminalWidth() -> Int? {
    HostOS.isTerminal(1) ? HostOS.terminalColumns(1) : nil
  }

  public static func isTerminal(_ fd: Int32) -> Bool { HostOS.isTerminal(fd) && ProcessInfo.processInfo.environment["TERM"] != "dumb" }
}
