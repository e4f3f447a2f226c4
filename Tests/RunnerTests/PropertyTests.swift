import Foundation
import Renderers
import Reports
import Runner
import Sessions
import Simulation
import Testing
import TipEngine
import Tooling

/// Invariants over thousands of random valid scenarios (seeded, reproducible). A failing case
/// is shrunk to a minimal scenario before it is reported. `TIPSIM_PROPERTY_CASES` sets how
/// many scenarios each property checks.
@Suite struct PropertyTests {
  static let cases = Int(ProcessInfo.processInfo.environment["TIPSIM_PROPERTY_CASES"] ?? "") ?? 400

  /// Checks `property` on generated scenarios; on a failure, drops lines while it still fails.
  func check(_ name: String, allowResets: Bool = true, _ property: ([String]) -> String?) {
    for seed in 0..<UInt64(PropertyTests.cases) {
      var generator = ScenarioGenerator(seed: seed &* 7919 &+ 17)
      let lines = generator.scenario(actions: 40, allowResets: allowResets)
      guard let failure = property(lines) else { continue }
      let minimal = shrink(lines) { property($0) != nil }
      Issue.record("\(name) fails for seed \(seed): \(failure)\nminimal scenario:\n\(minimal.joined(separator: "\n"))")
      return
    }
  }

  /// Removes action lines (never definitions) one at a time while `fails` stays true.
  func shrink(_ lines: [String], _ fails: ([String]) -> Bool) -> [String] {
    var current = lines
    guard let launch = current.firstIndex(of: "launch") else { return current }
    var index = current.count - 1
    while index > launch {
      var candidate = current
      candidate.remove(at: index)
      if ScenarioRunner.run(source: candidate.joined(separator: "\n")).exitCode != 2, fails(candidate) { current = candidate }
      index -= 1
    }
    return current
  }

  func run(_ lines: [String]) -> RunReport { ScenarioRunner.run(source: lines.joined(separator: "\n") + "\n") }

  @Test func generatedScenariosAreValid() {
    for seed in 0..<UInt64(50) {
      var generator = ScenarioGenerator(seed: seed)
      let report = run(generator.scenario(actions: 60))
      #expect(report.exitCode == 0, "seed \(seed): \(report.errors)")
    }
  }

  @Test func rule6_anInvalidatedTipNeverShowsAgainUnlessReset() {
    check("invalidated tips stay away") { lines in
      var invalidated: Set<String> = []
      for record in run(lines).session.records {
        switch record.event {
        case .invalidated(let tip, _, _, _, _): invalidated.insert(tip)
        case .eligibilityReset(let tip, _): invalidated.remove(tip)
        case .datastoreReset: invalidated = []
        case .shown(let shown) where invalidated.contains(shown.ref.tip) && shown.override == nil:
          return "\(shown.ref.tip) shown at \(record.instant) after its invalidation"
        default: break
        }
      }
      return nil
    }
  }

  @Test func rule21_displayCountsNeverExceedMaxDisplayCount() {
    check("display counts stay within MaxDisplayCount", allowResets: false) { lines in
      let report = run(lines)
      for record in report.session.records {
        if case .shown(let shown) = record.event, let max = shown.maximum, shown.number > max {
          return "\(shown.ref.tip) display \(shown.number) of \(max)"
        }
      }
      return nil
    }
  }

  @Test func rule26_noTwoFirstAppearancesWithinOneInterval() {
    check("one new tip per interval") { lines in
      let report = run(lines)
      let world = report.session.world
      guard let interval = world.frequency.interval(monthLength: .days(30)) else { return nil }
      var last: Instant?
      for record in report.session.records {
        if case .datastoreReset = record.event { last = nil }
        guard case .shown(let shown) = record.event, shown.number == 1, shown.counted, shown.override == nil else { continue }
        let ignores = world.engine.catalog.tip(named: shown.ref.tip)?.options.ignoresDisplayFrequency ?? false
        if !ignores, let last, record.instant - last < interval {
          return "\(shown.ref.tip) first appeared \(record.instant - last) after another first appearance"
        }
        last = record.instant
      }
      return nil
    }
  }

  @Test func theSameScenarioGivesAByteIdenticalLog() {
    check("determinism") { lines in
      let a = run(lines).transcript
      let b = run(lines).transcript
      return a == b ? nil : "two runs differ"
    }
  }

  @Test func advanceAThenBEqualsAdvanceAPlusB() {
    check("advance A; advance B == advance A+B") { lines in
      let base = run(lines)
      guard base.exitCode == 0 else { return nil }
      let split = run(lines + ["advance 7h", "advance 17h31m"])
      let whole = run(lines + ["advance 1d31m"])
      guard split.session.world == whole.session.world else { return "worlds differ" }
      let strip: ([LogRecord]) -> [LogRecord] = { $0.filter { if case .advanced = $0.event { false } else { true } } }
      return strip(split.session.records) == strip(whole.session.records) ? nil : "logs differ"
    }
  }

