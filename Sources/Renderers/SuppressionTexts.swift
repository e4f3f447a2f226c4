import Foundation
import ScenarioLanguage
import Simulation
import TipEngine

/// What a log's renderer wrote for a tip's reasons, one tip per slot, where its name leads:
/// the text log's suppression (the tip, its place and its reasons' lines), or JSON Lines'
/// `reasons` and `details` members. A tip held back for the same reasons is logged again each
/// time its screen opens: in a long replay about seven suppressions in ten repeat the one
/// before for their tip, usually with the very array of reasons logged before, and writing
/// their reasons again (rule texts, stamps) was most of the rendering. A slot is overwritten
/// by the next tip that lands on it; a hit is checked in full (tip, place, zone and reasons,
/// by storage first). A log has one format, and so does its table.
///
/// One log's batches render one at a time (`LogPipeline`), each after the one before has
/// signalled that it is done, so the table is never used by two threads at once.
public final class SuppressionTexts: @unchecked Sendable {
  private struct Entry {
    var reasons: [Suppression]
    var ref: TipRef
    var zone: SimTimeZone
    var bytes: [UInt8]
  }
  private static let slots = 256
  /// Read and written in place: copying an entry out retained each of its parts.
  private let entries = UnsafeMutablePointer<Entry?>.allocate(capacity: slots)

  public init() { entries.initialize(repeating: nil, count: Self.slots) }

  deinit {
    entries.deinitialize(count: Self.slots)
    entries.deallocate()
  }

  /// The tip's slot, by the hash of its name the engine's name tables use.
  private func slot(of ref: TipRef) -> Int { NameKey.hash(of: ref.tip) & (Self.slots - 1) }

  /// Appends the text kept for these reasons of `ref` in `zone`, if any.
  func append(_ ref: TipRef, _ reasons: [Suppression], in zone: SimTimeZone, to out: inout ByteBuffer) -> Bool {
    let slot = slot(of: ref)
    guard entries[slot] != nil, entries[slot]!.ref == ref, entries[slot]!.zone == zone else { return false }
    if !entries[slot]!.reasons.sharesStorage(with: reasons) {
      guard entries[slot]!.reasons == reasons else { return false }
      // The same reasons in another array: that one is likelier to come again.
      entries[slot]!.reasons = reasons
    }
    entries[slot]!.bytes.withUnsafeBufferPointer { out.append($0) }
    return true
  }

  func keep(_ bytes: UnsafeBufferPointer<UInt8>, for ref: TipRef, _ reasons: [Suppression], in zone: SimTimeZone) {
    entries[slot(of: ref)] = Entry(reasons: reasons, ref: ref, zone: zone, bytes: Array(bytes))
  }

  /// Rules' and event aggregates' text, for suppressions written afresh.
  let ruleTexts = RuleTexts()
}
