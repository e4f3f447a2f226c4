import CEditLine
import Foundation
import HostOS
import Renderers
import Runner
import Simulation
import Terminal

/// Lines from the terminal through libedit: emacs keys, persistent history, Tab completion.
/// The only type that touches libedit.
public final class EditLineReader: LineReader {
  private let editLine: OpaquePointer
  private let history: OpaquePointer
  /// The terminal, opened again so that reading it never blocks (`TerminalInput.keys(of:)`).
  private let keys: Int32
  private let historyPath: String?
  private var promptBuffer: UnsafeMutablePointer<CChar>?
  private var warnedAboutHistory = false
  /// Keys typed while a command ran, not yet read (`TerminalInput.typedAhead`).
  private var typedAhead: [UInt8] = []
  /// Gives completion the session's current definitions.
  var completer: () -> Completer?
  private let warn: (String) -> Void

  /// The marker that brackets colour codes in the prompt (EL_PROMPT_ESC).
  public static let promptEscape: Character = "\u{1}"

  public init?(historyPath: String?, completer: @escaping () -> Completer?, warn: @escaping (String) -> Void) {
    HostOS.useCharacterLocaleOfEnvironment()
    let streams = HostOS.standardStreams
    guard TerminalInput.install(), let el = el_init("tipsim", streams.input, streams.output, streams.error), let h = history_init()
    else { return nil }
    editLine = el
    history = h
    keys = TerminalInput.keys(of: Self.standardInput)
    self.historyPath = historyPath
    self.completer = completer
    self.warn = warn
    tipsim_history_set_size(h, 2000)
    tipsim_history_set_unique(h, 1)
    if let historyPath, FileManager.default.fileExists(atPath: historyPath) {
      tipsim_history_load(h, historyPath)
    }
    tipsim_el_set_editor(el, "emacs")
    tipsim_el_set_signal(el, 1)
    tipsim_el_set_history(el, h)
    tipsim_el_set_clientdata(el, Unmanaged.passUnretained(self).toOpaque())
    tipsim_el_set_prompt_esc(
      el,
      { el in
        guard let el, let data = tipsim_el_get_clientdata(el) else { return nil }
        return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue().promptBuffer
      }, CChar(1))
    tipsim_el_add_function(
      el, "tipsim-complete", "Complete commands and names",
      { el, _ in
        guard let el, let data = tipsim_el_get_clientdata(el) else { return UInt8(CC_ERROR) }
        return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue().complete()
      })
    tipsim_el_bind(el, "^I", "tipsim-complete")
    tipsim_el_set_getcfn(el) { el, character in
      guard let el, let character, let data = tipsim_el_get_clientdata(el) else { return -1 }
      return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue().readCharacter(into: character)
    }
    tipsim_el_source_default(el)
  }

  deinit {
    el_end(editLine)
    history_end(history)
    promptBuffer?.deallocate()
    if keys != Self.standardInput { HostOS.closeDescriptor(keys) }
  }

  /// Standard input's descriptor, libedit's input stream's.
  private static let standardInput: Int32 = 0

  /// libedit's read function: 1 with a character, 0 at the end of input, -1 with errno
  /// EINTR on Ctrl-C (which `el_gets` passes on as a NULL line).
  private func readCharacter(into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
    character.pointee = 0
    while true {
      switch TerminalInput.next(from: keys, typed: &typedAhead) {
      case .character(let key):
        character.pointee = key
        return 1
      case .interrupted:
        SystemError.current = .interrupted
        return -1
      case .resized:
        el_resize(editLine)
      case .continued:
        tipsim_el_resume(editLine)
      case .endOfInput:
        return 0
      case .failed:
        return -1
      }
    }
  }

  public func readLine(prompt: String) -> LineInput {
    promptBuffer?.deallocate()
    promptBuffer = Self.cString(prompt)
    var count: Int32 = 0
    TerminalInput.discardPending()
    typedAhead += TerminalInput.typedAhead(on: keys)
    SystemError.current = .none
    guard let line = el_gets(editLine, &count) else {
      if SystemError.current == .interrupted {
        Console.out("\n")
        return .interrupted
      }
      return .endOfInput
    }
    var text = String(cString: line)
    if text.hasSuffix("\n") { text.removeLast() }
    return .line(text)
  }

  /// A copy of `text` as a C string that stays until it is deallocated: the prompt libedit
  /// reads until the next.
  private static func cString(_ text: String) -> UnsafeMutablePointer<CChar> {
    let bytes = text.utf8CString
    let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
    for (index, byte) in bytes.enumerated() { (copy + index).initialize(to: byte) }
    return copy
  }

  public func remember(_ line: String) {
    tipsim_history_enter(history, line)
    guard let historyPath else { return }
    if !HistoryFile.append(line, to: historyPath), !warnedAboutHistory {
      warnedAboutHistory = true
      warn("warning: cannot write the history file \(historyPath); history will not be kept\n")
    }
  }

  private func complete() -> UInt8 {
    guard let info = el_line(editLine)?.pointee, let completer = completer() else { return UInt8(CC_ERROR) }
    let length = info.cursor - info.buffer
    let bytes = UnsafeRawBufferPointer(start: info.buffer, count: length)
    let text = String(decoding: bytes, as: UTF8.self)
    let (candidates, partial) = completer.complete(text)
    guard !candidates.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
    if candidates.count == 1, let only = candidates.first {
      let suffix = String(only.dropFirst(partial.count)) + (only.hasSuffix("=") || only.hasSuffix("\"") ? "" : " ")
      el_insertstr(editLine, suffix)
      return UInt8(CC_REFRESH)
    }
    let common = Completer.commonPrefix(candidates)
    if common.count > partial.count {
      el_insertstr(editLine, String(common.dropFirst(partial.count)))
      return UInt8(CC_REFRESH)
    }
    Console.out("\n" + Self.columns(candidates) + "\n")
    return UInt8(CC_REDISPLAY)
  }

  /// Candidates laid out in columns for an 80-column terminal.
  static func columns(_ items: [String]) -> String {
    let width = (items.map(\.count).max() ?? 0) + 2
    let perLine = max(1, 80 / width)
    return stride(from: 0, to: items.count, by: perLine).map { start in
      items[start..<min(start + perLine, items.count)].map { $0.padding(toLength: width, withPad: " ", startingAt: 0) }.joined()
    }.joined(separator: "\n")
  }
}

/// Where the shell keeps its history: `$TIPSIM_HISTORY`, else
/// `${XDG_STATE_HOME:-~/.local/state}/tipsim/history`.
public enum HistoryLocation {
  public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
    if let explicit = environment["TIPSIM_HISTORY"], !explicit.isEmpty { return explicit }
    let base: String
    if let state = environment["XDG_STATE_HOME"], !state.isEmpty {
      base = state
    } else if let home = environment["HOME"], !home.isEmpty {
      base = home + "/.local/state"
    } else {
      return nil
    }
    return base + "/tipsim/history"
  }
}
