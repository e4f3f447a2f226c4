import Simulation
import TipEngine

/// The time axis the report's timelines share: whole local days from the first story's first
/// day to the last one's, so that two timelines side by side line up. Two side by side are
/// drawn narrower, so that their text stays as large as one's.
struct ChartAxis {
  var from: Instant
  var days: Int
  let width: Int
  /// Where the lanes start, after the tips' names.
  let left: Int

  init(report: StoryReport, stories: [StoryReport.Story]) {
    (width, left) = stories.count > 1 ? (600, 150) : (960, 200)
    let first = stories.map(\.from).min() ?? report.start
    let last = stories.map(\.to).max() ?? first
    let zone = report.timeZone
    let civil = zone.civil(of: first)
    from = zone.instant(of: CivilTime(year: civil.year, month: civil.month, day: civil.day))
    days = max(1, report.day(of: last) - report.day(of: from) + 1)
  }

  var plotWidth: Int { width - left - 16 }

  func x(_ instant: Instant) -> Int {
    let fraction = Double((instant - from).seconds) / Double(Int64(days) * 86_400)
    return left + Int((fraction * Double(plotWidth)).rounded())
  }
}
