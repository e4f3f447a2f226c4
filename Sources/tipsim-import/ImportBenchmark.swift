import Audit
import Foundation
import SwiftParser
import TipImport

/// `tipsim-import --bench`: the importer against bare swift-syntax parsing of the same
/// generated app (BENCHMARKS.md). `tipsim bench` runs it and prints its rows with its own.
enum ImportBenchmark {
  static func run(files count: Int) -> Int32 {
    let sources = app(files: count)
    let lines = sources.reduce(0) { $0 + $1.text.split(separator: "\n").count }
    let bytes = sources.reduce(0) { $0 + $1.text.utf8.count }
    // Interleaved, seven of each: the host's speed wanders between runs.
    var parseTimes: [Double] = []
    var importTimes: [Double] = []
    var imported: SwiftImporter.Result?
    for _ in 0..<7 {
      parseTimes.append(seconds { for source in sources { _ = Parser.parse(source: source.text) } })
      importTimes.append(seconds { imported = try? SwiftImporter.run(sources: sources) })
    }
    let parse = parseTimes.sorted()[3]
    let whole = importTimes.sorted()[3]
    guard let imported, imported.tipCount == count else {
      FileHandle.standardError.write(Data("tipsim-import --bench: the generated app did not import\n".utf8))
      return 2
    }
    row("import: \(count) Swift files, \(lines) lines", String(format: "%.1f MB, %d tips", Double(bytes) / 1e6, imported.tipCount), "")
    row("  swift-syntax parse only, one core", String(format: "%.3f s", parse), "")
    row("  tipsim import, every core", String(format: "%.3f s · %.2f× the parse", whole, whole / parse), "≤ 2.5× the parse")
    // The audit, once each, after an import that gathers what it reads: of the whole app,
    // and of an app of a dozen tips.
    for (files, target) in [(count, count >= 1_000 ? "< 20 s" : ""), (12, "< 2 s")] {
      guard let input = (try? SwiftImporter.run(sources: files == count ? sources : app(files: files), forAudit: true))?.audit else {
        return 2
      }
      var report: AuditReport?
      let time = seconds { report = try? Auditor(input: input).audit() }
      guard let report else {
        FileHandle.standardError.write(Data("tipsim-import --bench: the generated app did not audit\n".utf8))
        return 2
      }
      let shows = report.tips.count { $0.verdict == .shows }
      row("audit of \(files) files", String(format: "%.3f s · %d tips, %d show", time, report.tips.count, shows), target)
    }
    return 0
  }

  static func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }

  static func row(_ name: String, _ figure: String, _ target: String) {
    let line =
      name.padding(toLength: 40, withPad: " ", startingAt: 0) + figure.padding(toLength: 40, withPad: " ", startingAt: 0) + target
    print(line)
  }

  /// An app of `count` files, each a tip with parameters, an event with info, rules, options
  /// and actions, and the view that shows it, donates and writes (on a tap, and as it
  /// appears, through a function; its parameter starts true, so that the audit finds a
  /// witness for each); one more file configures.
  static func app(files count: Int) -> [(path: String, text: String)] {
    var sources: [(path: String, text: String)] = [
      (
        "App/GeneratedApp.swift",
        """
        import SwiftUI
        import TipKit

        @main
        struct GeneratedApp: App {
          init() {
            try? Tips.configure([.displayFrequency(.daily), .datastoreLocation(.applicationDefault)])
          }

          var body: some Scene {
            WindowGroup { Text("Generated") }
          }
        }

        """
      )
    ]
    for index in 0..<count {
      sources.append(("Features/Feature\(index).swift", feature(index)))
    }
    return sources
  }

  static func feature(_ i: Int) -> String {
    """
    import SwiftUI
    import TipKit

    /// Feature \(i): a tip and the screen that shows it.
    struct Feature\(i)Tip: Tip {
      struct Visit: Codable, Sendable {
        let itemID: Int
        let source: String
      }

      @Parameter
      static var isEnabled\(i): Bool = true

      @Parameter(.transient)
      static var visits: Int = 0

      static let opened = Tips.Event<Visit>(id: "feature-\(i)-opened")

      var id: String { "feature-\(i)" }

      var title: Text {
        Text("Try feature \(i)")
      }

      var message: Text? {
        Text("Feature \(i) saves you time on every visit.")
      }

      var image: Image? {
        Image(systemName: "sparkles")
      }

      var rules: [Rule] {
        #Rule(Self.$isEnabled\(i)) { $0 }
        #Rule(Self.$visits) { $0 >= 2 && $0 < 10 }
        #Rule(Self.opened) {
          $0.donations.donatedWithin(.days(7)).filter { $0.source == "list" }.count >= 3
        }
      }

      var options: [Option] {
        MaxDisplayCount(3)
      }

      var actions: [Action] {
        Action(id: "learn-more", title: "Learn more")
      }
    }

    struct Feature\(i)View: View {
      private let tip = Feature\(i)Tip()
      @State private var items: [Int] = Array(0..<20)
      @State private var selection: Int?

      var body: some View {
        NavigationStack {
          List(items, id: \\.self) { item in
            HStack {
              Text("Item \\(item)")
              Spacer()
              if selection == item {
                Image(systemName: "checkmark")
              }
            }
            .onTapGesture {
              selection = item
              Task { await Feature\(i)Tip.opened.donate(.init(itemID: item, source: "list")) }
            }
          }
          .toolbar {
            Button("Feature \(i)") {
              Feature\(i)Tip.visits += 1
            }
            .popoverTip(tip)
          }
        }
        .onAppear { recordVisit() }
      }

      private func recordVisit() {
        Task { await Feature\(i)Tip.opened.donate(.init(itemID: 0, source: "appear")) }
      }

      func total(of values: [Int]) -> Int {
        values.filter { $0 > 2 }.map { $0 * 2 }.reduce(0, +)
      }
    }

    """
  }
}
