import Foundation
import Reports
import Runner
import ScenarioLanguage
import Sessions
import Testing

@testable import Audit
@testable import TipImport

/// The audit's answers hold on generated apps whose tips depend on what the code leaves open:
/// entry points no code calls, values the code computes, conditions the importer cannot
/// decide, displays under a condition or inside a helper, callbacks. Each app is written as
/// Swift and, beside it, as the truth — what the app can do, step by step — which a
/// brute-force search explores: every tip the audit calls `never` has no brute-force witness,
/// and every tip it shows has one.
@Suite struct SoundnessPropertyTests {
  /// How a tip's rule can come to hold, in the app's code.
  enum Feed: CaseIterable {
    /// A data-load callback no code calls, with the count it computes.
    case entryPointCount
    /// A function no code calls that computes a Bool (`flag = items.count > 0`).
    case computedBool
    /// A button's action that donates.
    case buttonDonation
    /// Launch code under a condition the importer cannot decide.
    case launchUnderCondition
    /// A notification's handler that donates, registered at launch.
    case notification
    /// The screen's appear code under a condition of the view's.
    case appearUnderCondition
    /// A row's appear code, in a `ForEach`.
    case rowAppear
    /// A closure handed to a view of the app's own, which calls it when the user picks.
    case closureToOwnView
    /// Nothing writes or donates what the rule reads.
    case nothing
  }

  /// How the tip is displayed.
  enum Display: CaseIterable {
    /// `twoPlaces`: under a condition on Home and plainly on Settings. `inSafeAreaInset`,
    /// `inOverlay`, `inToolbar`: in a modifier's closure. `inHelperLoop`: a helper class's
    /// `TipUIView` in a `shouldDisplayUpdates` loop. `escapes`: handed to a type the sources do
    /// not declare, which (the truth has it) shows it. `previewOnly`: in a view only a
    /// `#Preview` builds. `viaExtension`: in a function of an `extension View` that Home
    /// calls; `unusedExtension`: in one no code calls.
    case plain, underCondition, throughHelper, throughHelperClass, throughPassthrough, inChildView, twoPlaces, nowhere
    case inSafeAreaInset, inOverlay, inToolbar, inHelperLoop, escapes, previewOnly, viaExtension, unusedExtension
  }

  /// One generated tip.
  struct GeneratedTip {
    var index: Int
    var feed: Feed
    var display: Display
    var threshold: Int

    var name: String { "Tip\(index)" }
    /// What the rule reads: a Bool flag, an Int count, or an event.
    var readsFlag: Bool { feed == .computedBool || feed == .launchUnderCondition }
    var readsCount: Bool { feed == .entryPointCount }
  }