  /// Rule 17: a tip's entry ends at the departure that changes what it shows, not at every
  /// departure; reconciling every two hours on the way (where debug builds check each kept
  /// entry against a fresh evaluation) logs what one jump logs and leaves the same world.
  @Test func rule17_advanceInManySmallStepsEqualsOneJump() {
    check("twelve advances of 2h == advance 1d") { lines in
      let base = run(lines)
      guard base.exitCode == 0 else { return nil }
      let steps = run(lines + Array(repeating: "advance 2h", count: 12))
      let jump = run(lines + ["advance 1d"])
      guard steps.session.world == jump.session.world else { return "worlds differ" }
      let strip: ([LogRecord]) -> [LogRecord] = { $0.filter { if case .advanced = $0.event { false } else { true } } }
      return strip(steps.session.records) == strip(jump.session.records) ? nil : "logs differ"
    }
  }

  @Test func checkpointRestoreAndUndoReturnExactlyThePriorState() {
    check("checkpoint/restore and undo") { lines in
      let base = run(lines)
      guard base.exitCode == 0 else { return nil }
      let restored = run(lines + ["checkpoint here", "advance 3d", "set p0 true", "donate e1", "restore here"])
      guard restored.session.world == base.session.world else { return "restore differs" }
      let undone = run(lines + ["advance 5h", "set p1 2", "undo", "undo"])
      return undone.session.world == base.session.world ? nil : "undo differs"
    }
  }

  @Test func aSavedSessionReplaysToTheSameLog() {
    check("save replays") { lines in
      let base = run(lines)
      guard base.exitCode == 0 else { return nil }
      let saved = ScenarioWriter.scenario(of: base.session, withExpectations: true)
      let replay = ScenarioRunner.run(source: saved)
      guard replay.exitCode == 0 else { return "the saved scenario fails: \(replay.errors)\(replay.failureMessage)" }
      let strip: ([LogRecord]) -> [LogRecord] = { $0.filter { if case .expectation = $0.event { false } else { true } } }
      return strip(replay.session.records) == strip(base.session.records) ? nil : "logs differ"
    }
  }

  /// Population runs its users quietly: reconcile asks only whether a tip may show and keeps
  /// no reasons. The world it leaves must be the explaining world's.
  @Test func aQuietWorldEndsWhereAnExplainingWorldEnds() {
    check("quiet and explaining worlds agree") { lines in
      let source = lines.joined(separator: "\n") + "\n"
      let loud = ScenarioRunner.run(source: source).session.world
      var quietWorld = World()
      quietWorld.isQuiet = true
      let quiet = ScenarioRunner.run(source: source, session: Session(world: quietWorld)).session.world
      if quiet.engine != loud.engine { return "the engines differ" }
      if quiet.onScreen != loud.onScreen { return "what is on screen differs" }
      if quiet.displayHistory != loud.displayHistory { return "the display histories differ" }
      if quiet.openScreens != loud.openScreens || quiet.clock != loud.clock { return "the screens or clocks differ" }
      return nil
    }
  }

  /// A world that turns quiet, or explaining, half-way forgets its cache (the two keep
  /// different reasons, and only an explaining world keeps pending marks) and ends where a
  /// world that explains throughout ends.
  @Test func aWorldThatChangesQuietnessHalfWayEndsWhereAnExplainingWorldEnds() {
    check("changing quietness half-way") { lines in
      let loud = ScenarioRunner.run(source: lines.joined(separator: "\n") + "\n")
      guard loud.exitCode == 0 else { return nil }
      // Split after a whole statement: never inside a tip block, never before the launch.
      var split = lines.count * 2 / 3
      while split < lines.count && (lines[split].hasPrefix("  ") || !lines[..<split].contains("launch")) { split += 1 }
      for quietFirst in [true, false] {
        var world = World()
        world.isQuiet = quietFirst
        let first = ScenarioRunner.run(source: lines[..<split].joined(separator: "\n") + "\n", session: Session(world: world))
        guard first.exitCode == 0 else { return nil }
        world = first.session.world
        world.isQuiet = !quietFirst
        let second = ScenarioRunner.run(source: lines[split...].joined(separator: "\n") + "\n", session: Session(world: world))
        guard second.exitCode == 0 else { return nil }
        let end = second.session.world
        if end.engine != loud.session.world.engine || end.onScreen != loud.session.world.onScreen
          || end.displayHistory != loud.session.world.displayHistory || end.clock != loud.session.world.clock
        {
          return "quiet \(quietFirst ? "first" : "second"): the worlds differ"
        }
      }
      return nil
    }
  }

  /// `tipsim run` keeps no transcript, and no log unless a statement reads it.
  @Test func aReplayThatKeepsNoLogPrintsTheSameAndKeepsOnlyWhatIsRead() {
    check("a replay without its log prints the same") { lines in
      let source = lines.joined(separator: "\n") + "\n"
      var printed = ""
      let lean = ScenarioRunner.run(source: source, options: RunOptions(keepsLog: false), out: { printed += $0 })
      let full = ScenarioRunner.run(source: source)
      if printed != full.transcript { return "the printed logs differ" }
      if !lean.transcript.isEmpty || !lean.session.records.isEmpty { return "the lean replay kept its log" }
      return nil
    }
    let withLog = ScenarioRunner.run(source: "launch\nadvance 1h\nlog\n", options: RunOptions(keepsLog: false))
    #expect(withLog.session.records.count == 2)
  }
}
