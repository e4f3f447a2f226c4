import Foundation
import Testing

@testable import Audit
@testable import TipImport

/// Conditions are read from the tree: `&&` and `,` are conjunctions, `||` binds looser than
/// `&&`, `!` negates what follows it only, parentheses group, an optional binding tests its
/// value, and a `UserDefaults` read names its key whatever spells it. Each app here shows one
/// tip under one shape of condition.
@Suite struct ConditionShapesTests {
  /// An app whose one screen, `declarations` and `body` given, shows `HintTip` as `body` says.
  static func app(_ declarations: String, body: String) -> String {
    """
    import SwiftUI
    import TipKit
    struct HintTip: Tip { var title: Text { Text("Hint") } }
    struct HomeView: View {
    \(declarations)
      var body: some View {
    \(body)
      }
    }
    @main struct Hints: App {
      init() { try? Tips.configure() }
      var body: some Scene { WindowGroup { HomeView() } }
    }
    """
  }

  func audited(_ swift: String) throws -> (lines: [String], verdict: TipAudit.Verdict?, report: TipAudit?) {
    let result = try SwiftImporter.run(sources: [(path: "App.swift", text: swift)], forAudit: true)
    let report = try Auditor(input: try #require(result.audit)).audit()
    let hint = report.tips.first { $0.tip == "HintTip" }
    return (result.definitions, hint?.verdict, hint)
  }

  static func conditions(_ lines: [String]) -> [String] { lines.filter { $0.hasPrefix("condition ") } }

  /// `a || b && c` is `a || (b && c)`: one app condition, not `a || b` and `c`. With `a`
  /// true it holds (text split at `&&`, `c` false hid the tip for good).
  @Test func orBindsLooserThanAnd() throws {
    let swift = Self.app(
      """
        @State private var a = true
        @State private var b = false
        @State private var c = false
      """,
      body: """
          if a || b && c { TipView(HintTip()) }
        """)
    let (lines, verdict, _) = try audited(swift)
    #expect(Self.conditions(lines) == ["condition HomeView_a_or_b_and_c = unknown"], "\(lines)")
    #expect(lines.contains("screen HomeView: HintTip(if HomeView_a_or_b_and_c)"), "\(lines)")
    #expect(verdict == .shows)
  }

  /// `!(a) || b` is `(!a) || b`: one app condition that holds, not the negation of `(a) || b`.
  @Test func notAppliesToItsOperandOnly() throws {
    let swift = Self.app(
      """
        @State private var a = true
        @State private var b = true
      """,
      body: """
          if !(a) || b { TipView(HintTip()) }
        """)
    let (lines, verdict, _) = try audited(swift)
    #expect(Self.conditions(lines) == ["condition HomeView_not_a_or_b = unknown"], "\(lines)")
    #expect(lines.contains("screen HomeView: HintTip(if HomeView_not_a_or_b)"), "\(lines)")
    #expect(verdict == .shows)
  }

  /// `if let user = find(name: "a", tags: "x,y")` tests that the call's value is not nil;
  /// `let pending` alone, that `pending` is not nil (not a condition named `let pending`).
  @Test func anOptionalBindingTestsItsValue() throws {
    let swift = Self.app(
      """
        var pending: String?
        func find(name: String, tags: String) -> String? { nil }
      """,
      body: """
          if let user = find(name: "a", tags: "x,y"), let pending { TipView(HintTip()) }
        """)
    let (lines, verdict, _) = try audited(swift)
    #expect(
      Self.conditions(lines) == [
        "condition HomeView_find_name_a_tags_x_y_ne_nil = unknown", "condition HomeView_pending_ne_nil = unknown",
      ], "\(lines)")
    #expect(
      lines.contains("screen HomeView: HintTip(if HomeView_find_name_a_tags_x_y_ne_nil and HomeView_pending_ne_nil)"), "\(lines)")
    #expect(verdict == .shows)
  }

  /// `guard let user = find(…) else { return }` in a button's action: the write after it runs
  /// only when the value is not nil; the shorthand `guard let user` likewise.
  @Test func aGuardsBindingGatesWhatFollows() throws {
    let swift = """
      import SwiftUI
      import TipKit
      struct HintTip: Tip {
        @Parameter static var found: Bool = false
        var title: Text { Text("Hint") }
        var rules: [Rule] { #Rule(Self.$found) { $0 == true } }
      }
      struct HomeView: View {
        var pending: String?
        func find(name: String, tags: String) -> String? { nil }
        var body: some View {
          Text("Home").popoverTip(HintTip())
          Button("Find") {
            guard let user = find(name: "a", tags: "x,y") else { return }
            guard let pending else { return }
            HintTip.found = true
          }
        }
      }
      @main struct Hints: App {
        init() { try? Tips.configure() }
        var body: some Scene { WindowGroup { HomeView() } }
      }
      """
    let (lines, verdict, _) = try audited(swift)
    #expect(
      Self.conditions(lines) == [
        "condition HomeView_find_name_a_tags_x_y_ne_nil = unknown", "condition HomeView_pending_ne_nil = unknown",
      ], "\(lines)")
    #expect(
      lines.contains { $0.hasSuffix(": if HomeView_find_name_a_tags_x_y_ne_nil and HomeView_pending_ne_nil: set found true") }, "\(lines)")
    #expect(verdict == .shows)
  }

  /// `if (shows)` in a helper the screen calls with `when: self.showsHint`: the parentheses
  /// hold the parameter, so the test is the screen's `showsHint`, a property declared false
  /// (which the witness assumes the app sets).
  @Test func parenthesesAndSelfAreSeenThrough() throws {
    let swift = Self.app(
      """
        @State private var showsHint = false
        @ViewBuilder func hint(_ tip: HintTip, when shows: Bool) -> some View {
          if (shows) { TipView(tip) }
        }
      """,
      body: """
          VStack { hint(HintTip(), when: self.showsHint) }
        """)
    let (lines, verdict, report) = try audited(swift)
    #expect(Self.conditions(lines) == ["condition HomeView_showsHint = false"], "\(lines)")
    #expect(lines.contains("screen HomeView: HintTip(if HomeView_showsHint)"), "\(lines)")
    #expect(verdict == .shows)
    #expect(report?.assumptions.map(\.text) == ["assuming `showsHint` is true"], "\(String(describing: report))")
  }

  /// `UserDefaults.standard.bool(forKey: Keys.done)`, the key a constant: the key's
  /// condition, false on a fresh install.
  @Test func aDefaultsReadWithAConstantKeyIsThatKey() throws {
    let swift = Self.app(
      """
        enum Keys { static let done = "onboardingDone" }
      """,
      body: """
          if !UserDefaults.standard.bool(forKey: Keys.done) { TipView(HintTip()) }
        """)
    let (lines, verdict, report) = try audited(swift)
    #expect(Self.conditions(lines) == ["condition onboardingDone = false"], "\(lines)")
    #expect(lines.contains("screen HomeView: HintTip(if not onboardingDone)"), "\(lines)")
    #expect(verdict == .shows)
    #expect(report?.assumptions.isEmpty == true, "\(String(describing: report?.assumptions))")
  }

  /// `case .list, .grid:` matches either pattern: one condition, not `mode is .list` and `.grid`.
  @Test func aSwitchCaseOfSeveralPatternsIsOneCondition() throws {
    let swift = Self.app(
      """
        enum Mode { case list, grid, map }
        var mode: Mode
      """,
      body: """
          switch mode {
          case .list, .grid: TipView(HintTip())
          case .map: Text("Map")
          }
        """)
    let (lines, verdict, _) = try audited(swift)
    #expect(Self.conditions(lines) == ["condition HomeView_mode_is_list_grid = unknown"], "\(lines)")
    #expect(lines.contains("screen HomeView: HintTip(if HomeView_mode_is_list_grid)"), "\(lines)")
    #expect(verdict == .shows)
  }
}
