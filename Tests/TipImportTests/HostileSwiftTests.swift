import Audit
import Foundation
import HostOS
import Runner
import Testing

@testable import TipImport

/// Malformed, half-written, binary, huge or empty input ends with a clear message, never a
/// crash or a hang.
@Suite struct HostileSwiftTests {
  @Test func invalidSwiftIsRefusedWithItsPlaceAndACaret() {
    let source = "import TipKit\nstruct A: Tip {\n  var title: Text { Text(\"A\") \n"
    #expect {
      try imported([("Half.swift", source)])
    } throws: { error in
      let message = (error as? ImportError)?.message ?? ""
      return message.hasPrefix("Half.swift:3:31: error: expected '}'") && message.contains("not valid Swift")
        && message.hasSuffix("\n  var title: Text { Text(\"A\") \n" + String(repeating: " ", count: 30) + "^")
    }
    let garbage = "struct }{ ]] #Rule(((( @@@"
    #expect(throws: ImportError.self) { try imported([("G.swift", garbage)]) }
  }

  /// swift-syntax's parse time doubles with each `[` nested: deeper than 12 is refused before
  /// parsing, at its place; brackets in comments and string text do not count, those in a
  /// string's interpolation do.
  @Test func bracketsNestedTooDeepAreRefusedBeforeParsing() throws {
    let deep = "import TipKit\nlet s = \"[[[[[[[[[[[[[[[[[[[[\" // [[[[[[[[[[[[[[[[[[[[\nlet x = " + String(repeating: "[", count: 40) + "1"
    #expect {
      try imported([("Deep.swift", deep)])
    } throws: { error in
      (error as? ImportError)?.message.hasPrefix("Deep.swift:3:21: error: `[` nested more than 12 deep") == true
    }
    let fine =
      "import TipKit\nstruct T: Tip { var title: Text { Text(\"[[[[[[[[[[[[[[[[[[[[\") } }\n/* [[[[[[[[[[[[[[[ */\nlet x = "
      + String(repeating: "[", count: 12) + "1" + String(repeating: "]", count: 12)
      + "\nlet r = #\"\\([[[[[[[[[[[[[[[[\"#\nlet m = \"\"\"\n[[[[[[[[[[[[[[[[ \\(\"[[[[[[[[[[[[[[[[\") \\\"\"\"\n[[[[[[[[[[[[[[[[\n\"\"\""
    #expect(try imported([("Fine.swift", fine)]).tipCount == 1)
    // In an interpolation, nested strings and parentheses included, `[` is code.
    let interpolated =
      "import TipKit\nstruct T: Tip { var title: Text { Text(\"a \\(f(\"b\", (1)) + " + String(repeating: "[", count: 20) + "1"
      + String(repeating: "]", count: 20) + ")\") } }\n"
    #expect {
      try imported([("Interpolated.swift", interpolated)])
    } throws: { error in
      (error as? ImportError)?.message.hasPrefix("Interpolated.swift:2:71: error: `[` nested more than 12 deep") == true
    }
    let raw = "import TipKit\nlet s = ##\"\\##(" + String(repeating: "[", count: 20) + "1" + String(repeating: "]", count: 20) + ")\"##\n"
    #expect(throws: ImportError.self) { try imported([("Raw.swift", raw)]) }
    // What the fuzzer found: without the limit it ran for minutes.
    let found = try String(contentsOfFile: fixtures + "/Hostile/nested-brackets-timeout.swift", encoding: .utf8)
    #expect(throws: ImportError.self) { try imported([("Found.swift", found)]) }
  }

  /// What the fuzzer found: a literal the lexer cannot read (`4AppDelegate`) was copied into the
  /// scenario as a parameter's default; it is invalid Swift, refused at its place.
  @Test func aLiteralTheLexerCannotReadIsInvalidSwift() throws {
    let source =
      "import TipKit\nstruct T: Tip {\n  @Parameter static var rating: Double = 4AppDelegate\n  var title: Text { Text(\"T\") }\n}\n"
    #expect {
      try imported([("L.swift", source)])
    } throws: { error in
      (error as? ImportError)?.message.hasPrefix(
        "L.swift:3:42: error: '4AppDelegate' is not valid Swift (invalid decimal digit in integer literal)") == true
    }
    let found = try Data(contentsOf: URL(fileURLWithPath: fixtures + "/Hostile/invalid-literal-digits.swift"))
    let text = try #require(String(validatingUTF8Bytes: Array(found)))
    #expect(throws: ImportError.self) { try imported([("Found.swift", text)]) }
  }

  /// Code nested as deep as swift-syntax's debug build parses (20 levels; its release build
  /// reads 256), imported from a thread with the stack a Mac gives every thread but the main
  /// one, as an app team's test may call the importer: it imports, the files being scanned on
  /// threads the importer sizes (BENCHMARKS.md, "Stacks").
  @Test func deeplyNestedCodeImportsFromAMacsThreadStack() throws {
    let source =
      "import TipKit\nstruct T: Tip { var title: Text { Text(\"t\") } }\nlet x = " + String(repeating: "{ ", count: 19) + "1"
      + String(repeating: " }", count: 19) + "\n"
    let tips = HostOS.onThread(stackSize: HostOS.secondaryThreadStack) { try? imported([("Nested.swift", source)]).tipCount }
    #expect(tips == 1)
    // The scan's threads are the importer's own, not GCD's (512 KiB on a Mac).
    #expect(onEveryCore(3) { _ in Thread.current.stackSize } == [8 << 20, 8 << 20, 8 << 20])
  }

  @Test func noTipIsAnError() {
    #expect {
      try imported([("Plain.swift", "struct Model { let name: String }\n")])
    } throws: { error in
      (error as? ImportError)?.message == "no tip in 1 Swift file (no type conforms to Tip)"
    }
  }

  /// Numbers past `Int`'s range, where the importer and the audit turn a `Double` into an
  /// `Int` (a frequency's seconds; a value next to a rule's literal): no trap.
  @Test func numbersPastIntsRangeImportAndAudit() throws {
    let source = """
      import SwiftUI
      import TipKit
      @main struct A: App {
        init() { try? Tips.configure([.displayFrequency(1e300)]) }
        var body: some Scene { WindowGroup { V() } }
      }
      struct T: Tip {
        @Parameter static var p: Int = 0
        var title: Text { Text("t") }
        var rules: [Rule] { #Rule(Self.$p) { $0 > 9223372036854775807 } }
      }
      struct V: View {
        let n: Int = 0
        var body: some View { Button("b") { T.p = n + 1 }.popoverTip(T()) }
      }
      """
    let result = try SwiftImporter.run(sources: [(path: "A.swift", text: source)], forAudit: true)
    #expect(result.scenario.contains("configure option not translated: .displayFrequency(1e300)"))
    var auditor = Auditor(input: try #require(result.audit), days: 3)
    auditor.populationUsers = 5
    let tip = try #require(try auditor.audit().tips.first { $0.tip == "T" })
    #expect(tip.verdict != .shows)
  }

  @Test func binaryHugeMissingAndEmptyInputAreRefused() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipsim-hostile-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data([0xFF, 0xFE, 0x00, 0x41]).write(to: URL(fileURLWithPath: folder + "/Binary.swift"))
    #expect(throws: ImportError.self) { try SwiftImporter.run(paths: [folder + "/Binary.swift"]) }
    let huge = String(repeating: "// padding\n", count: SwiftImporter.maximumFileSize / 11 + 2)
    try huge.write(toFile: folder + "/Huge.swift", atomically: true, encoding: .utf8)
    #expect {
      try SwiftImporter.run(paths: [folder + "/Huge.swift"])
    } throws: { error in
      (error as? ImportError)?.message.contains("larger than 8 MiB") == true
    }
    #expect(throws: ImportError.self) { try SwiftImporter.run(paths: [folder + "/Missing.swift"]) }
    try FileManager.default.createDirectory(atPath: folder + "/Empty/.build", withIntermediateDirectories: true)
    try "struct T: Tip {}".write(toFile: folder + "/Empty/.build/T.swift", atomically: true, encoding: .utf8)
    #expect {
      try SwiftImporter.run(paths: [folder + "/Empty"])
    } throws: { error in
      (error as? ImportError)?.message.hasPrefix("no Swift file under") == true
    }
  }

  /// Every prefix of a fixture (a file being typed) imports or is refused; none crashes.
  @Test func everyPrefixOfAFixtureEndsCleanly() throws {
    let text = try String(contentsOfFile: fixtures + "/BirdsApp/Tips/FavoriteBackyardTip.swift", encoding: .utf8)
    let characters = Array(text)
    var imported = 0
    for end in Array(stride(from: 0, to: characters.count, by: 7)) + [characters.count] {
      if (try? SwiftImporter.run(sources: [("Typed.swift", String(characters[..<end]))])) != nil { imported += 1 }
    }
    #expect(imported > 0)
  }

  /// What the fuzzer found: a parameter whose type the Swift does not say (`plan: Plkeeps.free`)
  /// stands in as a Bool, and a rule comparing it with a case name did not run. A rule the
  /// language refuses is a comment that says why, and the summary lists it.
  @Test func aRuleTheLanguageRefusesIsACommentAndTheImportRuns() throws {
    let source = """
      import TipKit
      struct UpgradeTip: Tip {
        @Parameter static var plan: Plkeeps.free
        var title: Text { Text("Go Pro") }
        var rules: [Rule] { #Rule(Self.$plan) { $0 == .pro } }
      }
      """
    let result = try imported([("Upgrade.swift", source)])
    #expect(
      result.scenario.contains(
        "  # rule not translated (Upgrade.swift:5): the language refuses `plan == \"pro\"` (cannot compare Bool with String using ==)"))
    #expect(result.summary.contains("Upgrade.swift:5: rule: the language refuses `plan == \"pro\"`"))
    #expect(!result.summary.contains("everything read was translated"))
    #expect(ScenarioRunner.run(source: result.scenario + "launch\n").exitCode == 0)
    // The input the fuzzer kept (with a NUL byte, as libFuzzer gives it) imports and runs.
    let found = try Data(contentsOf: URL(fileURLWithPath: fixtures + "/Hostile/rule-on-unreadable-type.swift"))
    let text = try #require(String(validatingUTF8Bytes: Array(found)))
    let kept = try imported([("Found.swift", text)])
    #expect(ScenarioRunner.run(source: kept.scenario + "launch\n").exitCode == 0)
  }
}
