import Foundation
import ScenarioLanguage
import Simulation
import TipEngine

/// The words of a record's details: places, causes, reasons, rule readings, the status table.
extension Wording {
  func place(_ placement: Placement) -> String {
    var text = DetailLines()
    writePlace(placement, into: &text)
    return text.string
  }

  func writePlace(_ placement: Placement, into out: inout DetailLines) {
    out += placement.screen
    out += "."
    out += placement.anchor
    if placement.style == .inline { out += " (inline)" }
  }

  func displayCount(_ number: Int, _ maximum: Int?) -> String {
    maximum.map { "display \(number) of \($0)" } ?? "display \(number)"
  }

  func describe(_ cause: HideCause) -> String {
    switch cause {
    case .screenClosed: "screen closed"
    case .appQuit: "app terminated"
    case .appBackground: "app went to the background"
    case .tappedOutside: "tapped outside: display ended, not invalidated (observed, rule 36)"
    case .closeButton: "close button tapped (rule 36)"
    case .noLongerAvailable: "no longer available (rule 38)"
    case .displaced(let group, let by): "displaced in group \(group)" + (by.map { " by \($0)" } ?? "") + " (rule 30)"
    case .anchorHidden: "its anchor went out of sight (policy anchorHidden endDisplay)"
    case .otherTap(let control): "dismissed by a tap on \(control) (presentation tapToDismiss)"
    case .notPresented: "the app's isPresented binding went false: off screen, not dismissed (rule 44)"
    }
  }

  func describe(_ cause: InvalidationCause, displays: Int, maximum: Int?) -> String {
    switch cause {
    case .closeButton: "close button (rule 36)"
    case .command: "Tip.invalidate (rule 5)"
    case .displayCount: "\(displayCount(displays, maximum)) reached (MaxDisplayCount, rule 21)"
    case .displayDuration(let limit): "on screen \(limit) in total (MaxDisplayDuration, rule 24)"
    }
  }

  func describe(_ cause: TipEngine.ChangeCause) -> String {
    switch cause {
    case .intervalEnds(let frequency, let startedBy):
      "the \(frequency.rawValue) display-frequency interval\(startedBy.map { " started by \($0)" } ?? "") ends (rule 26)"
    case .donationLeaves(let event, let window):
      "a donation of \(event) leaves \(window.map { "its \($0) window" } ?? "what rules see") (rule 17)"
    case .durationLimit(let tip):
      "\(tip) reaches its MaxDisplayDuration (rule 24)"
    }
  }

  func describe(_ overrides: TestingOverrides) -> String {
    if overrides.isEmpty { return "testing overrides off" }
    var parts: [String] = []
    if !overrides.show.isEmpty { parts.append("showTipsForTesting([\(overrides.show.joined(separator: ", "))])") }
    if !overrides.hide.isEmpty { parts.append("hideTipsForTesting([\(overrides.hide.joined(separator: ", "))])") }
    if overrides.showAll { parts.append("showAllTipsForTesting()") }
    if overrides.hideAll { parts.append("hideAllTipsForTesting()") }
    return parts.joined(separator: " · ") + " (precedence: showTips > hideTips > showAll > hideAll, rule 33)"
  }

  /// The suppressions' lines (`describe`), appended to `bytes` as a JSON array of strings,
  /// written in place.
  func appendDetails(of suppressions: [Suppression], asJSONTo bytes: inout ByteBuffer) {
    var lines = DetailLines(jsonStrings: ByteBuffer())
    swap(&lines.text, &bytes)
    lines.text.append(UInt8(ascii: "["))
    for suppression in suppressions { write(suppression, into: &lines) }
    lines.finishJSONString()
    lines.text.append(UInt8(ascii: "]"))
    swap(&lines.text, &bytes)
  }

  /// What `write` writes, on lines of their own.
  private func detailLines(_ write: (inout Wording, inout DetailLines) -> Void) -> DetailLines {
    var out = DetailLines()
    var wording = self
    write(&wording, &out)
    return out
  }

  /// One line per reason, each with the values that decided it.
  public func describe(_ suppression: Suppression) -> [String] { detailLines { $0.write(suppression, into: &$1) }.lines }

