import Foundation
import Testing

@testable import Shell

/// The shell's key reader, fed through a pipe, with signals raised in the test process itself.
/// Serialized: the signals and the pipe they write into are process-wide.
@Suite(.serialized) struct TerminalInputTests {
  /// A pipe standing in for the terminal; the reader reads from `keys`.
  final class Keyboard {
    let keys: Int32
    private var typing: Int32

    init() throws {
      var ends: [Int32] = [-1, -1]
      try #require(pipe(&ends) == 0)
      keys = ends[0]
      typing = ends[1]
    }

    deinit {
      close(keys)
      if typing >= 0 { close(typing) }
    }

    func type(_ bytes: [UInt8]) {
      _ = bytes.withUnsafeBytes { write(typing, $0.baseAddress, $0.count) }
    }

    func hangUp() {
      close(typing)
      typing = -1
    }
  }

  init() {
    #expect(TerminalInput.install())
    TerminalInput.discardPending()
  }

  /// Raises `signal` on this thread with it unblocked, so its handler has run on return (the
  /// test runner's threads block most signals).
  func send(_ signal: Int32) {
    var only = sigset_t()
    var saved = sigset_t()
    sigemptyset(&only)
    sigaddset(&only, signal)
    pthread_sigmask(SIG_UNBLOCK, &only, &saved)
    raise(signal)
    pthread_sigmask(SIG_SETMASK, &saved, nil)
  }

  func character(_ scalar: Unicode.Scalar) -> TerminalInput.Key { .character(wchar_t(scalar.value)) }

  @Test func aCtrlCPressedBetweenTwoReadsIsSeenByTheNextRead() throws {
    // The lost Ctrl-C: the signal arrives while the editor is busy echoing, not waiting.
    let keyboard = try Keyboard()
    keyboard.type(Array("ab".utf8))
    send(SIGINT)
    #expect(TerminalInput.next(from: keyboard.keys) == .interrupted)
    #expect(TerminalInput.next(from: keyboard.keys) == character("a"))
    #expect(TerminalInput.next(from: keyboard.keys) == character("b"))
  }

  @Test func aCtrlCPressedWhileACommandRanDoesNotCancelTheNextLine() throws {
    let keyboard = try Keyboard()
    send(SIGINT)
    TerminalInput.discardPending()
    keyboard.type(Array("x".utf8))
    keyboard.hangUp()
    #expect(TerminalInput.next(from: keyboard.keys) == character("x"))
  }

  @Test func aResizeAndAContinueAreReportedAndAnInterruptComesFirst() throws {
    let keyboard = try Keyboard()
    keyboard.hangUp()
    send(SIGWINCH)
    #expect(TerminalInput.next(from: keyboard.keys) == .resized)
    send(SIGCONT)
    #expect(TerminalInput.next(from: keyboard.keys) == .continued)
    send(SIGWINCH)
    send(SIGINT)
    #expect(TerminalInput.next(from: keyboard.keys) == .interrupted)
    #expect(TerminalInput.next(from: keyboard.keys) == .endOfInput)
  }

  @Test func keysAreDecodedInTheLocaleAndABrokenSequenceIsDropped() throws {
    let saved = String(cString: setlocale(LC_CTYPE, nil))
    defer { setlocale(LC_CTYPE, saved) }
    // C.UTF-8 on Linux; a Mac has en_US.UTF-8.
    let locales: [String] = ["C.UTF-8", "en_US.UTF-8"]
    try #require(locales.contains { setlocale(LC_CTYPE, $0) != nil })
    let keyboard = try Keyboard()
    // を, then the first byte of a three-byte sequence cut short by "A", then the end.
    keyboard.type(Array("を".utf8) + [0xE3, 0x41])
    keyboard.hangUp()
    #expect(TerminalInput.next(from: keyboard.keys) == character("を"))
    #expect(TerminalInput.next(from: keyboard.keys) == character("A"))
    #expect(TerminalInput.next(from: keyboard.keys) == .endOfInput)
  }
}
