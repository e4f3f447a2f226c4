import Simulation
import TipEngine

/// The words of a record's details — places, reasons, causes, warnings, notes, `why` — with
/// its instants in a time zone. The text log prints them after its verb column; JSON Lines
/// carries them beside its facts (`details`, `message`, `lines`).
public struct Wording: Sendable {
  public var timeZone: SimTimeZone
  /// The stamps written last: a log's records come in runs at one instant, and their details
  /// repeat a few more.
  var stamps = StampCache(separator: UInt8(ascii: " "))
  /// Suppressions written before, for a log's renderer (see `SuppressionTexts`).
  var suppressionTexts: SuppressionTexts?

  public init(timeZone: SimTimeZone) { self.timeZone = timeZone }

  func stamp(_ instant: Instant) -> String { timeZone.civil(of: instant).logStamp }

  mutating func writeStamp(_ instant: Instant, into out: inout ByteBuffer) {
    stamps.appendStamp(of: instant, in: timeZone, to: &out)
  }
}
