import CEditLine
import HostOS

/// Keys from the terminal for libedit (its `EL_GETCFN` read function), with Ctrl-C able to
/// cancel the line at any moment.
///
/// libedit's own reader only sees Ctrl-C as a `read()` that fails with EINTR. A SIGINT that
/// arrives while libedit is echoing or redrawing, between two reads, is handled and gone, and
/// the next `read()` blocks: the key is lost. Here the signal handlers write one byte into a
/// pipe and the reader waits on the terminal and that pipe together, so an interrupt pressed
/// at any moment is still there when the reader next looks.
enum TerminalInput {
  /// What one call to `next` gives.
  enum Key: Equatable {
    case character(wchar_t)
    /// Ctrl-C was pressed since the last key.
    case interrupted
    /// The terminal was resized, or the shell continued after a stop (Ctrl-Z, `fg`): the
    /// editor must remeasure or redraw, then read on.
    case resized
    case continued
    case endOfInput
    /// `read` or `poll` failed; errno says why.
    case failed
  }

  /// The bytes the handlers write, one per signal.
  private static let interruptByte: UInt8 = 0x03
  private static let resizeByte: UInt8 = 0x1A
  private static let continueByte: UInt8 = 0x11

  /// Installs the handlers for SIGINT, SIGWINCH and SIGCONT and creates the pipe they write
  /// into. Idempotent. Returns false if the pipe cannot be made.
  @discardableResult
  static func install() -> Bool {
    if signalPipe.read >= 0 { return true }
    guard let ends = HostOS.nonBlockingPipe() else { return false }
    signalPipe = ends
    HostOS.handle(.interrupt, restart: true) { _ in TerminalInput.note(TerminalInput.interruptByte) }
    HostOS.handle(.windowResized, restart: true) { _ in TerminalInput.note(TerminalInput.resizeByte) }
    HostOS.handle(.continued, restart: true) { _ in TerminalInput.note(TerminalInput.continueByte) }
    // A parent (a test harness, a CI runner) may have blocked them; the shell needs them.
    HostOS.unblock([.interrupt, .windowResized, .continued])
    return true
  }

  /// Forgets signals that came while no line was being read: a Ctrl-C pressed during a
  /// command must not cancel the next line before it is typed.
  static func discardPending() { _ = takeSignal() }

  /// A descriptor of its own on the terminal behind `descriptor`, which never blocks in
  /// `read` (or `descriptor` itself if the terminal cannot be opened again).
  ///
  /// Waiting is `poll`'s job. A `read` that blocked after `poll` said "readable" would hang:
  /// Ctrl-C flushes the terminal's queued keys in between. Standard input's own description
  /// is shared with the parent shell and must keep blocking, so the terminal is opened anew.
  static func keys(of descriptor: Int32) -> Int32 {
    for path in [HostOS.terminalPath(of: descriptor), HostOS.path(ofDescriptor: descriptor)].compactMap({ $0 }) {
      if let keys = HostOS.openForKeys(path) { return keys }
    }
    return descriptor
  }

  /// What was typed while a command ran, as keys for the editor to read before the terminal's.
  /// Called between two lines, with the terminal in its own line mode, where a Ctrl-D is a read
  /// of nothing that libedit's raw mode would lose (it becomes a NUL): here it becomes the key
  /// Ctrl-D again, which ends the input on an empty line. An unfinished line stays in the
  /// terminal, to be read after these.
  static func typedAhead(on descriptor: Int32) -> [UInt8] {
    var keys: [UInt8] = []
    var bytes = [UInt8](repeating: 0, count: 4096)
    // In line mode the terminal is readable only with a whole line or an end of input waiting.
    while case .success(let ready) = HostOS.waitForInput([descriptor], milliseconds: 0), ready.first?.readable == true {
      guard case .success(let count) = bytes.withUnsafeMutableBytes({ HostOS.readSome(descriptor, into: $0) }) else { break }
      keys += count == 0 ? [0x04] : bytes[0..<count]
    }
    return keys
  }

  /// Whether Ctrl-C was pressed since the last look, for a long command to stop. Other
  /// signals waiting are dropped: the editor measures the terminal again for the next line.
  static func takeInterrupt() -> Bool { takeSignal() == .interrupted }

  /// The next key from `descriptor` alone.
  static func next(from descriptor: Int32) -> Key {
    var none: [UInt8] = []
    return next(from: descriptor, typed: &none)
  }

  /// The next key from `typed` (what `typedAhead` kept) or else `descriptor` (see `keys(of:)`),
  /// decoded in the current locale as libedit's own reader does, or the signal that came
  /// first. Waits for one of them.
  static func next(from descriptor: Int32, typed: inout [UInt8]) -> Key {
    var decoder = CharacterDecoder()
    var pending = 0
    while true {
      var byte: UInt8 = 0
      if !typed.isEmpty {
        byte = typed.removeFirst()
      } else {
        switch nextByte(from: descriptor) {
        case .byte(let read): byte = read
        case .instead(let key): return key
        }
      }
      var step = decoder.decode(byte)
      if step == .invalid && pending > 0 {
        // A broken sequence: drop what came before and read this byte afresh, as libedit does.
        decoder.reset()
        pending = 0
        step = decoder.decode(byte)
      }
      switch step {
      case .incomplete:
        pending += 1
        if pending >= CharacterDecoder.longestSequence {
          SystemError.current = .illegalByteSequence
          return .failed
        }
      case .invalid:  // dropped, as libedit drops it
        decoder.reset()
      case .character(let character):
        return .character(character)
      }
    }
  }

  /// A byte from the terminal, or the signal, end of input or failure that came instead.
  private enum Read {
    case byte(UInt8)
    case instead(Key)
  }

  private static func nextByte(from descriptor: Int32) -> Read {
    while true {
      let ready: [HostOS.Readiness]
      switch HostOS.waitForInput([signalPipe.read, descriptor], milliseconds: -1) {
      case .success(let found): ready = found
      case .failure(.interrupted): continue
      case .failure: return .instead(.failed)
      }
      if ready[0].readable, let signal = takeSignal() {
        return .instead(signal)
      }
      guard ready[1].any else { continue }
      var byte: UInt8 = 0
      switch withUnsafeMutableBytes(of: &byte, { HostOS.readSome(descriptor, into: $0) }) {
      case .success(0): return .instead(.endOfInput)
      case .success: return .byte(byte)
      case .failure(.interrupted), .failure(.wouldBlock): continue
      case .failure: return .instead(.failed)
      }
    }
  }

  /// The most urgent signal waiting in the pipe, which it empties: an interrupt before a
  /// continue before a resize.
  private static func takeSignal() -> Key? {
    var bytes = [UInt8](repeating: 0, count: 64)
    var seen: Set<UInt8> = []
    while case .success(let count) = bytes.withUnsafeMutableBytes({ HostOS.readSome(signalPipe.read, into: $0) }), count > 0 {
      seen.formUnion(bytes[0..<count])
    }
    if seen.contains(interruptByte) { return .interrupted }
    if seen.contains(continueByte) { return .continued }
    if seen.contains(resizeByte) { return .resized }
    return nil
  }

  /// Called from the handlers: only `write`, which is async-signal-safe, on a descriptor set
  /// before any handler was installed.
  private static func note(_ byte: UInt8) { HostOS.writeFromSignalHandler(signalPipe.write, byte) }
}

/// The pipe's two ends, set once by `TerminalInput.install` before the handlers that read them.
nonisolated(unsafe) private var signalPipe: (read: Int32, write: Int32) = (-1, -1)
