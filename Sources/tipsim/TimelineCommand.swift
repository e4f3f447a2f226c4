import ArgumentParser
import Foundation
import Reports
import Runner
import ScenarioLanguage
import Terminal

struct TimelineCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "timeline",
    abstract: "Replay a scenario quietly, then draw each tip's displays and suppressions over time.",
    discussion: "Exit status 2 when the scenario is not valid; expectations are not checked here.")

  @Argument(help: "A scenario file.") var file: String
  @Option(help: "Also write the timeline as an SVG chart to this file.") var svg: String?
  @Option(name: .customLong("tip"), help: "Only these tips (repeatable).") var tips: [String] = []
  @Option(help: "Terminal columns to fit (default: the terminal's width, or 100).") var width: Int?

  func run() throws {
    Console.ignoreBrokenPipe()
    let report = try replayQuietly(file)
    let columns = width ?? Console.terminalWidth() ?? 100
    for tip in tips where report.session.world.engine.catalog.tip(named: tip) == nil {
      throw ValidationError("unknown tip \(tip)")
    }
    let timeline = Timeline(session: report.session, request: TimelineRequest(tips: tips), width: columns)
    Console.out(timeline.text() + "\n")
    if let svg {
      try TimelineSVG(timeline: timeline).render().write(toFile: svg, atomically: true, encoding: .utf8)
      Console.out("wrote \(svg)\n")
    }
  }
}
