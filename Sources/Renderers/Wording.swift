import Simulation
import TipEngine

/// The words of a record's details — places, reasons, causes, warnings, notes, `why` — with
/// its instants in a time zone. The text log prints them after its verb column; JSON Lines
/// carries them beside its facts (`details`, `message`, `lines`).
public struct Wording: Sendable {
  public var timeZone: SimTimeZone

  public init(timeZone: SimTimeZone) { self.timeZone = timeZone }

  func stamp(_ instant: Instant) -> String { timeZone.civil(of: instant).logStamp }

  func writeStamp(_ instant: Instant, into out: inout ByteBuffer) {
    out.appendStamp(of: instant, in: timeZone, separator: UInt8(ascii: " "))
  }
}