  func write(_ suppression: Suppression, into out: inout DetailLines) {
    switch suppression {
    case .hold(let hold): write(hold, into: &out)
    case .group(let name, let priority, let current, let blockedBy):
      if let blockedBy {
        out.line(
          "group: \(name) (\(priority.rawValue)) waits for \(blockedBy), its first member not invalidated, which is not available (rule 31)"
        )
      } else if let current {
        out.line("group: \(name) (\(priority.rawValue)) presents \(current) first (rule \(priority == .ordered ? 31 : 30))")
      } else {
        out.line("group: \(name) (\(priority.rawValue)) presents no tip now")
      }
    case .popoverBusy(let by): out.line("popoverBusy: \(by) is presented on this screen; one popover at a time (observed, rule 37)")
    case .dismissed(let at): out.line("dismissed: tapped away at \(stamp(at)); back when its screen opens again (observed, rule 36)")
    case .screenNotOpen(let screen?): out.line("screenNotOpen: \(screen) is not open")
    case .screenNotOpen(nil): out.line("screenNotOpen: the tip has no anchor")
    case .anchorHidden(let anchor): out.line("anchorHidden: \(anchor) is out of sight; a tip follows its anchor")
    case .notPresented: out.line("notPresented: the app's isPresented binding is false; displayable, kept off screen")
    case .apiUnavailable(let api):
      out.line("apiUnavailable: its place is drawn by \(api.rawValue), which needs iOS \(api.since.rawValue) (rule 44)")
    }
  }

  func describe(_ hold: Hold) -> [String] { detailLines { $0.write(hold, into: &$1) }.lines }

  func write(_ hold: Hold, into out: inout DetailLines) {
    switch hold {
    case .notConfigured:
      out.line("notConfigured: the app is not running (not launched yet, or quit): TipKit is configured at launch (rule 25)")
    case .hiddenForTesting(let override): out.line("hiddenForTesting: \(override.rawValue) is in force (rule 33)")
    case .invalidated(let reason, let at):
      // The commonest reason of a long replay (a tip past its count, on every opening of its
      // screen): written piece by piece, the stamp in place.
      out.startLine()
      out += "invalidated: "
      out += reason.rawValue
      if let at {
        out += " at "
        writeStamp(at, into: &out.text)
      }
      out += "; permanent until reset (rule 6)"
    case .rules(let failing):
      for rule in failing {
        out.startLine()
        out += "rules: `"
        out += rule.rule.description
        out += "` is false — "
        for (index, reading) in rule.readings.enumerated() {
          if index > 0 { out += ", " }
          write(reading, into: &out)
        }
        for case .parameter(let name, let value, _, let bound?) in rule.boundReadings {
          out.line("boundParameter: \(name) = \(value) mirrors \(bound) = \(value)")
        }
      }
    case .frequency(let f):
      out.startLine()
      out += "frequency: "
      out += f.frequency.rawValue
      out += " — a tip that never appeared waits until "
      writeStamp(f.intervalEnd, into: &out.text)
      out += " (interval started "
      writeStamp(f.intervalStart, into: &out.text)
      if let by = f.startedBy {
        out += " by "
        out += by
      }
      out += "; rule 26)"
    }
  }

  func describe(_ reading: Reading) -> String { detailLines { $0.write(reading, into: &$1) }.string }

  func write(_ reading: Reading, into text: inout DetailLines) {
    switch reading {
    case .parameter(let name, let value, let source, let bound):
      text += name
      text += " = "
      text.write(value)
      text += " ("
      if let bound {
        text += "bound to "
        text += bound
      } else {
        switch source {
        case .defaultValue: text += "default"
        case .written(let at):
          text += "set "
          writeStamp(at, into: &text.text)
        }
      }
      text += ")"
    case .aggregate(let aggregate, let value):
      text += aggregate.description
      text += " = "
      text.text.append(decimal: Int64(value))
    }
  }

  func statusTable(_ lines: [TipStatusLine]) -> [String] {
    guard !lines.isEmpty else { return ["no tips defined"] }
    let nameWidth = lines.map(\.tip.displayWidth).max() ?? 0
    let statusWidth = lines.map(\.status.description.count).max() ?? 0
    return lines.map { line in
      var text = line.tip + String(repeating: " ", count: nameWidth - line.tip.displayWidth) + "  "
      text += line.status.description.padding(toLength: statusWidth) + "  "
      text += displayCount(line.displays, line.maximum).replacingOccurrences(of: "display ", with: "displays ")
      if let last = line.lastShown { text += " · last shown \(stamp(last))\(line.lastShownDay.map { " (day \($0))" } ?? "")" }
      if let on = line.onScreen { text += " · on screen at \(place(on))" }
      if let override = line.override { text += " · \(override.rawValue)" }
      return text
    }
  }
}
