import Testing
import TipEngine
import Tooling

@testable import Renderers
@testable import Runner
@testable import Simulation

/// A log's batches, rendered by `LogPipeline` item by item in their time zones, are the
/// records rendered one by one.
@Suite struct LogRenderingTests {
  let tokyo = SimTimeZone(identifier: "Asia/Tokyo")!
  let home = Placement(screen: "home", anchor: "banner")
  let start = Instant(seconds: 1_793_523_600)

  func suppressed(_ tip: String, at placement: Placement? = nil, _ reasons: [Suppression], after seconds: Int64 = 0) -> LogRecord {
    LogRecord(instant: start + .seconds(seconds), event: .suppressed(TipRef(tip: tip, placement: placement ?? home), reasons: reasons))
  }

  /// Each batch as `LogPipeline` renders it.
  func rendered(_ batches: [[(SimTimeZone, [LogRecord])]], format: OutputFormat) -> String {
    var log = ""
    for batch in batches {
      var records: [LogRecord] = []
      var items: [LogPipeline.Item] = []
      for (zone, run) in batch {
        items.append(LogPipeline.Item(records: records.count..<records.count + run.count, outputs: [], timeZone: zone))
        records += run
      }
      log += LogPipeline.render(items, &records, format: format, file: "t").string
    }
    return log
  }

  /// The same records rendered one by one.
  func renderedOneByOne(_ batches: [[(SimTimeZone, [LogRecord])]], format: OutputFormat) -> String {
    var log = ""
    for (zone, run) in batches.joined() {
      for record in run {
        switch format {
        case .text(let style): log += TextRenderer(timeZone: zone, style: style).render(record) + "\n"
        case .json: log += JSONRenderer(timeZone: zone).render(record) + "\n"
        }
      }
    }
    return log
  }

  @Test func batchesAreTheRecordsOneByOneInTheirZones() {
    let dismissed: [Suppression] = [.dismissed(at: start), .popoverBusy(by: "other")]
    let sameText = dismissed.map { $0 }  // equal, in another array
    let busy: [Suppression] = [.popoverBusy(by: "third")]
    let hidden = LogRecord(
      instant: start + .seconds(60), event: .hidden(TipRef(tip: "a", placement: home), cause: .noLongerAvailable(dismissed)))
    let batches: [[(SimTimeZone, [LogRecord])]] = [
      [
        (
          .utc,
          [
            suppressed("a", dismissed), suppressed("a", dismissed, after: 5),  // the same, again
            suppressed("b", dismissed),  // another tip, the same array
            suppressed("a", at: Placement(screen: "home", anchor: "footer", style: .inline), dismissed),  // another place
            suppressed("a", sameText), suppressed("a", dismissed),  // equal reasons, another array
            hidden,  // a display ending for the same reasons
            suppressed("a", busy),  // other reasons
          ]
        ),
        (tokyo, [suppressed("a", busy), suppressed("a", dismissed)]),  // another zone: its stamps move
      ],
      [(tokyo, [suppressed("a", dismissed), suppressed("b", busy)]), (.utc, [suppressed("a", dismissed)])],
    ]
    for format in [OutputFormat.text(.plain), .text(TextStyle(colors: true)), .json] {
      let expected = renderedOneByOne(batches, format: format)
      #expect(rendered(batches, format: format) == expected)
      #expect(expected.split(separator: "\n").count >= 13)
    }
    // The zone shows: the dismissal's stamp in Tokyo is nine hours later.
    #expect(renderedOneByOne([[(tokyo, [suppressed("a", dismissed)])]], format: .text(.plain)).contains("2026-11-01 18:00:00"))
  }

  @Test func aLongReplaysLogIsTheSameInBatches() throws {
    // The generated replay logs thousands of suppressions, most of them again for their tip.
    let source = BenchmarkInputs.replayScenario(lines: 1500)
    for format in [OutputFormat.text(.plain), .json] {
      let report = ScenarioRunner.run(source: source, options: RunOptions(format: format, keepsLog: true))
      let records = report.session.records
      #expect(records.count(where: { if case .suppressed = $0.event { true } else { false } }) > 500)
      let batches = stride(from: 0, to: records.count, by: 256).map {
        [(SimTimeZone.utc, Array(records[$0..<min($0 + 256, records.count)]))]
      }
      #expect(rendered(batches, format: format) == renderedOneByOne(batches, format: format))
    }
  }
}