  static func tips(seed: UInt64) -> [GeneratedTip] {
    var rng = SplitMix64(seed: seed)
    func pick<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }
    return (0..<3).map {
      GeneratedTip(index: $0, feed: pick(Feed.allCases), display: pick(Display.allCases), threshold: 1 + Int(rng.next() % 3))
    }
  }

  // MARK: The app, as Swift

  static func swift(_ tips: [GeneratedTip]) -> [(String, String)] {
    var tipTypes = ""
    for tip in tips {
      let rule: String
      if tip.readsFlag {
        rule = "#Rule(Self.$flag\(tip.index)) { $0 == true }"
      } else if tip.readsCount {
        rule = "#Rule(Self.$count\(tip.index)) { $0 >= \(tip.threshold) }"
      } else {
        rule = "#Rule(Self.event\(tip.index)) { $0.donations.count >= \(tip.threshold) }"
      }
      tipTypes += """
        struct \(tip.name): Tip {
          @Parameter static var flag\(tip.index): Bool = false
          @Parameter static var count\(tip.index): Int = 0
          static let event\(tip.index) = Tips.Event(id: "event\(tip.index)")
          var title: Text { Text("Tip \(tip.index)") }
          var rules: [Rule] { \(rule) }
        }

        """
    }
    var launch = ""
    var observers = ""
    var loader = ""
    var buttons = ""
    var appear = ""
    var displays = ""
    var settings = ""
    var modifiers = ""
    var declarations = ""
    for tip in tips {
      let i = tip.index
      switch tip.feed {
      case .entryPointCount: loader += "  func didLoad\(i)(count: Int) { \(tip.name).count\(i) = count }\n"
      case .computedBool: loader += "  func update\(i)(items: [Int]) { \(tip.name).flag\(i) = items.count > 0 }\n"
      case .buttonDonation: buttons += "      Button(\"Go \(i)\") { \(tip.name).event\(i).sendDonation() }\n"
      case .launchUnderCondition: launch += "    if Store.shared.ready\(i) { \(tip.name).flag\(i) = true }\n"
      case .notification:
        observers += """
              NotificationCenter.default.addObserver(forName: .init("n\(i)"), object: nil, queue: .main) { _ in
                \(tip.name).event\(i).sendDonation()
              }

          """
      case .appearUnderCondition: appear += "        if showsList\(i) { \(tip.name).event\(i).sendDonation() }\n"
      case .rowAppear:
        buttons += "      ForEach(rows, id: \\.self) { _ in Text(\"Row\").onAppear { \(tip.name).event\(i).sendDonation() } }\n"
      case .closureToOwnView: buttons += "      PickRow(title: \"Pick \(i)\", onPick: { \(tip.name).event\(i).sendDonation() })\n"
      case .nothing: break
      }
      switch tip.display {
      case .plain: displays += "      TipView(\(tip.name)())\n"
      case .underCondition: displays += "      if showsHint\(i) { TipView(\(tip.name)()) }\n"
      case .throughHelper: displays += "      hint(\(tip.name)())\n"
      case .throughHelperClass: displays += "      Presenter(tip: \(tip.name)()).view()\n"
      case .throughPassthrough: displays += "      TipView(passthrough(\(tip.name)()))\n"
      case .inChildView: displays += "      Child(tip: \(tip.name)())\n"
      case .twoPlaces:
        displays += "      if showsHint\(i) { TipView(\(tip.name)()) }\n"
        settings += "      TipView(\(tip.name)())\n"
      case .nowhere: break
      case .inSafeAreaInset: modifiers += "    .safeAreaInset(edge: .bottom) { TipView(\(tip.name)()) }\n"
      case .inOverlay: modifiers += "    .overlay { if #available(iOS 17, *) { TipView(\(tip.name)()) } }\n"
      case .inToolbar: modifiers += "    .toolbar { Button(\"Tip \(i)\") { }.popoverTip(\(tip.name)()) }\n"
      case .inHelperLoop: appear += "        LoopPresenter().show(\(tip.name)())\n"
      case .escapes: appear += "        ExternalPresenter(tip: \(tip.name)()).attach()\n"
      case .previewOnly:
        declarations += "struct Preview\(i): View { var body: some View { TipView(\(tip.name)()) } }\n#Preview { Preview\(i)() }\n"
      case .viaExtension:
        declarations += "extension View { func hint\(i)() -> some View { VStack { self; TipView(\(tip.name)()) } } }\n"
        displays += "      Text(\"With hint \(i)\").hint\(i)()\n"
      case .unusedExtension:
        declarations += "extension View { func unusedHint\(i)() -> some View { VStack { self; TipView(\(tip.name)()) } } }\n"
      }
    }
    let states = tips.map { "  @State private var showsHint\($0.index) = false\n  @State private var showsList\($0.index) = false\n" }
      .joined()
    let app = """
      import SwiftUI
      import TipKit

      @main
      struct GeneratedApp: App {
        init() {
          try? Tips.configure([.displayFrequency(.immediate)])
      \(launch)    Observers.start()
        }
        var body: some Scene { WindowGroup { HomeView() } }
      }

      enum Observers {
        static func start() {
      \(observers)  }
      }

      final class Loader {
      \(loader)}

      """
    let home = """
      import SwiftUI
      import TipKit

      struct HomeView: View {
        @State private var rows: [Int] = []
      \(states)
        var body: some View {
          List {
      \(displays)\(buttons)    }
      \(modifiers)    .onAppear {
      \(appear)    }
        }

        func hint(_ tip: some Tip) -> some View { TipView(tip) }
        func passthrough<T: Tip>(_ tip: T) -> T { tip }
      }

      struct SettingsView: View {
        var body: some View {
          List {
      \(settings)    }
        }
      }

      struct Child: View {
        let tip: any Tip
        var body: some View { TipView(tip) }
      }

      /// Shows the tip it is built with.
      struct Presenter<T: Tip> {
        let tip: T
        func view() -> some View { TipView(tip) }
      }

      /// Adds a tip's view while TipKit says it should display.
      final class LoopPresenter {
        func show(_ tip: some Tip) {
          Task { @MainActor in
            for await shouldDisplay in tip.shouldDisplayUpdates {
              if shouldDisplay { _ = TipUIView(tip) }
            }
          }
        }
      }

      /// A row that calls its closure when the user picks it.
      struct PickRow: View {
        let title: String
        let onPick: () -> Void
        var body: some View { Text(title).onTapGesture { onPick() } }
      }

      \(declarations)
      """
    return [
      ("Generated/App.swift", app), ("Generated/HomeView.swift", home),
      ("Generated/Tips.swift", "import TipKit\nimport SwiftUI\n\n" + tipTypes),
    ]
  }

  // MARK: The truth, and a brute-force search over it

  /// The app as the truth has it: its definitions, and every step a user and the app can
  /// take, values the code computes included (each from a small set).
  static func truth(_ tips: [GeneratedTip]) -> (definitions: String, steps: [String]) {
    var lines = ["frequency immediate"]
    var anchors: [String] = []
    var settings: [String] = []
    var steps = ["launch", "quit", "open Home", "close Home", "open SettingsView", "close SettingsView"]
    for tip in tips {
      let i = tip.index
      lines += ["param flag\(i) = false", "param count\(i) = 0", "event event\(i)"]
      if ![.nowhere, .previewOnly, .unusedExtension].contains(tip.display) {
        anchors.append([.underCondition, .twoPlaces].contains(tip.display) ? "a\(i)(hidden)" : "a\(i)")
      }
      if tip.display == .twoPlaces { settings.append("s\(i)") }
      switch tip.feed {
      case .entryPointCount: steps += (0...3).map { "set count\(i) \($0)" }
      case .computedBool, .launchUnderCondition: steps += ["set flag\(i) true", "set flag\(i) false"]
      case .buttonDonation, .notification, .appearUnderCondition, .rowAppear, .closureToOwnView: steps.append("donate event\(i)")
      case .nothing: break
      }
      if [.underCondition, .twoPlaces].contains(tip.display) { steps.append("show Home.a\(i)") }
    }
    lines.append("screen Home: " + anchors.joined(separator: " "))
    lines.append("screen SettingsView: " + settings.joined(separator: " "))
    for tip in tips {
      let i = tip.index
      lines += ["tip \(tip.name)", "  title \"Tip \(i)\""]
      if ![.nowhere, .previewOnly, .unusedExtension].contains(tip.display) { lines.append("  anchor Home.a\(i) inline") }
      if tip.display == .twoPlaces { lines.append("  anchor SettingsView.s\(i) inline") }
      if tip.readsFlag {
        lines.append("  rule flag\(i) == true")
      } else if tip.readsCount {
        lines.append("  rule count\(i) >= \(tip.threshold)")
      } else {
        lines.append("  rule event\(i).count >= \(tip.threshold)")
      }
    }
    return (lines.joined(separator: "\n") + "\n", steps)
  }

  /// Whether some sequence of at most `depth` steps displays the tip, from a fresh install.
  static func bruteForce(_ tip: String, definitions: String, steps: [String], depth: Int) -> Bool {
    let start = ScenarioRunner.run(source: definitions, options: RunOptions(keepsLog: false, printsLog: false)).session
    let parsed = steps.compactMap { step in (try? Parser(source: step).parse())?.first }
    var frontier = [start]
    var seen: Set<String> = []
    for _ in 0..<depth {
      var next: [Session] = []
      for session in frontier {
        for statement in parsed {
          var copy = session
          guard (try? copy.execute(statement)) != nil else { continue }
          if copy.world.displayHistory[tip] != nil { return true }
          let key =
            "\(copy.world.engine.datastore)|\(copy.world.isRunning)|\(copy.world.openScreens.map(\.name))|\(copy.world.hiddenAnchors.sorted())"
          if seen.insert(key).inserted { next.append(copy) }
        }
      }
      frontier = next
    }
    return false
  }

  /// The seeds below generate every shape: the property is not vacuous for any of them.
  @Test func theSeedsCoverEveryShape() {
    let generated = (1...24).flatMap { Self.tips(seed: UInt64($0)) }
    for display in Display.allCases { #expect(generated.contains { $0.display == display }, "\(display)") }
    for feed in Feed.allCases { #expect(generated.contains { $0.feed == feed }, "\(feed)") }
  }

  @Test(arguments: 1...24)
  func neverIsProvedAndEveryWitnessIsTrue(seed: UInt64) throws {
    let tips = Self.tips(seed: seed)
    let imported = try SwiftImporter.run(sources: Self.swift(tips).map { (path: $0.0, text: $0.1) }, forAudit: true)
    let input = try #require(imported.audit)
    var auditor = Auditor(input: input, days: 5)
    auditor.populationUsers = 20
    let report = try auditor.audit()
    // The output runs: the scenario, launched, and every test the audit emits.
    let launched = ScenarioRunner.run(source: imported.scenario + "launch\n", file: "generated.scenario")
    #expect(launched.exitCode == 0, "seed \(seed): \(launched.errors)")
    #expect(EmittedTests(report: report, definitions: input.definitions).failures() == [], "seed \(seed)")
    let truth = Self.truth(tips)
    for tip in tips {
      let audit = try #require(report.tips.first { $0.tip == tip.name })
      let shows = Self.bruteForce(tip.name, definitions: truth.definitions, steps: truth.steps, depth: 6)
      let context =
        "seed \(seed), \(tip.name) (\(tip.feed), \(tip.display)): audit \(audit.verdict), \(audit.causes.map(\.message)) \(audit.note ?? "")"
      if audit.verdict == .never { #expect(!shows, "a tip that shows was called never: \(context)") }
      if audit.verdict == .shows { #expect(shows, "a witness the truth does not have: \(context)") }
    }
  }

  /// Over many generated apps the audit agrees with the truth on nearly every tip: it shows
  /// what shows and proves what never does (`unknown` counts against it).
  @Test func theAuditAgreesWithTheTruthOnNinetyFivePercentOfTips() throws {
    var agreed = 0
    var total = 0
    var disagreements: [String] = []
    for seed in UInt64(100)..<UInt64(130) {
      let tips = Self.tips(seed: seed)
      let imported = try SwiftImporter.run(sources: Self.swift(tips).map { (path: $0.0, text: $0.1) }, forAudit: true)
      var auditor = Auditor(input: try #require(imported.audit), days: 5)
      auditor.populationUsers = 20
      let report = try auditor.audit()
      let truth = Self.truth(tips)
      // A tip handed to code the sources do not have is `unknown` by design.
      for tip in tips where tip.display != .escapes {
        let verdict = report.tips.first { $0.tip == tip.name }?.verdict
        let shows = Self.bruteForce(tip.name, definitions: truth.definitions, steps: truth.steps, depth: 6)
        total += 1
        if verdict == (shows ? .shows : .never) {
          agreed += 1
        } else {
          disagreements.append("seed \(seed) \(tip.name) (\(tip.feed), \(tip.display)): \(verdict.map { "\($0)" } ?? "?"), truth \(shows)")
        }
      }
    }
    #expect(Double(agreed) >= 0.95 * Double(total), "\(agreed) of \(total): \(disagreements)")
  }
}
